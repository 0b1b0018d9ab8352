/**
 * `/invoice/applying/list` (never cached): customers' requests from the shop code or a sub-code, waiting for the
 * merchant (待审核). 同意开票 issues the invoice (or leaves it 待开票 while the tax bureau is not ready), 拒绝 asks
 * for a reason; batch mode approves up to 50 at once. The list reloads after every action.
 */
import { useEffect, useRef, useState } from 'react';
import { ensureTaxReady } from '@app/host-sdk/dialogs';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Checkbox } from '@app/ui/checkbox';
import { Dialog } from '@app/ui/dialog';
import { Page } from '@app/ui/page';
import { PagedList, type PagedListHandle } from '@app/ui/paged-list';
import { href } from '../../paths';
import { ApplicationCard } from '../../features/applications/ApplicationCard';
import { approveApplications, BATCH_LIMIT, listApplications } from '../../features/applications/applications-api';
import type { Application } from '@app/contract/invoice-application';
import { announceApproval } from './announce-approval';
import { RejectDialog } from './RejectDialog';
import { useBatchSelection } from './use-batch-selection';
import { BottomBar } from '@app/widgets/bottom-bar';
import './applying-list.css';

export default function InvoiceApplyingListPage() {
  const navigate = useNavigate();
  const list = useRef<PagedListHandle>(null);
  /** The rows loaded so far (for 全选) and how many there are, once known. */
  const [loaded, setLoaded] = useState<Application[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [batch, setBatch] = useState(false);
  const selection = useBatchSelection(BATCH_LIMIT);
  /** The row whose approval is under way, or 'batch'. */
  const [approving, setApproving] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<Application | null>(null);

  const load = async (page: number) => {
    const result = await listApplications('待审核', page);
    if (page === 1) {
      setTotal(result.total);
      setLoaded(result.list);
    } else {
      setLoaded((current) => [...current, ...result.list.filter((item) => !current.some((known) => known.id === item.id))]);
    }
    return result;
  };

  const { keepOnly } = selection;
  useEffect(() => keepOnly(loaded.map((item) => item.id)), [loaded, keepOnly]);
  useEffect(() => {
    if (total === 0) setBatch(false);
  }, [total]);

  const reload = () => list.current?.reload();

  async function approve(ids: string[], key: string) {
    setApproving(key);
    try {
      const results = await approveApplications(ids);
      announceApproval(results, {
        openTask: (taskId) => navigate(appHref('invoiceTaskDetail', {}, { id: taskId })),
        openWaiting: () => navigate(href('invoiceWaitingList')),
        getTaxReady: ensureTaxReady,
      });
      selection.clear();
      setBatch(false);
    } catch {
      // The API client has shown the error; the list below shows what is still to do.
    } finally {
      setApproving(null);
      void reload();
    }
  }

  async function approveSelected() {
    const ids = selection.selected;
    if (ids.length === 0) return;
    const confirmed = await Dialog.confirm({
      title: '批量同意',
      content: `确定同意选中的 ${ids.length} 条申请并开具发票吗？`,
      confirmText: '同意开票',
      cancelText: '取消',
    });
    if (confirmed) await approve(ids, 'batch');
  }

  const toggleBatch = () => {
    selection.clear();
    setBatch(!batch);
  };

  const renderItem = (application: Application) => (
    <ApplicationCard
      application={application}
      selection={batch ? { selected: selection.isSelected(application.id), onToggle: () => selection.toggle(application.id) } : undefined}
      actions={
        batch ? null : (
          <>
            <Button size="small" shape="rounded" disabled={approving !== null} onClick={() => setRejecting(application)}>
              拒绝
            </Button>
            <Button
              size="small"
              shape="rounded"
              color="primary"
              loading={approving === application.id}
              disabled={approving !== null}
              onClick={() => void approve([application.id], application.id)}
            >
              同意开票
            </Button>
          </>
        )
      }
    />
  );

  const loadedIds = loaded.map((item) => item.id);
  const allSelected = selection.selected.length > 0 && loadedIds.slice(0, BATCH_LIMIT).every((id) => selection.isSelected(id));

  return (
    <Page title="开票申请">
      <div className={batch ? 'applying-list applying-list--batch' : 'applying-list'}>
        <PagedList<Application>
          ref={list}
          queryKey="applying"
          load={load}
          itemKey={(application) => application.id}
          renderItem={renderItem}
          skeletonRows={3}
          header={
            total ? (
              <div className="applying-list__summary">
                <span>{batch ? `已选 ${selection.selected.length} 条，每次最多 ${BATCH_LIMIT} 条` : `共 ${total} 条申请待审核`}</span>
                <Button
                  size="mini"
                  shape="rounded"
                  color="primary"
                  fill={batch ? 'solid' : 'outline'}
                  className="applying-list__mode"
                  onClick={toggleBatch}
                >
                  {batch ? '完成' : '批量处理'}
                </Button>
              </div>
            ) : null
          }
          empty={{
            description: '暂无待处理的开票申请',
            action: (
              <Button color="primary" size="small" onClick={() => navigate(href('invoiceQrcode'))}>
                查看开票二维码
              </Button>
            ),
          }}
        />
      </div>
      {batch ? (
        <BottomBar>
          <Checkbox
            className="applying-list__all"
            checked={allSelected}
            indeterminate={!allSelected && selection.selected.length > 0}
            onChange={() => selection.toggleAll(loadedIds)}
          >
            全选
          </Checkbox>
          <Button
            color="primary"
            shape="rounded"
            className="applying-list__approve"
            disabled={selection.selected.length === 0 || approving !== null}
            loading={approving === 'batch'}
            onClick={() => void approveSelected()}
          >
            批量同意 ({selection.selected.length})
          </Button>
        </BottomBar>
      ) : null}
      <RejectDialog
        application={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={() => {
          setRejecting(null);
          void reload();
        }}
      />
    </Page>
  );
}
