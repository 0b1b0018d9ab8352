/**
 * `/tools/join/lifeServices` (生活服务入驻): a company signs up for the life-services partner programme. Once it has
 * a request, the page shows its state (审核中 / 已通过 / 未通过, with the date) instead of the form; after 未通过 the
 * company may apply again.
 */
import { useEffect, useState } from 'react';
import { chinaDate } from '@app/domain/china-time';
import { Button } from '@app/ui/button';
import { showToast } from '@app/ui/feedback';
import { Page } from '@app/ui/page';
import { Tag } from '@app/ui/tag';
import { LoadFailed, loadFailureMessage, LoadingCard } from '@app/widgets/form-page';
import { Card } from '@app/widgets/card';
import { Note } from '@app/widgets/note';
import { applyLifeService, getMyApplication, type LifeServiceApplication, type LifeServiceForm as FormBody } from './life-service-api';
import { LifeServiceForm } from './LifeServiceForm';
import './life-services-join.css';

type Loaded = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; application: LifeServiceApplication | null };

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
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  /** After 未通过, the user chose to apply again: the form, filled with the last request. */
  const [again, setAgain] = useState(false);

  useEffect(() => {
    let current = true;
    getMyApplication().then(
      (application) => current && setLoaded({ state: 'ready', application }),
      (error: unknown) => current && setLoaded({ state: 'failed', message: loadFailureMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  async function submit(body: FormBody) {
    const application = await applyLifeService(body);
    showToast({ icon: 'success', content: '提交成功，请等待审核' });
    setAgain(false);
    setLoaded({ state: 'ready', application });
  }

  let body;
  if (loaded.state === 'loading') {
    body = <LoadingCard />;
  } else if (loaded.state === 'failed') {
    body = <LoadFailed message={loaded.message} onRetry={() => (setLoaded({ state: 'loading' }), setAttempt((value) => value + 1))} />;
  } else if (loaded.application && !again) {
    body = <ApplicationState application={loaded.application} onApplyAgain={() => setAgain(true)} />;
  } else {
    body = (
      <>
        <section className="life-join__intro" aria-label="计划介绍">
          <h2 className="life-join__intro-title">生活服务合作计划</h2>
          <p>入驻后，您的门店将出现在优税通生活服务频道，顾客到店消费可直接开具电子发票，享受流量扶持与专属客户经理服务。</p>
        </section>
        <LifeServiceForm initial={loaded.application ?? undefined} onSubmit={submit} />
      </>
    );
  }

  return <Page title="生活服务入驻">{body}</Page>;
}
