/**
 * A goods line's discount (折扣行), under the line in the full form: 添加折扣, then how it is given (按金额, in yuan
 * including tax, or 按比例, a percentage of the line), the discount itself (checked as it is typed), and the discount
 * line it prints as — the negative 金额 and 税额 — with 删除折扣 to take it off.
 */
import { formatYuan } from '@app/domain/money';
import { Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Selector } from '@app/ui/selector';
import { Tag } from '@app/ui/tag';
import { lineRule } from './form-rules';
import { discountLineOf, type DiscountBy, type LineField, type LineValues } from './line-draft';

const DISCOUNT_BY_OPTIONS: { label: string; value: DiscountBy }[] = [
  { label: '按金额', value: 'amount' },
  { label: '按比例', value: 'percent' },
];

export interface LineDiscountProps {
  index: number;
  line: LineValues;
  onAdd: (index: number) => void;
  onRemove: (index: number) => void;
}

/** The Selector keeps its choice in an array; the line keeps one. A tap on the chosen one keeps it. */
function DiscountByChoice({ value, onChange }: { value?: DiscountBy | null; onChange?: (value: DiscountBy) => void }) {
  return (
    <Selector<DiscountBy>
      columns={2}
      options={DISCOUNT_BY_OPTIONS}
      value={value ? [value] : []}
      onChange={([picked]) => picked && onChange?.(picked)}
    />
  );
}

function DiscountFigures({ line }: { line: LineValues }) {
  const amounts = discountLineOf(line);
  return (
    <output className="blue-line__figures blue-line__figures--discount" aria-label="折扣行金额">
      <Tag color="warning" fill="outline">
        折扣
      </Tag>
      <span>
        金额 <strong>{amounts ? formatYuan(amounts.netFen) : '—'}</strong>
      </span>
      <span>
        税额 <strong>{amounts ? formatYuan(amounts.taxFen) : '—'}</strong>
      </span>
    </output>
  );
}

export function LineDiscount({ index, line, onAdd, onRemove }: LineDiscountProps) {
  const path = (field: LineField) => ['lines', index, field];
  if (line.discountBy === null) {
    return (
      <div className="blue-line__discount-add">
        <button type="button" onClick={() => onAdd(index)}>
          + 添加折扣
        </button>
      </div>
    );
  }
  const byPercent = line.discountBy === 'percent';
  const remove = (
    <button type="button" className="blue-line__remove" onClick={() => onRemove(index)}>
      删除折扣
    </button>
  );
  return (
    <>
      <Form.Item className="blue-form__choice" name={[index, 'discountBy']} label="折扣方式" extra={remove}>
        <DiscountByChoice />
      </Form.Item>
      <Form.Item
        name={[index, 'discount']}
        label={byPercent ? '折扣比例' : '折扣金额'}
        required
        dependencies={[path('amount'), path('quantity'), path('discountBy')]}
        rules={[lineRule(index, 'discount')]}
        extra={byPercent ? '%' : '元'}
      >
        <Input inputMode="decimal" placeholder={byPercent ? '如 10 或 12.5' : '0.00，含税'} maxLength={byPercent ? 6 : 17} clearable />
      </Form.Item>
      <DiscountFigures line={line} />
    </>
  );
}
