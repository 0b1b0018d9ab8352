/**
 * `/ticket/import/index` (导入发票): the three ways a received invoice enters the folder. 扫码: WeChat's scanner inside
 * WeChat (scan.ts), else the phone's camera where the browser has one (CameraScanner.tsx); the code's fields are shown
 * to confirm here. 拍照/相册: `/ticket/import/image`. 手动输入: `/ticket/import/input`.
 */
import { lazy, useState, type ReactNode } from 'react';
import { useNavigate, useRouteMeta } from '@app/host-sdk/router';
import { showToast } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import { Note } from '@app/widgets/note';
import { WhenOpened } from '@app/widgets/when-opened';
import { QrTicketConfirm } from '../../features/ticket-import/QrTicketConfirm';
import { qrTicketOf, type QrTicket } from '../../features/ticket-import/qr-ticket';
import { hasCamera, inWechat, scanInWechat } from '../../features/ticket-import/scan';
import { href } from '../../paths';
import './ticket-import.css';

const CameraScanner = lazy(() => import('./CameraScanner').then((module) => ({ default: module.CameraScanner })));

export const NO_SCANNER_MESSAGE = '当前环境无法扫码，请使用图片导入或手动输入';

function Way({ icon, title, description, onClick }: { icon: ReactNode; title: string; description: string; onClick(): void }) {
  return (
    <button type="button" className="ticket-import__way" onClick={onClick}>
      <span className="ticket-import__icon" aria-hidden="true">
        {icon}
      </span>
      <span className="ticket-import__text">
        <span className="ticket-import__title">{title}</span>
        <span className="ticket-import__description">{description}</span>
      </span>
      <span className="ticket-import__arrow" aria-hidden="true">
        ›
      </span>
    </button>
  );
}

const SCAN_ICON = (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
    <path
      d="M4 8V5a1 1 0 0 1 1-1h3M16 4h3a1 1 0 0 1 1 1v3M20 16v3a1 1 0 0 1-1 1h-3M8 20H5a1 1 0 0 1-1-1v-3M4 12h16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
    />
  </svg>
);
const IMAGE_ICON = (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
    <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <circle cx="9" cy="10" r="1.8" fill="currentColor" />
    <path d="M5 17l5-5 3.5 3.5L16 13l3 3" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
  </svg>
);
const INPUT_ICON = (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
    <path
      d="M4 20h4l10.5-10.5a2.1 2.1 0 0 0-3-3L5 17v3zM13.5 7.5l3 3"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
  </svg>
);

export default function TicketImportPage() {
  const title = useRouteMeta()?.title ?? '导入发票';
  const navigate = useNavigate();
  const [camera, setCamera] = useState(false);
  const [scanned, setScanned] = useState<QrTicket | null>(null);
  const [scanning, setScanning] = useState(false);

  const show = (text: string) => {
    const ticket = qrTicketOf(text, '扫码');
    if (ticket.ok) setScanned(ticket);
    else showToast({ icon: 'fail', content: ticket.reason });
  };
  const scan = async () => {
    if (scanning) return;
    setScanning(true);
    try {
      if (inWechat()) {
        const answer = await scanInWechat();
        if (answer.kind === 'text') return show(answer.text);
        if (answer.kind === 'cancelled') return;
      }
      if (hasCamera()) setCamera(true);
      else showToast(NO_SCANNER_MESSAGE);
    } catch {
      // The API client has said why the signature could not be had.
    } finally {
      setScanning(false);
    }
  };

  return (
    <Page title={title}>
      {scanned?.ok ? (
        <QrTicketConfirm body={scanned.body} problem={scanned.problem} againText="重新扫码" onAgain={() => void scan()} />
      ) : (
        <>
          <section className="ticket-import__ways" aria-label="导入方式">
            <Way icon={SCAN_ICON} title="扫码" description="扫描发票左上角的二维码" onClick={() => void scan()} />
            <Way
              icon={IMAGE_ICON}
              title="拍照/相册"
              description="拍摄或选择发票图片，自动识别二维码"
              onClick={() => navigate(href('ticketImportImage'))}
            />
            <Way
              icon={INPUT_ICON}
              title="手动输入"
              description="填写发票号码、开票日期和金额"
              onClick={() => navigate(href('ticketImportInput'))}
            />
          </section>
          <Note small className="ticket-import__note">
            导入后系统会自动向税务局查验发票真伪，同一张发票只能导入一次。
          </Note>
        </>
      )}
      <WhenOpened visible={camera}>
        <CameraScanner
          visible={camera}
          onClose={() => setCamera(false)}
          onText={(text) => {
            setCamera(false);
            show(text);
          }}
        />
      </WhenOpened>
    </Page>
  );
}
