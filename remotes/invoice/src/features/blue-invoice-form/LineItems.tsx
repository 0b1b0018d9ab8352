/**
 * The fields of one goods line, inside the form's list of lines: goods (picked from the company's goods), quantity and
 * unit price including tax (full form only), amount including tax, rate (from the goods, changeable), and what the
 * line prints as — net amount and tax — computed as the user types; in the full form, the line's discount under it.
 */
import { lazy, useState } from 'react';
import { formatYuan } from '@app/domain/money';
import type { LineRate } from '@app/domain/invoice-line';
import { Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import type { Goods } from '@app/contract/goods';
import { lineRule } from './form-rules';
import { LineDiscount } from './LineDiscount';
import { pricedLineOf, type LineField, type LineValues } from './line-draft';
import { rateLabel } from './rate-options';
import { WhenOpened } from '@app/widgets/when-opened';

const GoodsPicker = lazy(() => import('@app/widgets/goods-picker').then((module) => ({ default: module.GoodsPicker })));
const RateActionSheet = lazy(() => import('./RateActionSheet'));

export interface LineItemsProps {
  index: number;
  line: LineValues;
  compact: boolean;
  onPickGoods: (index: number, goods: Goods) => void;
  onPickRate: (index: number, rate: LineRate) => void;
  onAddDiscount: (index: number) => void;
  onRemoveDiscount: (index: number) => void;
}

function ChosenGoods({ value }: { value?: Goods | null }) {
  if (!value) return <span className="blue-form__placeholder">选择开票商品</span>;
  return (
    <span className="blue-form__chosen">
      <span className="blue-form__chosen-name">{value.name}</span>
      <span className="blue-form__chosen-sub">*{value.taxShortName}*</span>
    </span>
  );
}

function ChosenRate({ value }: { value?: LineRate | null }) {
  return value === null || value === undefined ? <span className="blue-form__placeholder">选择税率</span> : <span>{rateLabel(value)}</span>;
}

function LineFigures({ line, compact }: { line: LineValues; compact: boolean }) {
  const priced = pricedLineOf(line);
  return (
    <output className="blue-line__figures" aria-label="本行金额">
      <span>
        金额 <strong>{priced ? formatYuan(priced.netFen) : '—'}</strong>
      </span>
      <span>
        税额 <strong>{priced ? formatYuan(priced.taxFen) : '—'}</strong>
      </span>
      {!compact && priced?.unitPrice ? <span className="blue-line__unit-price">不含税单价 {priced.unitPrice}</span> : null}
    </output>
  );
}

export function LineItems({ index, line, compact, onPickGoods, onPickRate, onAddDiscount, onRemoveDiscount }: LineItemsProps) {
  const [picking, setPicking] = useState<'goods' | 'rate' | null>(null);
  const path = (field: LineField) => ['lines', index, field];
  return (
    <>
      <Form.Item
        name={[index, 'goods']}
        label="商品"
        required
        rules={[lineRule(index, 'goods')]}
        onClick={() => setPicking('goods')}
        arrowIcon
      >
        <ChosenGoods />
      </Form.Item>
      {compact ? null : (
        <Form.Item
          name={[index, 'quantity']}
          label="数量"
          dependencies={[path('unitPrice')]}
          rules={[lineRule(index, 'quantity')]}
          extra={line.goods?.unit || undefined}
        >
          <Input inputMode="decimal" placeholder="选填" maxLength={21} clearable />
        </Form.Item>
      )}
      {compact ? null : (
        <Form.Item name={[index, 'unitPrice']} label="含税单价" rules={[lineRule(index, 'unitPrice')]} extra="元">
          <Input inputMode="decimal" placeholder="选填" maxLength={21} clearable />
        </Form.Item>
      )}
      <Form.Item
        name={[index, 'amount']}
        label="含税金额"
        required
        dependencies={[path('quantity'), path('rate'), path('goods')]}
        rules={[lineRule(index, 'amount')]}
        extra="元"
      >
        <Input inputMode="decimal" placeholder="0.00" maxLength={17} clearable />
      </Form.Item>
      <Form.Item
        name={[index, 'rate']}
        label="税率"
        required
        rules={[lineRule(index, 'rate')]}
        onClick={() => setPicking('rate')}
        arrowIcon
      >
        <ChosenRate />
      </Form.Item>
      <LineFigures line={line} compact={compact} />
      {compact ? null : <LineDiscount index={index} line={line} onAdd={onAddDiscount} onRemove={onRemoveDiscount} />}
      <WhenOpened visible={picking === 'goods'}>
        <GoodsPicker
          visible={picking === 'goods'}
          onClose={() => setPicking(null)}
          onPick={(goods) => {
            setPicking(null);
            onPickGoods(index, goods);
          }}
        />
      </WhenOpened>
      <WhenOpened visible={picking === 'rate'}>
        <RateActionSheet
          visible={picking === 'rate'}
          current={line.rate}
          onClose={() => setPicking(null)}
          onPick={(rate) => {
            setPicking(null);
            onPickRate(index, rate);
          }}
        />
      </WhenOpened>
    </>
  );
}
