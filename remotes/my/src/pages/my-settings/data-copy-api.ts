/**
 * 个人信息副本's calls: made at once (`account/createDataCopy`), a fresh link (`account/getDataCopy`), e-mailed by a
 * queued task (`account/sendDataCopy`, then followed with `account/getDataCopy`).
 */
import type { DataCopyFormat } from '@app/contract/account';
import type { ExportJob } from '@app/contract/export';
import { callApi } from '@app/host-sdk/api-client';

export const createDataCopy = (format: DataCopyFormat): Promise<ExportJob> =>
  callApi('account/createDataCopy', { format }, { noRepeat: true });

export const getDataCopy = (id: string): Promise<ExportJob> => callApi('account/getDataCopy', { id });

/** Read again while its e-mail is being sent: the poll answers a failure itself (`useJobPolling`). */
export const pollDataCopy = (id: string): Promise<ExportJob> => callApi('account/getDataCopy', { id }, { handles: true });

export const sendDataCopy = (id: string, email: string): Promise<ExportJob> =>
  callApi('account/sendDataCopy', { id, email }, { noRepeat: true });
