/**
 * `/my/companyUsers/add`: a manager invites someone by phone and name with a role (`companyUser/add`). The person
 * signs in with that phone and accepts (or declines) in 我的企业; until then they are listed as 待接受. The toast says
 * so. Then back to the staff list.
 */
import { useState } from 'react';
import { callApi } from '@app/host-sdk/api-client';
import { showToast } from '@app/ui/feedback';
import { Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Page } from '@app/ui/page';
import { Selector } from '@app/ui/selector';
import { PageForm, useGoBack } from '@app/widgets/form-page';
import { href } from '../../paths';
import { membersRevision } from '../../features/company-users/members-changes';
import { EMPTY_MEMBER, memberRules, ROLE_OPTIONS, type MemberFormShape } from './member-form-rules';
import './my-company-users-add.css';

function MemberForm({ onSaved }: { onSaved: () => void }) {
  const [form] = Form.useForm<MemberFormShape>();

  async function submit(shape: MemberFormShape) {
    const member = await callApi(
      'companyUser/add',
      { phone: shape.phone.trim(), name: shape.name.trim(), role: shape.role[0] ?? 'employee' },
      { noRepeat: true },
    );
    membersRevision.note();
    showToast({ icon: 'success', content: `已邀请${member.name}，对方接受后加入本企业` });
    onSaved();
  }

  return (
    <PageForm form={form} className="member-form" initialValues={EMPTY_MEMBER} onSubmit={submit} submitText="添加" submittingText="添加中">
      <Form.Header>员工信息</Form.Header>
      <Form.Item
        name="phone"
        label="手机号"
        required
        rules={memberRules.phone}
        description="对方用此手机号登录后，在“我的企业”中接受邀请即可加入"
      >
        <Input type="tel" inputMode="numeric" placeholder="11 位手机号" maxLength={11} clearable />
      </Form.Item>
      <Form.Item name="name" label="姓名" required rules={memberRules.name}>
        <Input placeholder="员工姓名" maxLength={20} clearable />
      </Form.Item>
      <Form.Header>角色</Form.Header>
      <Form.Item
        name="role"
        rules={memberRules.role}
        // A single-choice Selector may be tapped off: keep the last choice.
        normalize={(value: string[], previous: string[]) => (value.length ? value : previous)}
      >
        <Selector className="member-form__roles" columns={1} options={ROLE_OPTIONS} />
      </Form.Item>
    </PageForm>
  );
}

export default function MyCompanyUsersAddPage() {
  const goBack = useGoBack();
  /** A new form after each addition: the page stays alive in the page cache, and the next visit starts empty. */
  const [formVersion, setFormVersion] = useState(0);

  function saved() {
    setFormVersion((version) => version + 1);
    goBack(href('myCompanyUsers'));
  }

  return (
    <Page title="添加员工">
      <MemberForm key={formVersion} onSaved={saved} />
    </Page>
  );
}
