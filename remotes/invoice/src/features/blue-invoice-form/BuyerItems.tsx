/**
 * The blue-invoice form's buyer: from a title (the picker) or typed — type, name and tax number (required for a
 * company and for 数电专票) — and, on the full form, the address, phone and bank.
 */
import type { InvoiceType } from '@app/domain/invoice-document';
import type { TitleKind } from '@app/domain/invoice-title';
import { Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Selector } from '@app/ui/selector';
import { buyerRule } from './form-rules';
import { KIND_OPTIONS } from './form-values';

/** A single-choice Selector may be tapped off: keep the last choice. */
export const keepChoice = <T,>(value: T[], previous: T[]) => (value.length ? value : previous);
const upperCaseWithoutSpaces = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value);

export interface BuyerItemsProps {
  kind: TitleKind;
  type: InvoiceType;
  /** The picked title's name, or null. */
  titleName: string | null;
  onPickTitle(): void;
}

/** The title to pick, and the buyer's type, name and tax number. */
export function BuyerItems({ kind, type, titleName, onPickTitle }: BuyerItemsProps) {
  const taxNumberRequired = kind === '企业' || type === '数电专票';
  return (
    <>
      <Form.Item label="抬头" onClick={onPickTitle} arrowIcon>
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
        required={taxNumberRequired}
        dependencies={[['type'], ['buyer', 'kind']]}
        normalize={upperCaseWithoutSpaces}
        rules={[buyerRule('taxNumber')]}
      >
        <Input placeholder={taxNumberRequired ? '纳税人识别号' : '选填，纳税人识别号'} maxLength={20} clearable />
      </Form.Item>
    </>
  );
}

/** The full form's buyer address, phone and bank. */
export function BuyerDetailItems() {
  return (
    <>
      <Form.Item name={['buyer', 'address']} label="地址" dependencies={[['buyer', 'phone']]} rules={[buyerRule('address')]}>
        <Input placeholder="选填，注册地址" maxLength={100} clearable />
      </Form.Item>
      <Form.Item name={['buyer', 'phone']} label="电话" rules={[buyerRule('phone')]}>
        <Input type="tel" placeholder="选填，手机号或座机号" maxLength={30} clearable />
      </Form.Item>
      <Form.Item name={['buyer', 'bankName']} label="开户行" dependencies={[['buyer', 'bankAccount']]} rules={[buyerRule('bankName')]}>
        <Input placeholder="选填，开户银行" maxLength={100} clearable />
      </Form.Item>
      <Form.Item name={['buyer', 'bankAccount']} label="银行账号" rules={[buyerRule('bankAccount')]}>
        <Input inputMode="numeric" placeholder="选填，银行账号" maxLength={40} clearable />
      </Form.Item>
    </>
  );
}
