/**
 * `/my/company/bind` (绑定企业): join a company with its bind code, typed or brought by the short link `/t/{code}`
 * (and `/shop/universalBindShop`) as `?code=`. 查询 shows which company the code binds to (and runs at once for a code
 * from the address); 确认绑定 joins it as an employee and makes it current: the session is reloaded as after a switch
 * of company, and the user lands on the home page. Refusals (bad code, unknown or expired code, already a member)
 * show under the field.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@app/host-sdk/api-client';
import { reloadCompanySession } from '@app/host-sdk/company-switch';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate, useSearchParams } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { showToast } from '@app/ui/feedback';
import { applyServerErrors, Form, useFieldValue, type FormInstance } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { Page } from '@app/ui/page';
import { Card } from '@app/widgets/card';
import { Note } from '@app/widgets/note';
import { bindCompany, CODE_PATTERN, normalizeCode, previewBind, type BindPreview } from './bind-api';
import './my-company-bind.css';

interface BindForm {
  code: string;
}

type Busy = 'preview' | 'bind' | null;

/** What the server said, for the field: its message when it gave one, else a network hint. */
function messageOf(error: unknown): string {
  return error instanceof ApiError && error.errorCode !== null ? error.message : '网络异常，请稍后重试';
}

/** Puts the refusal under the code field (4000 by its field path, anything else as the server's message). */
function showFieldError(form: FormInstance<BindForm>, error: unknown) {
  if (applyServerErrors(form, error)) return;
  form.setFields([{ name: 'code', errors: [messageOf(error)] }]);
}

/** 查询 and 确认绑定, one at a time: the company a code binds to, then joining it and going home as its employee. */
function useBinding(form: FormInstance<BindForm>) {
  const navigate = useNavigate();
  const [preview, setPreview] = useState<{ code: string; company: BindPreview } | null>(null);
  const [busy, setBusy] = useState<Busy>(null);

  const query = useCallback(
    async (code: string) => {
      setBusy('preview');
      try {
        const company = await previewBind(code);
        setPreview({ code, company });
      } catch (error) {
        setPreview(null);
        showFieldError(form, error);
      } finally {
        setBusy(null);
      }
    },
    [form],
  );

  async function confirm(code: string) {
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
      showFieldError(form, error);
    } finally {
      setBusy(null);
    }
  }

  return { preview, busy, query, confirm };
}

/** A code from the link is filled in and looked up at once (again when the address brings another). */
function useLinkCode(code: string, form: FormInstance<BindForm>, query: (code: string) => Promise<void>) {
  const looked = useRef<string | null>(null);
  useEffect(() => {
    if (!code || looked.current === code) return;
    looked.current = code;
    form.setFieldsValue({ code });
    if (CODE_PATTERN.test(code)) void query(code);
  }, [code, form, query]);
}

interface CodeFormProps {
  form: FormInstance<BindForm>;
  initialCode: string;
  busy: Busy;
  /** A company is shown: 查询 steps back to an outline beside 确认绑定. */
  previewShown: boolean;
  onQuery: (code: string) => void;
}

function CodeForm({ form, initialCode, busy, previewShown, onQuery }: CodeFormProps) {
  return (
    <Form
      form={form}
      className="company-bind__form"
      layout="horizontal"
      mode="card"
      initialValues={{ code: initialCode }}
      onFinish={(values: BindForm) => onQuery(normalizeCode(values.code))}
      footer={
        <Button
          block
          type="submit"
          color="primary"
          fill={previewShown ? 'outline' : 'solid'}
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
  );
}

function PreviewCard({ company, busy, onConfirm }: { company: BindPreview; busy: Busy; onConfirm: () => void }) {
  return (
    <Card aria-label="将要加入的企业">
      <Note as="h2" className="company-bind__preview-title">
        将要加入的企业
      </Note>
      <div className="company-bind__name">{company.companyName}</div>
      <div className="company-bind__tax-number">税号 {company.xsfNsrsbh}</div>
      <Note className="company-bind__note">绑定后您将以员工身份加入该企业，并切换为当前企业。</Note>
      <Button
        block
        color="primary"
        size="large"
        loading={busy === 'bind'}
        loadingText="绑定中"
        disabled={busy !== null}
        onClick={onConfirm}
      >
        确认绑定
      </Button>
    </Card>
  );
}

export default function MyCompanyBindPage() {
  const [params] = useSearchParams();
  const initialCode = normalizeCode(params.get('code') ?? '');
  const [form] = Form.useForm<BindForm>();
  const { preview, busy, query, confirm } = useBinding(form);
  const code = normalizeCode(useFieldValue<string>(form, 'code', initialCode));
  const shown = preview && preview.code === code ? preview.company : null;
  useLinkCode(initialCode, form, query);

  return (
    <Page title="绑定企业">
      <div className="company-bind">
        <Note className="company-bind__intro">输入企业管理员提供的绑定码，或用微信扫描企业绑定二维码，即可加入企业并开始开票。</Note>
        <CodeForm form={form} initialCode={initialCode} busy={busy} previewShown={shown !== null} onQuery={(value) => void query(value)} />
        {shown ? <PreviewCard company={shown} busy={busy} onConfirm={() => void confirm(code)} /> : null}
      </div>
    </Page>
  );
}
