/**
 * The confirmation of 注销账号: the SMS code sent to the bound phone (获取验证码, then a countdown to the next), or with no
 * phone the phrase typed exactly; then a last dialog, and the account is deleted. A refusal (a wrong or expired code,
 * the last manager) is said under the field.
 */
import { useEffect, useState } from 'react';
import type { DeletionPreview } from '@app/contract/account';
import { DELETION_PHRASE } from '@app/domain/account-deletion';
import { ApiError } from '@app/host-sdk/api-client';
import { Button } from '@app/ui/button';
import { confirmDialog } from '@app/ui/feedback';
import { Input } from '@app/ui/input';
import { Note } from '@app/widgets/note';
import { deleteAccount, sendDeletionCode } from './deletion-api';

function useCountdown(): [number, (seconds: number) => void] {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft];
}

function CodeField({ phone, code, onCode }: { phone: string; code: string; onCode(code: string): void }) {
  const [left, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const send = async () => {
    setSending(true);
    try {
      const sent = await sendDeletionCode();
      setSentTo(sent.sentTo);
      startCountdown(sent.waitSeconds);
    } catch (error) {
      const wait = error instanceof ApiError ? (error.result as { waitSeconds?: unknown } | null)?.waitSeconds : undefined;
      if (typeof wait === 'number') startCountdown(wait);
    } finally {
      setSending(false);
    }
  };
  return (
    <div className="account-deletion__field">
      <Note small>{sentTo ? `验证码已发送至 ${sentTo}` : `将向您绑定的手机 ${phone} 发送验证码`}</Note>
      <div className="account-deletion__code-row">
        <Input
          aria-label="短信验证码"
          placeholder="6 位验证码"
          inputMode="numeric"
          maxLength={6}
          value={code}
          onChange={(value) => onCode(value.replace(/\D/g, ''))}
        />
        <Button size="small" loading={sending} disabled={sending || left > 0} onClick={() => void send()}>
          {left > 0 ? `${left} 秒后重新获取` : sentTo ? '重新获取' : '获取验证码'}
        </Button>
      </div>
    </div>
  );
}

export function ConfirmDeletion({ preview, onDeleted }: { preview: DeletionPreview; onDeleted(): void }) {
  const [code, setCode] = useState('');
  const [phrase, setPhrase] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const bySms = preview.confirmBy === 'sms';
  const ready = bySms ? /^\d{6}$/.test(code) : phrase.trim() === DELETION_PHRASE;
  const confirm = async () => {
    const sure = await confirmDialog({
      title: '确定注销账号？',
      content: '注销后您的个人信息将被删除或匿名化，且无法恢复。',
      confirmText: '注销',
      cancelText: '再想想',
    });
    if (!sure) return;
    setDeleting(true);
    setProblem(null);
    try {
      await deleteAccount(bySms ? { code } : { phrase: phrase.trim() });
      onDeleted();
    } catch (error) {
      if (error instanceof ApiError && error.errorCode !== null) setProblem(error.message);
      setDeleting(false);
    }
  };
  return (
    <section className="account-deletion__confirm" aria-label="确认注销">
      {bySms ? (
        <CodeField phone={preview.phone ?? ''} code={code} onCode={setCode} />
      ) : (
        <div className="account-deletion__field">
          <Note small>请输入“{DELETION_PHRASE}”以确认</Note>
          <Input aria-label="确认文字" placeholder={DELETION_PHRASE} maxLength={20} value={phrase} onChange={setPhrase} />
        </div>
      )}
      {problem ? (
        <Note tone="danger" small role="alert">
          {problem}
        </Note>
      ) : null}
      <Button block color="danger" size="large" loading={deleting} disabled={!ready || deleting} onClick={() => void confirm()}>
        注销账号
      </Button>
    </section>
  );
}
