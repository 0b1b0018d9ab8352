/**
 * `/my/taxAccount/resetHelp` (重置密码帮助): the steps to reset the e-tax password at the tax bureau, for the region
 * chosen (the company's own region first), then back here to 设置账号 with the new password.
 */
import { useState } from 'react';
import { useNavigate } from '@app/host-sdk/router';
import { useServicesConfig, useSession } from '@app/host-sdk/session-hooks';
import { Button } from '@app/ui/button';
import { Selector } from '@app/ui/selector';
import { Page } from '@app/ui/page';
import { Digits } from '@app/widgets/digits';
import { href } from '../../paths';
import { GENERAL_REGION, guideFor, regionOfTaxNumber } from './reset-guides';
import './reset-help.css';

export default function MyTaxAccountResetHelpPage() {
  const navigate = useNavigate();
  const config = useServicesConfig();
  const { company } = useSession();
  const areas = config?.etaxAreas ?? [];
  const options = [...areas.map((area) => ({ label: area.name, value: area.code })), { label: '其他地区', value: GENERAL_REGION }];
  const own = regionOfTaxNumber(company?.xsfNsrsbh);
  const [chosen, setChosen] = useState<string | null>(null);
  const region = chosen ?? (own && areas.some((area) => area.code === own) ? own : (areas[0]?.code ?? GENERAL_REGION));
  const guide = guideFor(region);

  const steps = [
    {
      title: '打开电子税务局',
      body: (
        <>
          用浏览器访问{guide.service}（<Digits>{guide.site}</Digits>），或打开{guide.apps}。
        </>
      ),
    },
    { title: '选择“忘记密码”', body: '在登录页点击“忘记密码”（部分页面为“找回密码”或“重置密码”）。' },
    { title: '验证身份', body: `${guide.verify}。` },
    {
      title: '设置新密码',
      body: (
        <>
          按页面要求设置新的登录密码（一般为 <Digits>8–20</Digits> 位，含字母和数字），提交后请牢记。
        </>
      ),
    },
    { title: '回到优税通设置账号', body: '在“设置账号”中填入新密码并保存，然后重新登录税务局即可继续开票。' },
  ];

  return (
    <Page title="重置密码帮助">
      <div className="reset-help">
        <p className="reset-help__intro">
          电子税务局密码由税务局管理，优税通无法代为重置。请按以下步骤在税务局重置后，再回到这里更新账号。
        </p>
        <section className="reset-help__card" aria-label="所在地区">
          <h2 className="reset-help__title">所在地区</h2>
          <Selector
            columns={3}
            options={options}
            value={[region]}
            // A single-choice Selector may be tapped off: keep the last choice.
            onChange={(value) => value[0] && setChosen(value[0])}
          />
        </section>
        <section className="reset-help__card" aria-label="重置步骤">
          <h2 className="reset-help__title">{guide.service}</h2>
          <ol className="reset-help__steps">
            {steps.map((step, index) => (
              <li key={step.title} className="reset-help__step">
                <span className="reset-help__number" aria-hidden="true">
                  {index + 1}
                </span>
                <div className="reset-help__text">
                  <div className="reset-help__step-title">{step.title}</div>
                  <p className="reset-help__step-body">{step.body}</p>
                </div>
              </li>
            ))}
          </ol>
          {guide.tip ? <p className="reset-help__tip">提示：{guide.tip}</p> : null}
        </section>
        <div className="reset-help__actions">
          <Button block color="primary" size="large" onClick={() => navigate(href('myTaxAccountSet'))}>
            已重置，去设置账号
          </Button>
        </div>
      </div>
    </Page>
  );
}
