/**
 * The calls of the user's invoice titles (`@app/contract/title`), for the titles screens and for the invoice form that
 * picks a title. Every change made through here is announced (titles-changes.ts), so a title list kept alive in the
 * page cache reloads when it is shown again.
 */
import { callApi } from '@app/host-sdk/api-client';
import { LOAD_PROBLEM_CODES } from '@app/widgets/load-problem';
import type { Title, TitleFields } from '@app/domain/invoice-title';
import type { PagedResult } from '@app/ui/paging';
import { titlesRevision } from './titles-changes';

export type { Title, TitleFields, TitleKind } from '@app/domain/invoice-title';

/** What `title/save` takes: the fields, the default flag, and the id when editing. */
export interface TitleInput extends TitleFields {
  id?: string;
  isDefault: boolean;
}

/** One page of the titles, the default first, then the newest. */
export function listTitles(page: number): Promise<PagedResult<Title>> {
  return callApi('title/list', { page });
}

/** One title to edit; an unknown one or another user's the form page says itself (`load-problem`). */
export function getTitle(id: string): Promise<Title> {
  return callApi('title/get', { id }, { handles: LOAD_PROBLEM_CODES });
}

export function saveTitle(input: TitleInput): Promise<Title> {
  return titlesRevision.after(callApi('title/save', input, { noRepeat: true }));
}

export function setDefaultTitle(id: string): Promise<Title> {
  return titlesRevision.after(callApi('title/setDefault', { id }, { noRepeat: true }));
}

export async function deleteTitle(id: string): Promise<void> {
  await titlesRevision.after(callApi('title/delete', { id }, { noRepeat: true }));
}
