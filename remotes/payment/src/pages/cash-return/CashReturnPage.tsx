/**
 * `/cash/return?orderNo=`: where the cash desk (and WeChat Pay, and Alipay's redirect) lands after paying. It follows
 * the order while the provider has not confirmed it (use-order.ts), then shows 支付成功 with the amount, the shop and
 * the time, and 申请开票: the customer's invoice request for it, or, once asked, where that request stands.
 */
import { useState } from 'react';
import { chinaDateTime } from '@app/domain/china-time';
import { useSearchParams } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { DotLoading } from '@app/ui/dot-loading';
import { Page } from '@app/ui/page';
import { Result } from '@app/ui/result';
import { Tag } from '@app/ui/tag';
import type { ApplicationStatus } from '@app/contract/invoice-application';
import { Amount, amountText } from '@app/widgets/amount';
import { Card, DetailRow } from '@app/widgets/card';
import { LoadingCard } from '@app/widgets/form-page';
import { Note } from '@app/widgets/note';
import { LoadedView } from '@app/widgets/state-view';
import type { CashOrder } from '../../features/cash/cash-api';
import { ApplyInvoiceForm } from './ApplyInvoiceForm';
import { useOrder } from './use-order';
import './cash-return.css';

const CHANNELS: Record<CashOrder['channel'], string> = { wechat: '微信支付', alipay: '支付宝', demo: '演示支付' };

const APPLICATION_WORDS: Record<
  ApplicationStatus,
  { title: string; text: string; color: 'warning' | 'primary' | 'success' | 'danger' | 'default' }
> = {
  待审核: { title: '已提交开票申请，等待商户开具', text: '商户开具后，发票将发送到您留下的手机号或邮箱。', color: 'warning' },
  待开票: { title: '商户已同意，等待开具', text: '商户正在准备开具，请耐心等待。', color: 'warning' },
  开票中: { title: '发票开具中', text: '税务局正在开具，稍后即可收到。', color: 'primary' },
  已开具: { title: '发票已开具', text: '商户已为这笔付款开具发票。', color: 'success' },
  已交付: { title: '发票已开具并发送', text: '发票已发送到您留下的手机号或邮箱。', color: 'success' },
  开具失败: { title: '发票暂未开出', text: '开具遇到问题，商户处理后会重新开具。', color: 'danger' },
  已拒绝: { title: '商户未同意开票', text: '如有疑问，请联系商户。', color: 'default' },
};

function ApplicationState({ status }: { status: ApplicationStatus }) {
  const words = APPLICATION_WORDS[status];
  return (
    <Card
      flush
      raised
      className="cash-return__application"
      title="开票申请"
      aria-label="开票申请"
      extra={
        <Tag color={words.color} fill="outline">
          {status}
        </Tag>
      }
    >
      <p className="cash-return__application-title">{words.title}</p>
      <Note className="cash-return__application-text">{words.text}</Note>
    </Card>
  );
}

function Paid({ order, onApplied }: { order: CashOrder; onApplied: () => void }) {
  const [applying, setApplying] = useState(false);
  /** Said at once after applying, until getOrder answers with the application. */
  const [applied, setApplied] = useState(false);
  const status = order.applicationStatus ?? (applied ? '待审核' : null);
  return (
    <>
      <Card flush raised className="cash-return__result">
        <Result status="success" title="支付成功" description={<Amount fen={order.amountFen} className="cash-return__amount" />} />
        <div className="cash-return__rows">
          <DetailRow label="收款方">
            {order.shopName}
            {order.subCodeName ? ` · ${order.subCodeName}` : ''}
          </DetailRow>
          {order.goodsName ? <DetailRow label="商品">{order.goodsName}</DetailRow> : null}
          <DetailRow label="支付方式">{CHANNELS[order.channel]}</DetailRow>
          <DetailRow label="支付时间">{chinaDateTime(order.paidAt ?? order.createdAt)}</DetailRow>
          <DetailRow label="订单号">{order.orderNo}</DetailRow>
        </div>
      </Card>
      {status ? (
        <ApplicationState status={status} />
      ) : applying ? (
        <section className="cash-return__apply" aria-label="申请开票">
          <h3 className="cash-return__apply-title">申请开票</h3>
          <ApplyInvoiceForm
            orderNo={order.orderNo}
            onApplied={() => {
              setApplied(true);
              onApplied();
            }}
          />
        </section>
      ) : (
        <Card flush raised className="cash-return__invite" aria-label="开具发票">
          <div>
            <h3 className="cash-return__card-title">需要发票？</h3>
            <Note className="cash-return__invite-text">向商户申请这笔付款的电子发票</Note>
          </div>
          <Button color="primary" shape="rounded" onClick={() => setApplying(true)}>
            申请开票
          </Button>
        </Card>
      )}
    </>
  );
}

/** Where the order stands: paid (and its invoice), closed, still being confirmed, or not confirmed yet (刷新). */
function OrderState({
  order,
  waiting,
  onRefresh,
  onApplied,
}: {
  order: CashOrder;
  waiting: boolean;
  onRefresh(): void;
  onApplied(): void;
}) {
  if (order.state === '已支付') return <Paid order={order} onApplied={onApplied} />;
  if (order.state === '已关闭') {
    return <Result status="warning" title="订单已关闭" description="这笔订单未完成支付，如需付款请回到收银台重新发起。" />;
  }
  if (waiting) {
    return (
      <Card flush raised as="div" className="cash-return__waiting">
        <Result
          status="waiting"
          title="正在确认支付结果"
          description={
            <span>
              {amountText(order.amountFen)} · {order.shopName}
            </span>
          }
        />
        <div className="cash-return__waiting-text">
          请稍候
          <DotLoading />
        </div>
      </Card>
    );
  }
  return (
    <Card flush raised as="div" className="cash-return__waiting">
      <Result status="info" title="暂未收到支付结果" description="如已完成支付，请稍后刷新查看；未支付的订单不会扣款。" />
      <Button block color="primary" onClick={onRefresh}>
        刷新
      </Button>
    </Card>
  );
}

export default function CashReturnPage() {
  const [params] = useSearchParams();
  const { loaded, waiting, refresh, retry, reload } = useOrder(params.get('orderNo') ?? '');
  return (
    <Page title="支付结果">
      <div className="cash-return">
        <LoadedView
          loaded={loaded}
          placeholder={<LoadingCard lines={4} />}
          missing={{ title: '订单不存在', description: '请回到收银台重新付款，或联系商户' }}
          failedTitle="支付结果查询失败"
          onRetry={retry}
        >
          {(order) => <OrderState order={order} waiting={waiting} onRefresh={refresh} onApplied={reload} />}
        </LoadedView>
      </div>
    </Page>
  );
}
