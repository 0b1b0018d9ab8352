/**
 * The sign-up form of 生活服务入驻: 联系人, 联系电话, 所在城市, 经营类型, 补充说明. Each field says what is wrong under it
 * as the user types; the server's refusals (4000) go under the fields too; the button waits while submitting.
 */
import { MOBILE_PATTERN } from '@app/domain/company-roles';
import { Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Selector } from '@app/ui/selector';
import { TextArea } from '@app/ui/text-area';
import { PageForm } from '@app/widgets/form-page';
import { KINDS, type LifeServiceForm as FormBody, type LifeServiceKind } from './life-service-api';

interface Shape {
  contactName: string;
  phone: string;
  city: string;
  kind: LifeServiceKind[];
  remarks: string;
}

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const withoutSpaces = (value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value);

export function LifeServiceForm({ initial, onSubmit }: { initial?: Partial<FormBody>; onSubmit: (body: FormBody) => Promise<void> }) {
  const [form] = Form.useForm<Shape>();

  return (
    <PageForm
      form={form}
      className="life-join__form"
      initialValues={{
        contactName: initial?.contactName ?? '',
        phone: initial?.phone ?? '',
        city: initial?.city ?? '',
        kind: initial?.kind ? [initial.kind] : [],
        remarks: initial?.remarks ?? '',
      }}
      onSubmit={(shape: Shape) =>
        onSubmit({
          contactName: trimmed(shape.contactName),
          phone: shape.phone,
          city: trimmed(shape.city),
          kind: shape.kind[0] as LifeServiceKind,
          remarks: trimmed(shape.remarks),
        })
      }
      submitText="提交申请"
      submittingText="提交中"
    >
      <Form.Header>联系信息</Form.Header>
      <Form.Item
        name="contactName"
        label="联系人"
        required
        rules={[
          { required: true, whitespace: true, message: '请填写联系人' },
          { max: 20, message: '联系人不超过 20 个字' },
        ]}
      >
        <Input placeholder="您的姓名" maxLength={20} clearable />
      </Form.Item>
      <Form.Item
        name="phone"
        label="联系电话"
        required
        normalize={withoutSpaces}
        rules={[
          { required: true, message: '请填写联系电话' },
          { pattern: new RegExp(MOBILE_PATTERN), message: '请填写 11 位手机号' },
        ]}
      >
        <Input type="tel" inputMode="numeric" placeholder="11 位手机号" maxLength={11} clearable />
      </Form.Item>
      <Form.Item
        name="city"
        label="所在城市"
        required
        rules={[
          { required: true, whitespace: true, message: '请填写所在城市' },
          { max: 30, message: '所在城市不超过 30 个字' },
        ]}
      >
        <Input placeholder="如：杭州市" maxLength={30} clearable />
      </Form.Item>

      <Form.Header>经营信息</Form.Header>
      <Form.Item
        name="kind"
        label="经营类型"
        layout="vertical"
        required
        rules={[{ required: true, type: 'array', min: 1, message: '请选择经营类型' }]}
        // A single-choice Selector may be tapped off: keep the last choice.
        normalize={(value: LifeServiceKind[], previous: LifeServiceKind[]) => (value.length ? value : previous)}
      >
        <Selector columns={3} options={KINDS.map((kind) => ({ label: kind, value: kind }))} />
      </Form.Item>
      <Form.Item name="remarks" label="补充说明" layout="vertical" rules={[{ max: 200, message: '补充说明不超过 200 个字' }]}>
        <TextArea placeholder="门店数量、主营项目、期望合作方式等（选填）" maxLength={200} showCount rows={3} />
      </Form.Item>
    </PageForm>
  );
}
