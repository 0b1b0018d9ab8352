/**
 * The title form (create and edit): 企业/个人, name, tax number (required for 企业), address, phone, bank, account,
 * e-mail and the default switch. Each field shows the domain's message under it as the user types; the submit
 * button is disabled while saving, and a field the server refused shows its message under it (PageForm).
 */
import { Form, useFieldValue } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Selector } from '@app/ui/selector';
import { Switch } from '@app/ui/switch';
import { PageForm } from '@app/widgets/form-page';
import { EMPTY_TITLE, fromShape, KIND_OPTIONS, titleRule, toShape, type TitleFormShape, type TitleFormValues } from './title-form-rules';

export interface TitleFormProps {
  /** The values to start from (read once: give the form a new `key` to start over). */
  initial?: TitleFormValues;
  /** Saves the title; a rejection keeps the form as it is (the API client has shown the error). */
  onSubmit: (values: TitleFormValues) => Promise<void>;
}

const upperCaseWithoutSpaces = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '').toUpperCase() : value);

export function TitleForm({ initial = EMPTY_TITLE, onSubmit }: TitleFormProps) {
  const [form] = Form.useForm<TitleFormShape>();
  const kind = useFieldValue<TitleFormShape['kind']>(form, 'kind', [initial.kind])[0] ?? initial.kind;
  const company = kind === '企业';

  return (
    <PageForm
      form={form}
      initialValues={toShape(initial)}
      onSubmit={(shape: TitleFormShape) => onSubmit(fromShape(shape))}
      submitText="保存"
      submittingText="保存中"
    >
      <Form.Header>抬头信息</Form.Header>
      <Form.Item
        name="kind"
        label="抬头类型"
        // A single-choice Selector may be tapped off: keep the last choice.
        normalize={(value: TitleFormShape['kind'], previous: TitleFormShape['kind']) => (value.length ? value : previous)}
      >
        <Selector columns={2} options={KIND_OPTIONS} />
      </Form.Item>
      <Form.Item name="name" label={company ? '单位名称' : '姓名'} required rules={[titleRule('name')]}>
        <Input placeholder={company ? '营业执照上的全称' : '个人姓名'} maxLength={100} clearable />
      </Form.Item>
      <Form.Item
        name="taxNumber"
        label="税号"
        required={company}
        dependencies={['kind']}
        normalize={upperCaseWithoutSpaces}
        rules={[titleRule('taxNumber')]}
      >
        <Input placeholder={company ? '纳税人识别号' : '选填，纳税人识别号'} maxLength={20} clearable />
      </Form.Item>

      <Form.Header>地址电话与开户行（选填）</Form.Header>
      <Form.Item name="address" label="地址" dependencies={['phone']} rules={[titleRule('address')]}>
        <Input placeholder="注册地址" maxLength={100} clearable />
      </Form.Item>
      <Form.Item name="phone" label="电话" rules={[titleRule('phone')]}>
        <Input type="tel" placeholder="手机号或座机号" maxLength={30} clearable />
      </Form.Item>
      <Form.Item name="bankName" label="开户行" dependencies={['bankAccount']} rules={[titleRule('bankName')]}>
        <Input placeholder="开户银行名称" maxLength={100} clearable />
      </Form.Item>
      <Form.Item name="bankAccount" label="银行账号" rules={[titleRule('bankAccount')]}>
        <Input inputMode="numeric" placeholder="银行账号" maxLength={40} clearable />
      </Form.Item>

      <Form.Header>其他</Form.Header>
      <Form.Item name="email" label="邮箱" rules={[titleRule('email')]}>
        <Input type="email" placeholder="选填，用于接收发票" maxLength={100} clearable />
      </Form.Item>
      <Form.Item name="isDefault" label="设为默认抬头" valuePropName="checked" childElementPosition="right">
        <Switch />
      </Form.Item>
    </PageForm>
  );
}
