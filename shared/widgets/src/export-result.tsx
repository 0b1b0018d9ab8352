/**
 * What the export sheet shows once an export is asked for: 生成中 with its progress, 生成失败 with the reason and 重试,
 * or the made file. A browser downloads it (a plain link, `download`); WeChat's and Alipay's in-app browsers cannot
 * save a file (docs/product.md), so there the file is e-mailed (`export/send`) or its short-lived link copied to open
 * in the system browser, and no download is offered.
 */
import { useEffect, useState } from 'react';
import type { ExportJob } from '@app/contract/export';
import { deliverEmailProblem } from '@app/domain/invoice-delivery';
import { Button } from '@app/ui/button';
import { showToast } from '@app/ui/feedback';
import { Input } from '@app/ui/input';
import { copyText } from './copy-text';
import styles from './export-sheet.module.css';
import { Note } from './note';

function sizeText(bytes: number | null): string | null {
  if (bytes === null) return null;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Whether the signed link has expired: checked again when its time comes. */
function useExpired(expiresAt: string | null): boolean {
  const at = expiresAt ? Date.parse(expiresAt) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(at) || at <= Date.now()) return;
    const timer = setTimeout(() => setNow(Date.now()), at - Date.now());
    return () => clearTimeout(timer);
  }, [at]);
  return Number.isNaN(at) || at <= Math.max(now, Date.now());
}

export function ExportProgress({ job }: { job: ExportJob }) {
  return (
    <div className={styles.state} role="status" aria-live="polite">
      <div className={styles.stateTitle}>正在生成 {job.fileName}</div>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label="生成进度"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={job.progress}
      >
        <div className={styles.progressFill} style={{ width: `${job.progress}%` }} />
      </div>
      <Note small>
        已处理 {job.rows} 条 · {job.progress}%
      </Note>
    </div>
  );
}

export function ExportFailed({ job, retrying, onRetry, onBack }: { job: ExportJob; retrying: boolean; onRetry(): void; onBack(): void }) {
  return (
    <div className={styles.state}>
      <div className={styles.stateTitle} role="alert">
        生成失败
      </div>
      <Note tone="danger">{job.failReason ?? '请稍后重试'}</Note>
      <div className={styles.actions}>
        <Button onClick={onBack}>修改条件</Button>
        <Button color="primary" loading={retrying} disabled={retrying} onClick={onRetry}>
          重试
        </Button>
      </div>
    </div>
  );
}

/** The latest e-mail's state: 发送中, 已发送至 the address, or 发送失败 with the reason and 重试 (to the same address). */
function MailState({ job, sending, onRetry }: { job: ExportJob; sending: boolean; onRetry(): void }) {
  if (job.mailState === '发送中')
    return (
      <Note small role="status">
        发送中：{job.emailedTo}
      </Note>
    );
  if (job.mailState === '发送失败')
    return (
      <div className={styles.linkRow}>
        <Note tone="danger" small role="alert">
          发送失败：{job.failReason ?? '请稍后重试'}
        </Note>
        <Button size="small" loading={sending} disabled={sending} onClick={onRetry}>
          重试
        </Button>
      </div>
    );
  return job.mailState === '已发送' ? <Note small>已发送至 {job.emailedTo}</Note> : null;
}

function EmailForm({ job, onSend }: { job: ExportJob; onSend(email: string): Promise<boolean> }) {
  const [email, setEmail] = useState(job.emailedTo ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // Queued: the state below follows it (发送中, then 已发送 or 发送失败).
  const send = async (value: string) => {
    const wrong = value ? deliverEmailProblem(value) : '请填写接收邮箱';
    setProblem(wrong);
    if (wrong) return;
    setSending(true);
    await onSend(value);
    setSending(false);
  };
  return (
    <section className={styles.deliver} aria-label="发送到邮箱">
      <div className={styles.fieldTitle}>发送到邮箱</div>
      <div className={styles.emailRow}>
        <Input
          className={styles.email}
          type="email"
          aria-label="接收邮箱"
          placeholder="接收文件的邮箱"
          maxLength={254}
          value={email}
          onChange={(value) => {
            setEmail(value);
            setProblem(null);
          }}
          clearable
        />
        <Button color="primary" size="small" loading={sending} disabled={sending} onClick={() => void send(email.trim())}>
          发送
        </Button>
      </div>
      {problem ? (
        <Note tone="danger" small role="alert">
          {problem}
        </Note>
      ) : (
        <MailState job={job} sending={sending} onRetry={() => void send(job.emailedTo ?? '')} />
      )}
    </section>
  );
}

function LinkCopy({ url }: { url: string }) {
  const absolute = new URL(url, window.location.href).href;
  const copy = () =>
    void copyText(absolute).then((copied) => showToast(copied ? { icon: 'success', content: '链接已复制' } : '复制失败，请长按链接复制'));
  return (
    <section className={styles.deliver} aria-label="复制链接">
      <div className={styles.fieldTitle}>在浏览器中打开</div>
      <textarea
        className={styles.link}
        aria-label="下载链接"
        readOnly
        rows={4}
        value={absolute}
        onFocus={(event) => event.target.select()}
      />
      <div className={styles.linkRow}>
        <Note tone="hint" small>
          请在浏览器中打开，10 分钟内有效
        </Note>
        <Button size="small" onClick={copy}>
          复制链接
        </Button>
      </div>
    </section>
  );
}

export interface ExportReadyProps {
  job: ExportJob;
  /** In WeChat's or Alipay's in-app browser: e-mail and the link, never a download. */
  inApp: boolean;
  onRefreshLink(): Promise<void>;
  onSend(email: string): Promise<boolean>;
}

export function ExportReady({ job, inApp, onRefreshLink, onSend }: ExportReadyProps) {
  const expired = useExpired(job.expiresAt);
  const [refreshing, setRefreshing] = useState(false);
  const size = sizeText(job.bytes);
  const refresh = async () => {
    setRefreshing(true);
    await onRefreshLink();
    setRefreshing(false);
  };
  const linkPart =
    !job.url || expired ? (
      <div className={styles.deliver}>
        <Note small>下载链接已过期</Note>
        <Button block loading={refreshing} disabled={refreshing} onClick={() => void refresh()}>
          重新获取链接
        </Button>
      </div>
    ) : inApp ? (
      <LinkCopy url={job.url} />
    ) : (
      <a className={styles.download} href={job.url} download={job.fileName}>
        下载文件
      </a>
    );
  return (
    <div className={styles.state}>
      <div className={styles.stateTitle} role="status">
        文件已生成
      </div>
      <div className={styles.file} data-digits>
        {job.fileName}
      </div>
      <Note small>{[`共 ${job.rows} ${job.format === 'zip' ? '张发票' : '条'}`, size].filter(Boolean).join(' · ')}</Note>
      {linkPart}
      {inApp ? <EmailForm job={job} onSend={onSend} /> : null}
    </div>
  );
}
