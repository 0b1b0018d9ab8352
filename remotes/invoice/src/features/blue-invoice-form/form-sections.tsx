/**
 * The parts of the blue-invoice form that start a card of their own (a header, the goods lines): antd-mobile's Form
 * finds them among its direct children, through arrays but not components or React 19 fragments, so these are
 * functions that give the elements, not components.
 */
import { INVOICE_LIMITS } from '@app/domain/invoice-buyer';
import { Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { TextArea } from '@app/ui/text-area';
import { deliverEmailRule, deliverPhoneRule, remarksRule } from './form-rules';
import { EMPTY_LINE, type LineValues } from './line-draft';
import { LineItems } from './LineItems';
import type { LineEdits } from './use-line-edits';

/** The goods lines, each with its header (and 删除 while more than one), and + 添加商品行 up to the limit. */
export function goodsLines(lines: LineValues[], compact: boolean, edits: LineEdits) {
  return (
    <Form.Array
      name="lines"
      onAdd={(operation) => operation.add({ ...EMPTY_LINE })}
      renderAdd={() =>
        lines.length < INVOICE_LIMITS.lines ? (
          <span className="blue-form__add">+ 添加商品行</span>
        ) : (
          <span className="blue-form__placeholder">最多 {INVOICE_LIMITS.lines} 行</span>
        )
      }
      renderHeader={({ index }, { remove }) => (
        <span className="blue-line__header">
          <span>商品明细 {index + 1}</span>
          {lines.length > 1 ? (
            <button type="button" className="blue-line__remove" onClick={() => remove(index)}>
              删除
            </button>
          ) : null}
        </span>
      )}
    >
      {(fields) =>
        fields.map(({ index, key }) => (
          <LineItems
            key={key}
            index={index}
            line={lines[index] ?? EMPTY_LINE}
            compact={compact}
            onPickGoods={edits.pickGoods}
            onPickRate={edits.pickRate}
            onAddDiscount={edits.addDiscount}
            onRemoveDiscount={edits.removeDiscount}
          />
        ))
      }
    </Form.Array>
  );
}

/** The full form's 备注与交付: remarks, and the phone and e-mail the invoice is sent to. */
export function remarksAndDelivery() {
  return [
    <Form.Header key="header">备注与交付</Form.Header>,
    <Form.Item key="remarks" name="remarks" label="备注" rules={[remarksRule]}>
      <TextArea placeholder="选填，打印在发票备注栏" maxLength={INVOICE_LIMITS.remarks} showCount autoSize={{ minRows: 2, maxRows: 5 }} />
    </Form.Item>,
    <Form.Item key="deliverPhone" name="deliverPhone" label="接收手机" rules={[deliverPhoneRule]}>
      <Input type="tel" placeholder="选填，开具后短信发送" maxLength={11} clearable />
    </Form.Item>,
    <Form.Item key="deliverEmail" name="deliverEmail" label="接收邮箱" rules={[deliverEmailRule]}>
      <Input type="email" placeholder="选填，开具后发送 PDF" maxLength={100} clearable />
    </Form.Item>,
  ];
}
