/** The login methods the account allows: two → the user chooses (and may switch back); one → it starts at once. */
import { useState } from 'react';
import type { LoginMethod } from '../../roles';
import { LoginMethodView } from './LoginMethodView';
import { MethodChooser } from './MethodChooser';

export interface LoginMethodsProps {
  methods: readonly LoginMethod[];
  onClose(done: boolean): void;
}

export function LoginMethods({ methods, onClose }: LoginMethodsProps) {
  const [chosen, setChosen] = useState<LoginMethod | null>(null);
  const only = methods.length === 1 ? methods[0] : undefined;
  const method = only ?? chosen;
  if (!method) return <MethodChooser methods={methods} onChoose={setChosen} />;
  return (
    <>
      <LoginMethodView method={method} onClose={onClose} />
      {only ? null : (
        <button type="button" className="login-methods__switch" onClick={() => setChosen(null)}>
          切换登录方式
        </button>
      )}
    </>
  );
}
