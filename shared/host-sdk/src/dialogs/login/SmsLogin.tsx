/**
 * The SMS screen: where the code goes, the 6-digit code field with 发送验证码 beside it, and 提交. A failReason of the
 * task (a wrong code, say) shows as the field's error until the code is edited.
 */
import { useEffect } from 'react';
import { Button } from '@app/ui/button';
import { DotLoading } from '@app/ui/dot-loading';
import { Form, type Rule } from '@app/ui/form';
import { Input } from '@app/ui/input';
import { useTaxAccount } from '../../session-hooks';
import { SendCodeButton } from './SendCodeButton';
import { useSmsLogin } from './use-sms-login';

/** docs/product.md, "Constants". */
export const SMS_CODE_MESSAGE = '请填写验证码(6位数字)';
const SMS_CODE_RULES: Rule[] = [{ required: true, pattern: /^\d{6}$/, message: SMS_CODE_MESSAGE }];

interface SmsForm {
  smsCode: string;
}

export function SmsLogin({ onClose }: { onClose(done: boolean): void }) {
  const { account } = useTaxAccount();
  const sms = useSmsLogin(onClose);
  const [form] = Form.useForm<SmsForm>();

  useEffect(() => {
    if (sms.fieldError) form.setFields([{ name: 'smsCode', errors: [sms.fieldError.message] }]);
  }, [sms.fieldError, form]);

  return (
    <div className="sms-login">
      <p className="sms-login__notice">
        验证码将发送至电子税务局账号绑定的手机
        {account?.phone ? <strong className="sms-login__phone">{account.phone}</strong> : null}
        ，请注意查收。
      </p>
      <Form
        form={form}
        layout="vertical"
        mode="card"
        onFinish={(values: SmsForm) => void sms.submit(values.smsCode)}
        footer={
          <Button block type="submit" color="primary" size="large" loading={sms.stage === 'verifying'} loadingText="登录中">
            提交
          </Button>
        }
      >
        <Form.Item
          name="smsCode"
          label="验证码"
          rules={SMS_CODE_RULES}
          extra={
            <SendCodeButton
              hasTask={sms.hasTask}
              countdown={sms.countdown}
              disabled={!sms.canSend}
              loading={sms.requesting}
              onSend={() => void sms.send()}
            />
          }
        >
          <Input placeholder="6位数字验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" clearable aria-label="验证码" />
        </Form.Item>
      </Form>
      {sms.stage === 'sending' ? (
        <div className="sms-login__status" role="status">
          正在发送验证码
          <DotLoading color="currentColor" />
        </div>
      ) : null}
    </div>
  );
}
