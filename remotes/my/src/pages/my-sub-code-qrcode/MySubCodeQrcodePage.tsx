/**
 * `/my/subCode/qrcode?id=<id>`: the sub-code's poster. Its QR code holds the sub-code's full short link
 * (`origin + /t/{code}`), which opens the shop page `/shop/{code}` on the customer's phone. The image can be
 * long-pressed and saved (or downloaded) to print for the cashier, branch or table.
 */
import { useMemo } from 'react';
import { useNavigate, useSearchParams } from '@app/host-sdk/router';
import { useSession } from '@app/host-sdk/session-hooks';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { Tag } from '@app/ui/tag';
import { LoadProblemView } from '@app/widgets/state-view';
import { useLoadedByCode } from '@app/widgets/use-loaded-by-code';
import { QrPoster } from '../../features/qr-poster/QrPoster';
import { shopPosterLayout } from '../../features/qr-poster/drawing-items';
import { chargeLine } from '../../features/sub-codes/sub-code-charge';
import { getShopCode, getSubCode, linkOf, SUB_CODE_MISSING } from '../../features/sub-codes/sub-codes-api';
import { href } from '../../paths';
import './my-sub-code-qrcode.css';

export default function MySubCodeQrcodePage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const companyName = useSession().company?.name ?? '';
  // The shop name the customer's page shows (the company's name should the shop code not answer).
  const loadPoster = (subCodeId: string) =>
    Promise.all([
      getSubCode(subCodeId),
      getShopCode().then(
        (shop) => shop.shopName,
        () => companyName,
      ),
    ]).then(([subCode, shopName]) => ({ subCode, shopName }));
  const { loaded, retry } = useLoadedByCode(id, loadPoster, undefined);

  const ready = loaded.state === 'ready' && loaded.code === id ? loaded.value : null;
  const subCode = ready?.subCode ?? null;
  const shopName = ready?.shopName ?? '';
  const name = subCode?.name ?? null;
  const link = subCode ? linkOf(subCode.shortPath) : null;
  // Keyed on what is drawn: loading again (the page shown again) does not draw the same poster twice.
  const spec = useMemo(
    () => (name !== null && link ? shopPosterLayout({ shopName: shopName || name, subCodeName: shopName ? name : null, link }) : null),
    [name, link, shopName],
  );

  if (loaded.state !== 'loading' && loaded.state !== 'ready') {
    return (
      <Page title="子码二维码">
        <LoadProblemView problem={loaded} missing={SUB_CODE_MISSING} failedTitle="子码加载失败" onRetry={retry}>
          {loaded.state === 'failed' ? null : (
            <Button block color="primary" onClick={() => navigate(href('mySubCodes'), { replace: true })}>
              返回子码列表
            </Button>
          )}
        </LoadProblemView>
      </Page>
    );
  }

  return (
    <Page title="子码二维码">
      <div className="sub-code-qrcode">
        {subCode && !subCode.enabled ? (
          <div className="sub-code-qrcode__notice" role="note">
            该子码已停用，顾客扫码将看到“暂停收款”。
            <button
              type="button"
              className="sub-code-qrcode__enable"
              onClick={() => navigate(href('mySubCodeEdit', {}, { id: subCode.id }))}
            >
              去启用
            </button>
          </div>
        ) : null}
        <QrPoster
          spec={spec}
          alt={subCode ? `${subCode.name}收款码` : '子码收款码'}
          fileName={subCode ? `子码-${subCode.name}.png` : '子码.png'}
        />
        {subCode ? (
          <dl className="sub-code-qrcode__facts">
            <div>
              <dt>子码名称</dt>
              <dd>
                {subCode.name}
                <Tag className="sub-code-qrcode__tag" color={subCode.enabled ? 'success' : 'default'} fill="outline">
                  {subCode.enabled ? '已启用' : '已停用'}
                </Tag>
              </dd>
            </div>
            <div>
              <dt>{chargeLine(subCode).label}</dt>
              <dd>{chargeLine(subCode).value}</dd>
            </div>
            <div>
              <dt>收款链接</dt>
              <dd className="sub-code-qrcode__link">{linkOf(subCode.shortPath)}</dd>
            </div>
          </dl>
        ) : null}
      </div>
    </Page>
  );
}
