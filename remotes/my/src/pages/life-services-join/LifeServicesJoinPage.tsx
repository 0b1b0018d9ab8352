/**
 * `/tools/join/lifeServices` (生活服务入驻): a company signs up for the life-services partner programme. Once it has
 * a request, the page shows its state (审核中 / 已通过 / 未通过, with the date) instead of the form; after 未通过 the
 * company may apply again.
 */
import { useState, type ReactNode } from 'react';
import { chinaDate } from '@app/domain/china-time';
import { Button } from '@app/ui/button';
import { showToast } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import { Tag } from '@app/ui/tag';
import { Card } from '@app/widgets/card';
import { LoadingCard } from '@app/widgets/form-page';
import { Note } from '@app/widgets/note';
import { LoadProblemView } from '@app/widgets/state-view';
import { useLoadedByCode } from '@app/widgets/use-loaded-by-code';
import { applyLifeService, getMyApplication, type LifeServiceApplication, type LifeServiceForm as FormBody } from './life-service-api';
import { LifeServiceForm } from './LifeServiceForm';
import './life-services-join.css';

/** A company has one request at a time: the address names none, so the load is keyed by this. */
const THE_COMPANYS = 'company';

const STATE_LOOK: Record<LifeServiceApplication['state'], { color: 'warning' | 'success' | 'danger'; note: string }> = {
  审核中: { color: 'warning', note: '我们会在 3 个工作日内审核，并通过您留下的电话与您联系。' },
  已通过: { color: 'success', note: '恭喜，您已成为生活服务合作商户，客户经理将与您联系开通事宜。' },
  未通过: { color: 'danger', note: '很抱歉，本次申请未通过审核。您可以完善信息后重新提交。' },
};

function ApplicationState({ application, onApplyAgain }: { application: LifeServiceApplication; onApplyAgain: () => void }) {
  const look = STATE_LOOK[application.state];
  return (
    <Card
      title="入驻申请"
      aria-label="入驻申请"
      extra={
        <Tag color={look.color} fill="solid">
          {application.state}
        </Tag>
      }
    >
      <Note>{look.note}</Note>
      <dl className="life-join__fields">
        <dt>提交日期</dt>
        <dd>{chinaDate(application.createdAt)}</dd>
        <dt>联系人</dt>
        <dd>{application.contactName}</dd>
        <dt>联系电话</dt>
        <dd>{application.phone}</dd>
        <dt>所在城市</dt>
        <dd>{application.city}</dd>
        <dt>经营类型</dt>
        <dd>{application.kind}</dd>
        {application.remarks ? (
          <>
            <dt>补充说明</dt>
            <dd>{application.remarks}</dd>
          </>
        ) : null}
      </dl>
      {application.state === '未通过' ? (
        <Button block color="primary" fill="outline" onClick={onApplyAgain}>
          重新申请
        </Button>
      ) : null}
    </Card>
  );
}

export default function LifeServicesJoinPage() {
  const { loaded, retry, show } = useLoadedByCode(THE_COMPANYS, getMyApplication, undefined);
  /** After 未通过, the user chose to apply again: the form, filled with the last request. */
  const [again, setAgain] = useState(false);

  async function submit(body: FormBody) {
    const application = await applyLifeService(body);
    showToast({ icon: 'success', content: '提交成功，请等待审核' });
    setAgain(false);
    show(application);
  }

  let body: ReactNode;
  if (loaded.state === 'loading') {
    body = <LoadingCard />;
  } else if (loaded.state !== 'ready') {
    body = <LoadProblemView problem={loaded} missing={{ title: '入驻申请不存在' }} onRetry={retry} />;
  } else if (loaded.value && !again) {
    body = <ApplicationState application={loaded.value} onApplyAgain={() => setAgain(true)} />;
  } else {
    body = (
      <>
        <section className="life-join__intro" aria-label="计划介绍">
          <h2 className="life-join__intro-title">生活服务合作计划</h2>
          <p>入驻后，您的门店将出现在优税通生活服务频道，顾客到店消费可直接开具电子发票，享受流量扶持与专属客户经理服务。</p>
        </section>
        <LifeServiceForm initial={loaded.value ?? undefined} onSubmit={submit} />
      </>
    );
  }

  return <Page title="生活服务入驻">{body}</Page>;
}
