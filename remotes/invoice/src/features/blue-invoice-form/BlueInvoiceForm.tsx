/**
 * The blue-invoice form, shared by the home page (compact: type, buyer name and tax number, goods lines with the
 * amount including tax) and `/invoice/create` (everything: the buyer's address, phone and bank, quantities and unit
 * prices, a line's discount, remarks, where to send it). Every field shows its problem under it as the user types;
 * totals and the capital-numeral total follow the lines (and their discount lines) live. Submit checks the tax bureau first (host dialogs), then creates the
 * task and opens its detail page.
 */
import { lazy, useState, type ReactNode } from 'react';
import { INVOICE_LIMITS, type TitleBuyerField } from '@app/domain/invoice-buyer';
import type { InvoiceType } from '@app/domain/invoice-document';
import type { LineRate } from '@app/domain/invoice-line';
import type { Title, TitleKind } from '@app/domain/invoice-title';
import { useNavigate } from '@app/host-sdk/router';
import { Form, type FormInstance } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Selector } from '@app/ui/selector';
import { TextArea } from '@app/ui/text-area';
import type { Goods } from '@app/contract/goods';
import { buyerRule, deliverEmailRule, deliverPhoneRule, remarksRule } from './form-rules';
import { buyerFromTitle, completeValues, emptyFormValues, KIND_OPTIONS, TYPE_OPTIONS, type BlueInvoiceFormValues } from './form-values';
import { afterPickingGoods, afterTyping } from './line-edits';
import { EMPTY_LINE, linesTotals, type LineField, type LineValues } from './line-draft';
import { LineItems } from './LineItems';
import { TotalsItems } from './TotalsItems';
import { formFieldOf } from './server-errors';
import { useBlueInvoiceSubmit } from './use-blue-invoice-submit';
import { href } from '../../paths';
import { PageForm } from '@app/widgets/form-page';
import { WhenOpened } from '@app/widgets/when-opened';
import './blue-invoice-form.css';

const TitlePicker = lazy(() => import('@app/widgets/title-picker').then((module) => ({ default: module.TitlePicker })));

/** The buyer fields a picked title fills or empties: any of them showing an error is checked again after the pick. */
const BUYER_FIELDS: readonly TitleBuyerField[] = ['kind', 'name', 'taxNumber', 'address', 'phone', 'bankName', 'bankAccount'];

export interface BlueInvoiceFormProps {
  /** The home page's quick form. */
  compact?: boolean;
  /** Under the submit button (the home page's link to the full form). */
  footerExtra?: ReactNode;
}

/** A single-choice Selector may be tapped off: keep the last choice. */
const keepChoice = <T,>(value: T[], previous: T[]) => (value.length ? value : previous);
const upperCaseWithoutSpaces = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value);

type FieldName = (string | number)[];

/** Sets fields the form filled in itself; those showing a problem (and the amount, which depends on all) are judged again. */
function fill(form: FormInstance, fields: { name: FieldName; value: unknown }[], alsoCheck: FieldName[] = []): void {
  form.setFields(fields);
  const shown = [...fields.map((field) => field.name), ...alsoCheck].filter((name) => form.getFieldError(name).length > 0);
  if (shown.length) void form.validateFields(shown).catch(() => undefined);
}

function fillLine(form: FormInstance, index: number, patch: Partial<LineValues>): void {
  const fields = Object.entries(patch).map(([field, value]) => ({ name: ['lines', index, field], value }));
  fill(form, fields, [['lines', index, 'amount']]);
}

