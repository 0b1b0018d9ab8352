/**
 * Paying at an open shop or sub-code that takes online payment: the amount (typed on the keypad, or the sub-code's
 * fixed amount), then the pay button of this browser's way to pay among the channels offered (pay-channel.ts). `cash/createOrder` says how to pay: the demo provider has
 * paid already, WeChat's JSAPI opens WeChat Pay, Alipay is a redirect. Then `/cash/return` follows the order.
 */
import { useState } from 'react';
import { formatYuan } from '@app/domain/money';
import { fieldErrorsOf } from '@app/host-sdk/api-client';
import { Button } from '@app/ui/button';
import { showToast } from '@app/ui/feedback';
import { BottomBar } from '@app/widgets/bottom-bar';
import type { ShopInfo } from '@app/contract/sub-code';
import { href } from '../../paths';
import { createOrder } from '../../features/cash/cash-api';
import { AMOUNT_MESSAGES, amountProblem, displayOf, fenOf, pressKey, type AmountKey } from './amount-keys';
import { AmountKeypad } from './AmountKeypad';
import { PAY_LABELS, payChannelOf, payWhere } from './pay-channel';
import { wechatPay } from './wechat-pay';

function ShopHeader({ shop }: { shop: ShopInfo }) {
  return (
    <header className="cash-desk__shop">
      <div className="cash-desk__avatar" aria-hidden="true">
        {shop.shopName.slice(0, 1)}
      </div>
      <div className="cash-desk__shop-text">
        <h2 className="cash-desk__shop-name">{shop.shopName}</h2>
        {shop.subCodeName ? <p className="cash-desk__sub-code">{shop.subCodeName}</p> : null}
      </div>
    </header>
  );
}

export function CashDesk({ shop, navigate, userAgent }: { shop: ShopInfo; navigate: (to: string) => void; userAgent: string }) {
  const channel = payChannelOf(shop.channels, userAgent);
  const where = payWhere(shop.channels);
  const fixedFen = shop.amountFen;
  const [text, setText] = useState('');
  /** A problem shown under the amount: said once the customer tried to pay, or at once when it is too large. */
  const [shownProblem, setShownProblem] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);

  const typedProblem = amountProblem(text);
  const problem = typedProblem === AMOUNT_MESSAGES.tooLarge ? typedProblem : shownProblem;

  const press = (key: AmountKey) => {
    setText((current) => pressKey(current, key));
    setShownProblem(null);
  };

  const pay = async () => {
    if (!channel || paying) return;
    const amountFen = fixedFen ?? fenOf(text);
    if (fixedFen === null && (typedProblem || amountFen === null)) {
      setShownProblem(typedProblem);
      return;
    }
    setPaying(true);
    try {
      const { orderNo, start } = await createOrder({ code: shop.code, amountFen: amountFen ?? 0, channel });
      const toResult = () => navigate(href('cashReturn', {}, { orderNo }));
      if (start.kind === 'alipay-wap') {
        window.location.assign(start.redirectUrl);
        return;
      }
      if (start.kind === 'wechat-jsapi') {
        const outcome = await wechatPay(start.jsapi);
        if (outcome === 'cancel') {
          showToast('已取消支付');
          return;
        }
      }
      toResult();
    } catch (error) {
      // The API client has said what went wrong; a refused amount is said under it too.
      const refused = fieldErrorsOf(error).amountFen;
      if (refused) setShownProblem(refused);
    } finally {
      setPaying(false);
    }
  };

  const payLabel = channel ? PAY_LABELS[channel] : `请在${where}中打开`;

  if (fixedFen !== null) {
    return (
      <div className="cash-desk cash-desk--fixed">
        <ShopHeader shop={shop} />
        <section className="cash-desk__amount-card" aria-label="付款金额">
          <span className="cash-desk__label">{shop.goodsName ?? '付款金额'}</span>
          <span className="cash-desk__fixed-amount">{formatYuan(fixedFen)}</span>
          <span className="cash-desk__note">固定金额，无需输入</span>
        </section>
        {channel ? null : <p className="cash-desk__nowhere">请使用{where}扫码付款</p>}
        <BottomBar>
          <Button block color="primary" size="large" disabled={!channel} loading={paying} onClick={() => void pay()}>
            {channel ? `${payLabel} ${formatYuan(fixedFen)}` : payLabel}
          </Button>
        </BottomBar>
      </div>
    );
  }

  return (
    <div className="cash-desk">
      <ShopHeader shop={shop} />
      <section className="cash-desk__amount-card" aria-label="付款金额">
        <span className="cash-desk__label">付款金额</span>
        <div className={`cash-desk__amount${problem ? ' cash-desk__amount--bad' : ''}`} data-testid="amount">
          <span className="cash-desk__currency">¥</span>
          <span className="cash-desk__digits" aria-live="polite">
            {text ? displayOf(text) : ''}
          </span>
          <span className="cash-desk__caret" aria-hidden="true" />
          {text ? null : <span className="cash-desk__placeholder">0.00</span>}
        </div>
        {problem ? (
          <p className="cash-desk__problem" role="alert">
            {problem}
          </p>
        ) : (
          <p className="cash-desk__note">{channel ? '向商家确认金额后付款' : `请使用${where}扫码付款`}</p>
        )}
      </section>
      <AmountKeypad onKey={press} payLabel={payLabel} payDisabled={!channel || text === ''} paying={paying} onPay={() => void pay()} />
    </div>
  );
}
