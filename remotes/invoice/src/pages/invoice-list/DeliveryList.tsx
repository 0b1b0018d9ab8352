/**
 * 发送记录 under an issued invoice: each sending of it (as issued, or 重新发送), newest first — 邮箱 or 短信, the
 * address, 待发送 / 已发送 / 发送失败, why it failed (or why the last attempt did while it is retried) and when it was
 * sent, failed or asked for, in China time.
 */
import type { InvoiceDelivery } from '@app/contract/invoice';
import { Skeleton } from '@app/ui/skeleton';
import { Tag, type TagProps } from '@app/ui/tag';
import { Card } from '@app/widgets/card';
import { ChinaTime } from '@app/widgets/china-time';
import { Digits } from '@app/widgets/digits';
import { LoadedView } from '@app/widgets/state-view';
import type { Deliveries } from './use-deliveries';

const STATE_COLORS: Record<InvoiceDelivery['state'], NonNullable<TagProps['color']>> = {
  pending: 'primary',
  sent: 'success',
  failed: 'danger',
};

/** The time a delivery shows: when it was sent, when it failed, or (待发送) when it was asked for. */
function timeOf(delivery: InvoiceDelivery): { label: string; at: string } {
  if (delivery.state === 'sent' && delivery.sentAt) return { label: '发送于', at: delivery.sentAt };
  if (delivery.state === 'failed' && delivery.failedAt) return { label: '失败于', at: delivery.failedAt };
  return { label: delivery.resent ? '重新发送于' : '提交于', at: delivery.createdAt };
}

function Reason({ delivery }: { delivery: InvoiceDelivery }) {
  if (!delivery.failReason || delivery.state === 'sent') return null;
  if (delivery.state === 'failed') return <p className="delivery-item__reason">{delivery.failReason}</p>;
  return (
    <p className="delivery-item__reason delivery-item__reason--retrying">
      第 {delivery.attempts} 次发送未成功，正在重试：{delivery.failReason}
    </p>
  );
}

export function DeliveryItem({ delivery }: { delivery: InvoiceDelivery }) {
  const time = timeOf(delivery);
  return (
    <li className="delivery-item" aria-label={`${delivery.channelName} ${delivery.address} ${delivery.stateName}`}>
      <div className="delivery-item__head">
        <span className="delivery-item__channel">{delivery.channelName}</span>
        <span className="delivery-item__address">
          {delivery.channel === 'sms' ? <Digits>{delivery.address}</Digits> : delivery.address}
        </span>
        <Tag className="delivery-item__state" color={STATE_COLORS[delivery.state]} fill="outline">
          {delivery.stateName}
        </Tag>
      </div>
      <Reason delivery={delivery} />
      <p className="delivery-item__time">
        {time.label} <ChinaTime at={time.at} />
      </p>
    </li>
  );
}

export function DeliveryList({ deliveries }: { deliveries: Deliveries }) {
  return (
    <Card title="发送记录" className="delivery-list" aria-label="发送记录">
      <LoadedView
        loaded={deliveries.loaded}
        placeholder={
          <div role="status" aria-busy="true" aria-label="发送记录加载中">
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        }
        missing={{ title: '发票不存在', description: '该发票不存在，或已被删除' }}
        failedTitle="发送记录加载失败"
        onRetry={deliveries.retry}
      >
        {(list) =>
          list.length ? (
            <ul className="delivery-list__items">
              {list.map((delivery) => (
                <DeliveryItem key={delivery.id} delivery={delivery} />
              ))}
            </ul>
          ) : (
            <p className="delivery-list__empty">开票时未填写接收手机号或邮箱，可点击「重新发送」将发票发送给购买方</p>
          )
        }
      </LoadedView>
    </Card>
  );
}