export function BlueInvoiceForm({ compact = false, footerExtra }: BlueInvoiceFormProps) {
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const [initialValues] = useState(emptyFormValues);
  const [pickingTitle, setPickingTitle] = useState(false);
  const [titleName, setTitleName] = useState<string | null>(null);
  const submit = useBlueInvoiceSubmit(form, () => setTitleName(null));

  const lines = (Form.useWatch('lines', form) as LineValues[] | undefined) ?? initialValues.lines;
  const type = (Form.useWatch('type', form) as InvoiceType[] | undefined)?.[0] ?? '数电普票';
  const kind = (Form.useWatch(['buyer', 'kind'], form) as TitleKind[] | undefined)?.[0] ?? '企业';
  const currentLines = completeValues({ lines }).lines;

  function onValuesChange(changed: Partial<BlueInvoiceFormValues>) {
    // Typed over: the buyer is no longer the title that was picked.
    if (changed.buyer) setTitleName(null);
    changed.lines?.forEach((line, index) => {
      const field = line && (Object.keys(line)[0] as LineField | undefined);
      const current = completeValues(form.getFieldsValue(true) as Partial<BlueInvoiceFormValues>).lines[index];
      if (!field || !current || Object.keys(line).length !== 1) return;
      const patch = afterTyping(current, field);
      if (Object.keys(patch).length) fillLine(form, index, patch);
    });
  }

  function pickTitle(title: Title) {
    setPickingTitle(false);
    setTitleName(title.name);
    const buyer = buyerFromTitle(title);
    const fields: { name: FieldName; value: unknown }[] = Object.entries(buyer).map(([field, value]) => ({
      name: ['buyer', field],
      value,
    }));
    if (!compact && title.email && !form.getFieldValue('deliverEmail')) fields.push({ name: ['deliverEmail'], value: title.email });
    fill(
      form,
      fields,
      BUYER_FIELDS.map((field) => ['buyer', field]),
    );
  }

  function pickGoods(index: number, goods: Goods) {
    const line = completeValues(form.getFieldsValue(true) as Partial<BlueInvoiceFormValues>).lines[index] ?? EMPTY_LINE;
    fillLine(form, index, afterPickingGoods(line, goods, compact));
  }

  function pickRate(index: number, rate: LineRate) {
    fillLine(form, index, { rate });
  }

  const addDiscount = (index: number) => fillLine(form, index, { discountBy: 'amount', discount: '' });
  const removeDiscount = (index: number) => fillLine(form, index, { discountBy: null, discount: '' });

  // Arrays, not fragments: antd-mobile's Form finds its headers with a react-is that does not see React 19 fragments.
  const buyerDetails = compact
    ? []
    : [
        <Form.Item
          key="address"
          name={['buyer', 'address']}
          label="地址"
          dependencies={[['buyer', 'phone']]}
          rules={[buyerRule('address')]}
        >
          <Input placeholder="选填，注册地址" maxLength={100} clearable />
        </Form.Item>,
        <Form.Item key="phone" name={['buyer', 'phone']} label="电话" rules={[buyerRule('phone')]}>
          <Input type="tel" placeholder="选填，手机号或座机号" maxLength={30} clearable />
        </Form.Item>,
        <Form.Item
          key="bankName"
          name={['buyer', 'bankName']}
          label="开户行"
          dependencies={[['buyer', 'bankAccount']]}
          rules={[buyerRule('bankName')]}
        >
          <Input placeholder="选填，开户银行" maxLength={100} clearable />
        </Form.Item>,
        <Form.Item key="bankAccount" name={['buyer', 'bankAccount']} label="银行账号" rules={[buyerRule('bankAccount')]}>
          <Input inputMode="numeric" placeholder="选填，银行账号" maxLength={40} clearable />
        </Form.Item>,
      ];
  const remarksAndDelivery = compact
    ? []
    : [
        <Form.Header key="header">备注与交付</Form.Header>,
        <Form.Item key="remarks" name="remarks" label="备注" rules={[remarksRule]}>
          <TextArea
            placeholder="选填，打印在发票备注栏"
            maxLength={INVOICE_LIMITS.remarks}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
          />
        </Form.Item>,
        <Form.Item key="deliverPhone" name="deliverPhone" label="接收手机" rules={[deliverPhoneRule]}>
          <Input type="tel" placeholder="选填，开具后短信发送" maxLength={11} clearable />
        </Form.Item>,
        <Form.Item key="deliverEmail" name="deliverEmail" label="接收邮箱" rules={[deliverEmailRule]}>
          <Input type="email" placeholder="选填，开具后发送 PDF" maxLength={100} clearable />
        </Form.Item>,
      ];

  return (
    <>
      <PageForm
        form={form}
        className={`blue-form${compact ? ' blue-form--compact' : ''}`}
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onSubmit={submit}
        nameOf={formFieldOf}
        submitText="开具发票"
        submittingText="提交中"
        footerExtra={footerExtra}
      >
        <Form.Item className="blue-form__choice" name="type" label="发票类型" normalize={keepChoice}>
          <Selector columns={2} options={TYPE_OPTIONS} />
        </Form.Item>

        <Form.Header>购买方</Form.Header>
        <Form.Item label="抬头" onClick={() => setPickingTitle(true)} arrowIcon>
          <span className={titleName ? 'blue-form__chosen-name' : 'blue-form__placeholder'}>{titleName ?? '从我的抬头中选择'}</span>
        </Form.Item>
        <Form.Item
          className="blue-form__choice"
          name={['buyer', 'kind']}
          label="类型"
          normalize={keepChoice}
          dependencies={[['type']]}
          rules={[buyerRule('kind')]}
        >
          <Selector columns={2} options={KIND_OPTIONS} />
        </Form.Item>
        <Form.Item name={['buyer', 'name']} label="名称" required rules={[buyerRule('name')]}>
          <Input placeholder={kind === '企业' ? '购买方单位全称' : '购买方姓名'} maxLength={100} clearable />
        </Form.Item>
        <Form.Item
          name={['buyer', 'taxNumber']}
          label="税号"
          required={kind === '企业' || type === '数电专票'}
          dependencies={[['type'], ['buyer', 'kind']]}
          normalize={upperCaseWithoutSpaces}
          rules={[buyerRule('taxNumber')]}
        >
          <Input placeholder={kind === '企业' || type === '数电专票' ? '纳税人识别号' : '选填，纳税人识别号'} maxLength={20} clearable />
        </Form.Item>
        {buyerDetails}

        <Form.Array
          name="lines"
          onAdd={(operation) => operation.add({ ...EMPTY_LINE })}
          renderAdd={() =>
            currentLines.length < INVOICE_LIMITS.lines ? (
              <span className="blue-form__add">+ 添加商品行</span>
            ) : (
              <span className="blue-form__placeholder">最多 {INVOICE_LIMITS.lines} 行</span>
            )
          }
          renderHeader={({ index }, { remove }) => (
            <span className="blue-line__header">
              <span>商品明细 {index + 1}</span>
              {currentLines.length > 1 ? (
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
                line={currentLines[index] ?? EMPTY_LINE}
                compact={compact}
                onPickGoods={pickGoods}
                onPickRate={pickRate}
                onAddDiscount={addDiscount}
                onRemoveDiscount={removeDiscount}
              />
            ))
          }
        </Form.Array>

        <Form.Header>合计</Form.Header>
        <TotalsItems totals={linesTotals(currentLines)} compact={compact} />

        {remarksAndDelivery}
      </PageForm>
      <WhenOpened visible={pickingTitle}>
        <TitlePicker
          visible={pickingTitle}
          onClose={() => setPickingTitle(false)}
          onPick={pickTitle}
          onAdd={() => navigate(href('titlesCreate'))}
        />
      </WhenOpened>
    </>
  );
}
