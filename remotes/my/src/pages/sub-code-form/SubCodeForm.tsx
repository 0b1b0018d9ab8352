/**
 * The sub-code form (add and edit): 子码名称, the optional 固定商品 (picked from the company's goods) and 固定金额
 * (both or neither: the message shows under the field that is missing), and 启用. The submit button is disabled while
 * saving; a field the server refuses shows its message under it.
 */
import { useState } from 'react';
import { yuanInputText } from '@app/domain/money';
import { Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Switch } from '@app/ui/switch';
import { PageForm } from '@app/widgets/form-page';
import type { Goods } from '@app/contract/goods';
import { GoodsPicker } from '@app/widgets/goods-picker';
import { amountError, EMPTY_SUB_CODE, goodsError, nameError, type PickedGoods, type SubCodeFormValues } from './sub-code-form-rules';

export interface SubCodeFormProps {
  /** The values to start from (read once: give the form a new `key` to start over). */
  initial?: SubCodeFormValues;
  /** Saves; a rejection keeps the form as it is (the API client has shown the error). */
  onSubmit: (values: SubCodeFormValues) => Promise<void>;
}

/** The server's field names → the form's. */
function fieldOf(path: string): string | null {
  const field = path.replace(/^\//, '');
  if (field === 'goodsId') return 'goods';
  if (field === 'amountFen') return 'amount';
  return field === 'name' || field === 'enabled' ? field : null;
}

/** The chosen goods as a tappable value with a clear button (a Form.Item control: value and onChange). */
function GoodsValue({
  value,
  onChange,
  onOpen,
}: {
  value?: PickedGoods | null;
  onChange?: (value: PickedGoods | null) => void;
  onOpen: () => void;
}) {
  return (
    <div className="sub-code-form__goods">
      <button type="button" className={`sub-code-form__goods-value${value ? '' : ' sub-code-form__goods-value--empty'}`} onClick={onOpen}>
        {value ? value.name : '不固定，点此选择'}
      </button>
      {value ? (
        <button type="button" className="sub-code-form__goods-clear" aria-label="清除固定商品" onClick={() => onChange?.(null)}>
          清除
        </button>
      ) : null}
    </div>
  );
}

/** The amount with its unit on the field's line, so the hint under it has the item's width (a Form.Item control). */
function YuanInput({ value, onChange, id }: { value?: string; onChange?: (value: string) => void; id?: string }) {
  return (
    <div className="sub-code-form__amount">
      <Input id={id} value={value ?? ''} onChange={onChange} type="text" inputMode="decimal" placeholder="不固定则留空" clearable />
      <span className="sub-code-form__unit">元</span>
    </div>
  );
}

export function SubCodeForm({ initial = EMPTY_SUB_CODE, onSubmit }: SubCodeFormProps) {
  const [form] = Form.useForm<SubCodeFormValues>();
  const [picking, setPicking] = useState(false);

  function pick(goods: Goods) {
    setPicking(false);
    form.setFieldValue('goods', { id: goods.id, name: goods.name });
    // The goods' own unit price is the likely amount: fill it in when none was typed.
    if (!String(form.getFieldValue('amount') ?? '').trim() && goods.unitPriceFen !== null) {
      form.setFieldValue('amount', yuanInputText(goods.unitPriceFen));
    }
    void form.validateFields(['goods', 'amount']).catch(() => undefined);
  }

  return (
    <>
      <PageForm
        form={form}
        className="sub-code-form"
        initialValues={initial}
        onSubmit={onSubmit}
        nameOf={fieldOf}
        submitText="保存"
        submittingText="保存中"
      >
        <Form.Header>子码信息</Form.Header>
        <Form.Item
          name="name"
          label="子码名称"
          required
          rules={[
            {
              validator: async (_rule, value: string) => {
                const message = nameError(value ?? '');
                if (message) throw new Error(message);
              },
            },
          ]}
        >
          <Input placeholder="如：1 号收银台" maxLength={30} clearable />
        </Form.Item>

        <Form.Header>固定收款（选填）</Form.Header>
        <Form.Item
          name="goods"
          label="固定商品"
          dependencies={['amount']}
          rules={[
            {
              validator: async (_rule, value: PickedGoods | null) => {
                const message = goodsError(value ?? null, String(form.getFieldValue('amount') ?? ''));
                if (message) throw new Error(message);
              },
            },
          ]}
        >
          <GoodsValue onOpen={() => setPicking(true)} />
        </Form.Item>
        <Form.Item
          name="amount"
          label="固定金额"
          dependencies={['goods']}
          description="设置后顾客扫码无需输入金额；商品与金额需同时设置或都不设置"
          rules={[
            {
              validator: async (_rule, value: string) => {
                const message = amountError(value ?? '', form.getFieldValue('goods') ?? null);
                if (message) throw new Error(message);
              },
            },
          ]}
        >
          <YuanInput />
        </Form.Item>

        <Form.Header>状态</Form.Header>
        <Form.Item
          name="enabled"
          label="启用"
          valuePropName="checked"
          childElementPosition="right"
          description="停用后顾客扫码将看到暂停收款"
        >
          <Switch />
        </Form.Item>
      </PageForm>
      <GoodsPicker title="选择固定商品" visible={picking} onClose={() => setPicking(false)} onPick={pick} />
    </>
  );
}
