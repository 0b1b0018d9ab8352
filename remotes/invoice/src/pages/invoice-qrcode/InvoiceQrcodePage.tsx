/**
 * `/invoice/qrcode`: the company's invoicing QR code. Customers scan it to open the company's shop page and request an
 * invoice; the request then waits in 开票申请. The image can be long-pressed and saved to print or share.
 */
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { Skeleton } from '@app/ui/skeleton';
import { QrImage } from '@app/widgets/qr-image';
import { LoadedView } from '@app/widgets/state-view';
import { useLoaded } from '@app/widgets/use-loaded-by-code';
import { href } from '../../paths';
import { getInvoiceQrcode, type InvoiceQrcode } from './qrcode-api';
import './invoice-qrcode-page.css';

const TITLE = '开票二维码';

/** The QR code with the company's name, the hint and the way to the requests; while it loads, its skeleton. */
function QrcodeCard({ qrcode }: { qrcode: InvoiceQrcode | null }) {
  const navigate = useNavigate();
  return (
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
  );
}

export default function InvoiceQrcodePage() {
  const { loaded, retry } = useLoaded(getInvoiceQrcode);
  return (
    <Page title={TITLE}>
      <LoadedView
        loaded={loaded}
        placeholder={<QrcodeCard qrcode={null} />}
        missing={{ title: '二维码不存在' }}
        failedTitle="二维码加载失败"
        onRetry={retry}
      >
        {(qrcode) => <QrcodeCard qrcode={qrcode} />}
      </LoadedView>
    </Page>
  );
}
