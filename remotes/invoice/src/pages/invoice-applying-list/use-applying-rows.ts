/** The applications waiting for the merchant as the list loads them: the rows so far (for 全选) and the total, once known. */
import { useState } from 'react';
import type { Application } from '@app/contract/invoice-application';
import { listApplications } from '../../features/applications/applications-api';

export function useApplyingRows() {
  const [rows, setRows] = useState<Application[]>([]);
  const [total, setTotal] = useState<number | null>(null);

  const load = async (page: number) => {
    const result = await listApplications('待审核', page);
    if (page === 1) {
      setTotal(result.total);
      setRows(result.list);
    } else {
      setRows((current) => [...current, ...result.list.filter((item) => !current.some((known) => known.id === item.id))]);
    }
    return result;
  };

  return { rows, total, load };
}
