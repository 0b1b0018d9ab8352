/**
 * `/invoice/qrcode`: the company's invoicing QR code. Customers scan it to open the company's shop page and request an
 * invoice; the request then waits in 开票申请. The image can be long-pressed and saved to print or share.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiError } from '@app/host-sdk/api-client';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { Skeleton } from '@app/ui/skeleton';
import { LoadFailed } from '@app/widgets/form-page';
import { QrImage } from '@app/widgets/qr-image';
import { href } from '../../paths';
import { getInvoiceQrcode, type InvoiceQrcode } from './qrcode-api';
import './invoice-qrcode-page.css';

const TITLE = '开票二维码';

type Loaded = { qrcode: InvoiceQrcode; error: null } | { qrcode: null; error: ApiError };

export default function InvoiceQrcodePage() {
  const navigate = useNavigate();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoaded(null);
    getInvoiceQrcode().then(
      (qrcode) => current && setLoaded({ qrcode, error: null }),
      (error: ApiError) => current && setLoaded({ qrcode: null, error }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const qrcode = loaded?.qrcode ?? null;

  if (loaded?.error) {
    return (
      <Page title={TITLE}>
        <LoadFailed title="二维码加载失败" message={loaded.error.message} onRetry={retry} />
      </Page>
    );
  }

  return (
    <Page title={TITLE}>
      <section className="invoice-qrcode">
        <div className="invoice-qrcode__card">
          {qrcode ? (
            <>
              <h2 className="invoice-qrcode__company">{qrcode.companyName}</h2>
              <p className="invoice-qrcode__subtitle">扫码申请开票</p>
            </>
          ) : (
            <Skeleton.Title animated className="invoice-qrcode__title-skeleton" />
          )}
          <QrImage className="invoice-qrcode__image" text={qrcode?.url ?? null} alt={`${qrcode?.companyName ?? ''}开票二维码`} size={240} />
          <p className="invoice-qrcode__hint">长按二维码保存到手机</p>
        </div>
        <p className="invoice-qrcode__explain">
          顾客用微信或支付宝扫描此二维码，填写发票抬头和金额即可向本企业申请开票，申请会出现在“开票申请”中等您审核。
        </p>
        <div className="invoice-qrcode__actions">
          <Button block color="primary" fill="outline" onClick={() => navigate(href('invoiceApplyingList'))}>
            查看开票申请
          </Button>
        </div>
      </section>
    </Page>
  );
}
