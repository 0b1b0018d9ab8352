/**
 * `/taxi/trip/share?id=…` (分享行程): the QR code the passenger scans in the taxi — the trip's short link
 * `origin/t/{code}`, which opens the ride page — with the link and 复制链接, the trip, and its state: asked again every
 * few seconds while 待领取, so the driver sees 已领取 the moment the passenger has it. A trip not shared yet is shared
 * here (the same code every time: sharing is no-repeat). 再记一单 goes back to the form.
 */
import { appHref } from '@app/host-sdk/paths';
import { showToast } from '@app/ui/feedback';
import { useNavigate, useRouteMeta, useSearchParams } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Page } from '@app/ui/page';
import { Card, DetailRow } from '@app/widgets/card';
import { LoadingCard } from '@app/widgets/form-page';
import { LoadedView } from '@app/widgets/state-view';
import { Note } from '@app/widgets/note';
import { QrImage } from '@app/widgets/qr-image';
import { copyText } from '@app/widgets/copy-text';
import { TripFacts } from '../../features/trips/TripFacts';
import { TripStateTag } from '../../features/trips/trip-state';
import { getTripById, shareLinkOf, shareTrip, type TaxiTrip } from '../../features/trips/trips-api';
import { useTrip } from '../../features/trips/use-trip';
import './taxi-trip-share.css';

/** The trip, shared if it was not yet. */
async function sharedTrip(id: string): Promise<TaxiTrip> {
  const trip = await getTripById(id);
  return trip.shareCode ? trip : (await shareTrip(id)).trip;
}

const STATE_NOTES: Partial<Record<TaxiTrip['state'], string>> = {
  待领取: '请乘客用微信或支付宝扫码领取行程，领取后可申请开票',
  已领取: '乘客已领取，可在“我的行程”申请开票',
  待开票: '乘客已申请开票，请在“出租车发票”开具',
  开票中: '发票开具中',
  已开票: '发票已开具',
};

/** The trip's QR code, its link and its state, its facts, and what the driver does next. */
function SharedTripView({ trip }: { trip: TaxiTrip }) {
  const navigate = useNavigate();
  const link = trip.shareCode ? shareLinkOf(trip.shareCode) : null;
  return (
    <>
      <Card raised className="taxi-share__qr-card" aria-label="分享二维码">
        <QrImage text={link} alt="行程二维码" size={220} className="taxi-share__qr" />
        <div className="taxi-share__state">
          <TripStateTag state={trip.state} />
        </div>
        {STATE_NOTES[trip.state] ? (
          <Note as="p" tone={trip.state === '待领取' ? 'hint' : 'weak'} className="taxi-share__note">
            {STATE_NOTES[trip.state]}
          </Note>
        ) : null}
        {link ? <ShareLink link={link} /> : null}
      </Card>
      <Card title="行程信息" aria-label="行程信息">
        <TripFacts trip={trip} />
        {trip.passengerName ? <DetailRow label="乘客">{trip.passengerName}</DetailRow> : null}
      </Card>
      <div className="taxi-share__actions">
        <Button block color="primary" size="large" onClick={() => navigate(appHref('taxiTrip'))}>
          再记一单
        </Button>
        <Button block fill="none" onClick={() => navigate(appHref('taxiShareList'))}>
          分享记录
        </Button>
      </div>
    </>
  );
}

function ShareLink({ link }: { link: string }) {
  const copy = () =>
    void copyText(link).then((copied) => showToast(copied ? { icon: 'success', content: '链接已复制' } : '复制失败，请长按链接复制'));
  return (
    <div className="taxi-share__link">
      <output className="taxi-share__url" aria-label="分享链接">
        {link}
      </output>
      <Button size="small" color="primary" fill="outline" onClick={copy}>
        复制链接
      </Button>
    </div>
  );
}

export default function TaxiTripSharePage() {
  const title = useRouteMeta()?.title ?? '分享行程';
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { loaded, retry } = useTrip(params.get('id'), sharedTrip, (trip) => trip.state === '待领取');
  return (
    <Page title={title}>
      <LoadedView
        loaded={loaded}
        placeholder={<LoadingCard label="行程加载中" />}
        missing={{ title: '没有找到这个行程', description: '请从分享记录重新进入' }}
        failedTitle="行程加载失败"
        onRetry={retry}
        waysOut={(problem) =>
          problem.state === 'failed' ? null : (
            <Button block color="primary" onClick={() => navigate(appHref('taxiShareList'), { replace: true })}>
              查看分享记录
            </Button>
          )
        }
      >
        {(trip) => <SharedTripView trip={trip} />}
      </LoadedView>
    </Page>
  );
}
