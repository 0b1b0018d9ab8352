/**
 * The goods form (add and edit): 商品名称, 税收分类 (picked from the domain's table, which fills 编码 and 简称, shown
 * read-only), 规格型号, 单位, 含税单价 (yuan, optional) and 税率 (a VAT rate, 免税 or 不征税). Each field shows its
 * problem under it; the server's refusals (4000) go under the fields they name; the button is disabled while saving
 * (PageForm).
 */
import { useState } from 'react';
import { Form, useFieldValue } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Selector } from '@app/ui/selector';
import { PageForm } from '@app/widgets/form-page';
import {
  bodyOf,
  EMPTY_GOODS,
  fieldOfBodyPath,
  goodsRules,
  RATE_OPTIONS,
  type ChosenClass,
  type GoodsFormShape,
  type SaveGoodsBody,
} from './goods-form-rules';
import { TaxClassPickerPopup } from './TaxClassPickerPopup';

export interface GoodsFormProps {
  /** The values to start from (read once: give the form a new `key` to start over). */
  initial?: GoodsFormShape;
  /** The goods' id when editing. */
  id: string | null;
  /** Saves the goods; a rejection keeps the form as it is (the API client has shown the error). */
  onSubmit: (body: SaveGoodsBody) => Promise<void>;
}

/** What the 税收分类 row shows: the chosen classification's name, or the prompt. */
function ChosenClassText({ value }: { value?: ChosenClass | null }) {
  if (!value) return <span className="goods-form__placeholder">请选择</span>;
  return <span className="goods-form__chosen">{value.name || value.shortName}</span>;
}

export function GoodsForm({ initial = EMPTY_GOODS, id, onSubmit }: GoodsFormProps) {
  const [form] = Form.useForm<GoodsFormShape>();
  const [picking, setPicking] = useState(false);
  const chosen = useFieldValue<ChosenClass | null | undefined>(form, 'taxClass', initial.taxClass) ?? initial.taxClass;

  function pick(value: ChosenClass) {
    form.setFieldsValue({ taxClass: value });
    void form.validateFields(['taxClass']).catch(() => undefined);
    setPicking(false);
  }

  return (
    <>
      <PageForm
        form={form}
        className="goods-form"
        initialValues={initial}
        onSubmit={(shape: GoodsFormShape) => onSubmit(bodyOf(shape, id))}
        nameOf={fieldOfBodyPath}
        submitText="保存"
        submittingText="保存中"
      >
        <Form.Header>商品信息</Form.Header>
        <Form.Item name="name" label="商品名称" required rules={goodsRules.name}>
          <Input placeholder="如 工作餐、咨询服务费" maxLength={90} clearable />
        </Form.Item>
        <Form.Item
          name="taxClass"
          label="税收分类"
          required
          rules={goodsRules.taxClass}
          clickable
          arrowIcon
          onClick={() => setPicking(true)}
        >
          <ChosenClassText />
        </Form.Item>
        {chosen ? (
          <>
            <Form.Item label="分类编码">
              <span className="goods-form__readonly goods-form__code">{chosen.code}</span>
            </Form.Item>
            <Form.Item label="分类简称">
              <span className="goods-form__readonly">{chosen.shortName}</span>
            </Form.Item>
          </>
        ) : null}
        <Form.Item name="model" label="规格型号" rules={goodsRules.model}>
          <Input placeholder="选填" maxLength={40} clearable />
        </Form.Item>
        <Form.Item name="unit" label="单位" rules={goodsRules.unit}>
          <Input placeholder="选填，如 次、份、件" maxLength={20} clearable />
        </Form.Item>

        <Form.Header>价格与税率</Form.Header>
        <Form.Item name="unitPrice" label="含税单价" rules={goodsRules.unitPrice} extra={<span className="goods-form__unit">元</span>}>
          <Input inputMode="decimal" placeholder="选填，开票时可修改" maxLength={16} clearable />
        </Form.Item>
        <Form.Item
          name="rate"
          label="税率"
          required
          layout="vertical"
          rules={goodsRules.rate}
          // A single-choice Selector may be tapped off: keep the last choice.
          normalize={(value: string[], previous: string[]) => (value.length ? value : previous)}
        >
          <Selector columns={4} options={RATE_OPTIONS} />
        </Form.Item>
      </PageForm>
      <TaxClassPickerPopup visible={picking} onClose={() => setPicking(false)} onPick={pick} />
    </>
  );
}
