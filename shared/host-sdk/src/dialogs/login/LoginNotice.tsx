/** A sentence in place of the login methods: why the user cannot log in here. */
export function LoginNotice({ message, detail }: { message: string; detail?: string }) {
  return (
    <div className="login-notice" role="alert">
      <p className="login-notice__message">{message}</p>
      {detail ? <p className="login-notice__detail">{detail}</p> : null}
    </div>
  );
}
