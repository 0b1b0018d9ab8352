/**
 * `/my/company/bind` (绑定企业): join a company with its bind code, typed or brought by the short link `/t/{code}`
 * (and `/shop/universalBindShop`) as `?code=`. 查询 shows which company the code binds to (and runs at once for a code
 * from the address); 确认绑定 joins it as an employee and makes it current: the session is reloaded as after a switch
 * of company, and the user lands on the home page. Refusals (bad code, unknown or expired code, already a member)
 * show under the field.
 */
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { reloadCompanySession } from '@app/host-sdk/company-switch';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate, useSearchParams } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { showToast } from '@app/ui/feedback';
import { applyServerErrors, Form } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Page } from '@app/ui/page';
import { Card } from '@app/widgets/card';
import { Note } from '@app/widgets/note';
import { bindCompany, CODE_PATTERN, normalizeCode, previewBind, type BindPreview } from './bind-api';
import './my-company-bind.css';

interface BindForm {
  code: string;
}

/** What the server said, for the field: its message when it gave one, else a network hint. */
function messageOf(error: unknown): string {
  return error instanceof ApiError && error.errorCode !== null ? error.message : '网络异常，请稍后重试';
}

export default function MyCompanyBindPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const initialCode = normalizeCode(params.get('code') ?? '');
  const [form] = Form.useForm<BindForm>();
  const [preview, setPreview] = useState<{ code: string; company: BindPreview } | null>(null);
  const [busy, setBusy] = useState<'preview' | 'bind' | null>(null);
  const code = normalizeCode(Form.useWatch('code', form) ?? initialCode);
  const shown = preview && preview.code === code ? preview.company : null;

  /** Puts the refusal under the code field (4000 by its field path, anything else as the server's message). */
  function showError(error: unknown) {
    if (applyServerErrors(form, error)) return;
    form.setFields([{ name: 'code', errors: [messageOf(error)] }]);
  }

  async function query(value: string) {
    setBusy('preview');
    try {
      const company = await previewBind(value);
      setPreview({ code: value, company });
    } catch (error) {
      setPreview(null);
      showError(error);
    } finally {
      setBusy(null);
    }
  }

  async function confirm() {
    if (!shown) return;
    setBusy('bind');
    try {
      const bound = await bindCompany(code);
      // The new company is current now: load the session for it (tab bar, home page), as a switch does.
      await reloadCompanySession().catch(() => undefined);
      showToast({ icon: 'success', content: `已绑定${bound.companyName}` });
      setPreview(null);
      form.resetFields();
      navigate(appHref('home'), { replace: true });
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  }

  // A code from the link is looked up at once (again when the address brings another).
  const looked = useRef<string | null>(null);
  useEffect(() => {
    if (!initialCode || looked.current === initialCode) return;
    looked.current = initialCode;
    form.setFieldsValue({ code: initialCode });
    if (CODE_PATTERN.test(initialCode)) void query(initialCode);
  }, [initialCode]);

  return (
    <Page title="绑定企业">
      <div className="company-bind">
        <Note className="company-bind__intro">输入企业管理员提供的绑定码，或用微信扫描企业绑定二维码，即可加入企业并开始开票。</Note>
        <Form
          form={form}
          className="company-bind__form"
          layout="horizontal"
          mode="card"
          initialValues={{ code: initialCode }}
          onFinish={(values: BindForm) => void query(normalizeCode(values.code))}
          footer={
            <Button
              block
              type="submit"
              color="primary"
              fill={shown ? 'outline' : 'solid'}
              size="large"
              loading={busy === 'preview'}
              loadingText="查询中"
              disabled={busy !== null}
            >
              查询
            </Button>
          }
        >
          <Form.Item
            name="code"
            label="绑定码"
            normalize={normalizeCode}
            rules={[
              { required: true, message: '请输入绑定码' },
              { pattern: CODE_PATTERN, message: '绑定码为 4–16 位字母或数字' },
            ]}
          >
            <Input placeholder="请输入绑定码" maxLength={20} clearable autoComplete="off" />
          </Form.Item>
        </Form>
        {shown ? (
          <Card aria-label="将要加入的企业">
            <Note as="h2" className="company-bind__preview-title">
              将要加入的企业
            </Note>
            <div className="company-bind__name">{shown.companyName}</div>
            <div className="company-bind__tax-number">税号 {shown.xsfNsrsbh}</div>
            <Note className="company-bind__note">绑定后您将以员工身份加入该企业，并切换为当前企业。</Note>
            <Button
              block
              color="primary"
              size="large"
              loading={busy === 'bind'}
              loadingText="绑定中"
              disabled={busy !== null}
              onClick={() => void confirm()}
            >
              确认绑定
            </Button>
          </Card>
        ) : null}
      </div>
    </Page>
  );
}
