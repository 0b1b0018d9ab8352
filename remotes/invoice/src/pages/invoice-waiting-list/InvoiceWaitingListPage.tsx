/**
 * `/invoice/waiting/list` (never cached): approved applications not yet issued (待开票), because the tax-bureau login
 * or today's face authentication was missing. A notice says why, with the button that fixes it; 开具 issues one,
 * 开具全部 every waiting one. The list reloads after every action.
 */
import { useRef, useState } from 'react';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { NoticeBar } from '@app/ui/notice-bar';
import { Page } from '@app/ui/page';
import { PagedList, type PagedListHandle } from '@app/ui/paged-list';
import { href } from '../../paths';
import { ApplicationCard } from '../../features/applications/ApplicationCard';
import { listApplications } from '../../features/applications/applications-api';
import type { Application } from '@app/contract/invoice-application';
import { readyActionText } from '../../features/applications/blocked-reason';
import { useWaitingIssue } from './use-waiting-issue';
import { BottomBar } from '@app/widgets/bottom-bar';
import './waiting-list.css';

/** Why the applications wait, with the button that fixes it. */
function BlockedNotice({ reason, onGetReady }: { reason: string; onGetReady(): void }) {
  return (
    <NoticeBar
      className="waiting-list__notice"
      color="alert"
      wrap
      content={reason}
      extra={
        <Button size="mini" color="warning" fill="outline" shape="rounded" onClick={onGetReady}>
          {readyActionText(reason)}
        </Button>
      }
    />
  );
}

export default function InvoiceWaitingListPage() {
  const navigate = useNavigate();
  const list = useRef<PagedListHandle>(null);
  const [total, setTotal] = useState<number | null>(null);
  /** Why the applications wait, as the server judged it with the last first page (null: nothing blocks them). */
  const [blockedReason, setBlockedReason] = useState<string | null>(null);
  const { issuing, issueOne, issueAll, getReady } = useWaitingIssue(() => void list.current?.reload());

  const load = async (page: number) => {
    const result = await listApplications('待开票', page);
    if (page === 1) {
      setTotal(result.total);
      setBlockedReason(result.list.find((item) => item.blockedReason)?.blockedReason ?? null);
    }
    return result;
  };

  return (
    <Page title="待开票">
      <div className={total ? 'waiting-list waiting-list--with-bar' : 'waiting-list'}>
        <PagedList<Application>
          ref={list}
          queryKey="waiting"
          load={load}
          itemKey={(application) => application.id}
          skeletonRows={3}
          header={
            total ? (
              <>
                {blockedReason ? <BlockedNotice reason={blockedReason} onGetReady={getReady} /> : null}
                <div className="waiting-list__summary">共 {total} 条已同意、待开具的申请</div>
              </>
            ) : null
          }
          renderItem={(application) => (
            <ApplicationCard
              application={application}
              actions={
                <Button
                  size="small"
                  shape="rounded"
                  color="primary"
                  loading={issuing === application.id}
                  disabled={issuing !== null}
                  onClick={() => issueOne(application.id)}
                >
                  开具
                </Button>
              }
            />
          )}
          empty={{
            description: '没有待开具的发票',
            action: (
              <Button color="primary" size="small" onClick={() => navigate(href('invoiceApplyingList'))}>
                查看开票申请
              </Button>
            ),
          }}
        />
      </div>
      {total ? (
        <BottomBar>
          <Button block color="primary" size="large" loading={issuing === 'all'} disabled={issuing !== null} onClick={issueAll}>
            开具全部 ({total})
          </Button>
        </BottomBar>
      ) : null}
    </Page>
  );
}
