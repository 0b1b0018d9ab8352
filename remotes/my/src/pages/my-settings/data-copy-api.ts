/** 个人信息副本's calls: made at once (`account/createDataCopy`), a fresh link (`account/getDataCopy`), e-mailed. */
import type { DataCopyFormat } from '@app/contract/account';
import type { ExportJob } from '@app/contract/export';
import { callApi } from '@app/host-sdk/api-client';

export const createDataCopy = (format: DataCopyFormat): Promise<ExportJob> =>
  callApi('account/createDataCopy', { format }, { noRepeat: true });

export const getDataCopy = (id: string): Promise<ExportJob> => callApi('account/getDataCopy', { id });

export const sendDataCopy = (id: string, email: string): Promise<ExportJob> =>
  callApi('account/sendDataCopy', { id, email }, { noRepeat: true });
