/**
 * 同意开票 of one application or of the batch selected (asked first), announced by what came of each, then the list
 * reloads; `approving` is the row under way, or 'batch'.
 */
import { useState } from 'react';
import { ensureTaxReady } from '@app/host-sdk/dialogs';
import { appHref } from '@app/host-sdk/paths';
import { useNavigate } from '@app/host-sdk/router';
import { Dialog } from '@app/ui/dialog';
import { approveApplications } from '../../features/applications/applications-api';
import { href } from '../../paths';
import { announceApproval } from './announce-approval';
import type { BatchSelection } from './use-batch-selection';

export function useApproval(selection: BatchSelection, { onApproved, reload }: { onApproved(): void; reload(): void }) {
  const navigate = useNavigate();
  const [approving, setApproving] = useState<string | null>(null);

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
      onApproved();
    } catch {
      // The API client has shown the error; the list below shows what is still to do.
    } finally {
      setApproving(null);
      reload();
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

  return {
    approving,
    approveOne: (id: string) => void approve([id], id),
    approveSelected: () => void approveSelected(),
  };
}
