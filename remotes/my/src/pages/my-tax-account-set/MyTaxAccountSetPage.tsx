/**
 * `/my/taxAccount/set`: the e-tax account the company logs in with — login identity, the person's name, phone, ID
 * number and password (docs/architecture.md, "The API and its contract": setTaxAccount is a no-repeat call). The password is never shown again.
 */
import { useState } from 'react';
import { callApi } from '@app/host-sdk/api-client';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate } from '@app/host-sdk/router';
import { useTaxAccount } from '@app/host-sdk/session-hooks';
import { Button } from '@app/ui/button';
import { applyServerErrors, Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Page } from '@app/ui/page';
import { Selector } from '@app/ui/selector';
import { Toast } from '@app/ui/toast';
import { LOGIN_IDENTITY_OPTIONS, taxAccountRules, type TaxAccountForm } from './tax-account-form';
import './tax-account-set-page.css';

export default function MyTaxAccountSetPage() {
  const navigate = useNavigate();
  const { account, refresh } = useTaxAccount();
  const [form] = Form.useForm<TaxAccountForm>();
  const [saving, setSaving] = useState(false);
  const rules = taxAccountRules(!account);

  async function save(values: TaxAccountForm) {
    setSaving(true);
    try {
      await callApi(
        'taxAccount/setTaxAccount',
        {
          loginIdentity: values.loginIdentity[0] ?? '03',
          personName: values.personName.trim(),
          phone: values.phone,
          ...(values.idNumber && { idNumber: values.idNumber.toUpperCase() }),
          ...(values.password && { password: values.password }),
        },
        { noRepeat: true },
      );
      Toast.show({ icon: 'success', content: '保存成功' });
      await refresh();
      navigate(appHref('myTaxAccount'), { replace: true });
    } catch (error) {
      // The error catalogue has shown it; the fields the server refused show it under them too.
      applyServerErrors(form, error);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Page title="设置税务账号">
      <Form
        form={form}
        layout="horizontal"
        mode="card"
        initialValues={{
          loginIdentity: [account?.loginIdentity ?? '03'],
          personName: account?.personName ?? '',
          phone: '',
          idNumber: '',
          password: '',
        }}
        onFinish={(values) => void save(values)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={saving} disabled={saving}>
            保存
          </Button>
        }
      >
        <Form.Header>电子税务局登录信息</Form.Header>
        <Form.Item name="loginIdentity" label="登录身份" rules={rules.loginIdentity} layout="vertical">
          <Selector columns={2} options={LOGIN_IDENTITY_OPTIONS} />
        </Form.Item>
        <Form.Item name="personName" label="姓名" rules={rules.personName}>
          <Input placeholder="税务局登记的姓名" maxLength={30} clearable />
        </Form.Item>
        <Form.Item name="phone" label="手机号" rules={rules.phone} description={account ? `当前 ${account.phone}` : undefined}>
          <Input type="tel" placeholder="接收验证码的手机号" maxLength={11} clearable />
        </Form.Item>
        <Form.Item name="idNumber" label="证件号码" rules={rules.idNumber}>
          <Input placeholder="选填，18 位身份证号" maxLength={18} clearable />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={rules.password} description={account ? '不修改请留空' : undefined}>
          <Input type="password" placeholder="电子税务局登录密码" maxLength={32} clearable />
        </Form.Item>
      </Form>
      <p className="tax-account-set__note">密码加密保存，仅用于代您登录电子税务局。</p>
    </Page>
  );
}
