/**
 * `/invoice/applying/list` (never cached): customers' requests from the shop code or a sub-code, waiting for the
 * merchant (待审核). 同意开票 issues the invoice (or leaves it 待开票 while the tax bureau is not ready), 拒绝 asks
 * for a reason; batch mode approves up to 50 at once. The list reloads after every action.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@app/host-sdk/router';
import { Button } from '@app/ui/button';
import { Checkbox } from '@app/ui/checkbox';
import { Page } from '@app/ui/page';
import { PagedList, type PagedListHandle } from '@app/ui/paged-list';
import { href } from '../../paths';
import { ApplicationCard } from '../../features/applications/ApplicationCard';
import { BATCH_LIMIT } from '../../features/applications/applications-api';
import type { Application } from '@app/contract/invoice-application';
import { RejectDialog } from './RejectDialog';
import { useApplyingRows } from './use-applying-rows';
import { useApproval } from './use-approval';
import { useBatchSelection, type BatchSelection } from './use-batch-selection';
import { BottomBar } from '@app/widgets/bottom-bar';
import './applying-list.css';

/** The batch mode's bar: 全选 (of the rows loaded, up to the limit) and 批量同意. */
function BatchBar({
  selection,
  ids,
  approving,
  onApprove,
}: {
  selection: BatchSelection;
  ids: string[];
  approving: boolean;
  onApprove(): void;
}) {
  const count = selection.selected.length;
  const allSelected = count > 0 && ids.slice(0, BATCH_LIMIT).every((id) => selection.isSelected(id));
  return (
    <BottomBar>
      <Checkbox
        className="applying-list__all"
        checked={allSelected}
        indeterminate={!allSelected && count > 0}
        onChange={() => selection.toggleAll(ids)}
      >
        全选
      </Checkbox>
      <Button
        color="primary"
        shape="rounded"
        className="applying-list__approve"
        disabled={count === 0 || approving}
        loading={approving}
        onClick={onApprove}
      >
        批量同意 ({count})
      </Button>
    </BottomBar>
  );
}

/** How many wait (or how many are chosen in batch mode), and the switch to batch mode and back. */
function Summary({ total, batch, selected, onToggle }: { total: number; batch: boolean; selected: number; onToggle(): void }) {
  return (
    <div className="applying-list__summary">
      <span>{batch ? `已选 ${selected} 条，每次最多 ${BATCH_LIMIT} 条` : `共 ${total} 条申请待审核`}</span>
      <Button
        size="mini"
        shape="rounded"
        color="primary"
        fill={batch ? 'solid' : 'outline'}
        className="applying-list__mode"
        onClick={onToggle}
      >
        {batch ? '完成' : '批量处理'}
      </Button>
    </div>
  );
}

export default function InvoiceApplyingListPage() {
  const navigate = useNavigate();
  const list = useRef<PagedListHandle>(null);
  const { rows, total, load } = useApplyingRows();
  const [batch, setBatch] = useState(false);
  const selection = useBatchSelection(BATCH_LIMIT);
  const [rejecting, setRejecting] = useState<Application | null>(null);
  const reload = () => void list.current?.reload();
  const { approving, approveOne, approveSelected } = useApproval(selection, { onApproved: () => setBatch(false), reload });

  const { keepOnly } = selection;
  useEffect(() => keepOnly(rows.map((item) => item.id)), [rows, keepOnly]);
  useEffect(() => {
    if (total === 0) setBatch(false);
  }, [total]);

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
              onClick={() => approveOne(application.id)}
            >
              同意开票
            </Button>
          </>
        )
      }
    />
  );

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
          header={total ? <Summary total={total} batch={batch} selected={selection.selected.length} onToggle={toggleBatch} /> : null}
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
        <BatchBar selection={selection} ids={rows.map((item) => item.id)} approving={approving === 'batch'} onApprove={approveSelected} />
      ) : null}
      <RejectDialog
        application={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={() => {
          setRejecting(null);
          reload();
        }}
      />
    </Page>
  );
}
