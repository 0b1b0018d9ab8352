/**
 * 企业绑定码 (managers of the current company): the code a new employee enters on 绑定企业, or scans as the short
 * link `/t/{code}` its QR image encodes. 生成绑定码 makes one, 重新生成 replaces it (the old one stops working), 作废
 * revokes it after a confirmation.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { chinaDateTime } from '@app/domain/china-time';
import { ApiError } from '@app/host-sdk/api-client';
import { Button } from '@app/ui/button';
import { confirmDialog, showToast } from '@app/ui/feedback';
import { Skeleton } from '@app/ui/skeleton';
import { bindLink, createBindCode, getBindCode, revokeBindCode, type BindCode } from './companies-api';
import { confirmRemoval } from '@app/widgets/confirm-removal';
import { QrImage } from '@app/widgets/qr-image';
import { Note } from '@app/widgets/note';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; code: BindCode | null };

function messageOf(error: unknown): string {
  return error instanceof ApiError && error.errorCode !== null ? error.message : '请检查网络后重试';
}

export function BindCodeCard({ companyName }: { companyName: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState<'create' | 'revoke' | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is not read: 重试 counts one more, which is the reason to load again.
  useEffect(() => {
    let current = true;
    getBindCode().then(
      (code) => current && setLoaded({ state: 'ready', code }),
      (error: unknown) => current && setLoaded({ state: 'failed', message: messageOf(error) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const code = loaded.state === 'ready' ? loaded.code : null;

  function retry() {
    setLoaded({ state: 'loading' });
    setAttempt((value) => value + 1);
  }
  const link = code ? bindLink(code) : null;

  async function create() {
    if (
      code &&
      !(await confirmDialog({
        title: '重新生成绑定码',
        content: '重新生成后，原绑定码和二维码将立即失效。确定重新生成吗？',
        confirmText: '重新生成',
        cancelText: '取消',
      }))
    )
      return;
    setBusy('create');
    try {
      const created = await createBindCode();
      setLoaded({ state: 'ready', code: created });
      showToast({ icon: 'success', content: code ? '已重新生成绑定码' : '已生成绑定码' });
    } catch {
      // The API client has shown the error.
    } finally {
      setBusy(null);
    }
  }

  async function revoke() {
    await confirmRemoval({
      title: '作废绑定码',
      content: '作废后，任何人都无法再用此绑定码或二维码加入企业。确定作废吗？',
      action: '作废',
      remove: async () => {
        setBusy('revoke');
        try {
          await revokeBindCode();
          setLoaded({ state: 'ready', code: null });
          return '绑定码已作废';
        } finally {
          setBusy(null);
        }
      },
    });
  }

  let body: ReactNode;
  if (loaded.state === 'loading') {
    body = (
      <div role="status" aria-busy="true" aria-label="绑定码加载中">
        <Skeleton.Paragraph animated lineCount={3} />
      </div>
    );
  } else if (loaded.state === 'failed') {
    body = (
      <div className="my-companies__code-failed">
        <p>绑定码加载失败：{loaded.message}</p>
        <Button size="small" color="primary" fill="outline" onClick={retry}>
          重试
        </Button>
      </div>
    );
  } else if (!code) {
    body = (
      <div className="my-companies__code-empty">
        <p>暂无有效的绑定码。生成后，员工输入绑定码或扫描二维码即可加入“{companyName}”。</p>
        <Button block color="primary" loading={busy === 'create'} disabled={busy !== null} onClick={() => void create()}>
          生成绑定码
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <output className="my-companies__code" aria-label="绑定码">
          {code.code}
        </output>
        <p className="my-companies__code-expiry">有效期至 {chinaDateTime(code.expiresAt)}</p>
        <QrImage className="my-companies__qr" text={link} alt="企业绑定二维码" size={200} />
        <Note tone="hint" className="my-companies__qr-hint">
          员工用微信扫码即可绑定，长按二维码可保存
        </Note>
        <Note small className="my-companies__link">
          {link}
        </Note>
        <div className="my-companies__code-actions">
          <Button block color="primary" fill="outline" loading={busy === 'create'} disabled={busy !== null} onClick={() => void create()}>
            重新生成
          </Button>
          <Button block color="danger" fill="outline" loading={busy === 'revoke'} disabled={busy !== null} onClick={() => void revoke()}>
            作废
          </Button>
        </div>
      </>
    );
  }

  return (
    <section className="my-companies__card my-companies__bind-code" aria-label="企业绑定码">
      <h2 className="my-companies__card-title">企业绑定码</h2>
      {body}
    </section>
  );
}
