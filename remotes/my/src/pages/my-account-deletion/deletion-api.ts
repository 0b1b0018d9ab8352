/** 注销账号's calls: what will happen, the SMS code, and deleting. */
import type { DeletionPreview } from '@app/contract/account';
import { callApi } from '@app/host-sdk/api-client';

export const deletionPreview = (): Promise<DeletionPreview> => callApi('account/deletionPreview', {});

/** The wait before another code, in seconds (the server's answer, or its 2006 refusal's `waitSeconds`). */
export const sendDeletionCode = (): Promise<{ sentTo: string; waitSeconds: number }> =>
  callApi('account/sendDeletionCode', {}, { noRepeat: true });

/** 2008 (the last manager) is shown by the page; the catalogue stays quiet for it. */
export const deleteAccount = (confirmation: { code: string } | { phrase: string }) =>
  callApi('account/delete', confirmation, { noRepeat: true, handles: [2008] });
