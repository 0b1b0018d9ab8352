/**
 * The audit trail's calls: a page of entries after the last one shown (`audit/list`), and the people to filter by
 * (`audit/actors`). The list's page numbers become the server's cursor here: each page remembers its last entry.
 */
import { callApi } from '@app/host-sdk/api-client';
import type { AuditActor, AuditEntry } from '@app/contract/audit';
import type { AuditKind } from '@app/domain/audit-kinds';
import { chinaDate } from '@app/domain/china-time';

export type { AuditActor, AuditEntry };

export interface AuditFilters {
  userId: string | null;
  kind: AuditKind | null;
  /** China days `YYYY-MM-DD`, both included. */
  fromDay: string | null;
  toDay: string | null;
}

export const NO_FILTERS: AuditFilters = { userId: null, kind: null, fromDay: null, toDay: null };

/** An entry as the page shows it: `day` (its China day) heads it when it is the first of its day. */
export interface ShownEntry extends AuditEntry {
  day: string;
  firstOfDay: boolean;
}

export function listActors(): Promise<AuditActor[]> {
  return callApi('audit/actors').then((answer) => answer.list);
}

/** The pages of one query: page n asks after the last entry of page n − 1, and each entry says if it opens its day. */
export function auditPages(filters: AuditFilters) {
  const lastOfPage = new Map<number, { id: string; day: string }>();
  return async (page: number) => {
    const before = page > 1 ? lastOfPage.get(page - 1) : undefined;
    if (page > 1 && !before) return { total: 0, list: [] as ShownEntry[] };
    const { list, hasMore } = await callApi('audit/list', {
      ...(filters.userId && { userId: filters.userId }),
      ...(filters.kind && { kind: filters.kind }),
      ...(filters.fromDay && { fromDay: filters.fromDay }),
      ...(filters.toDay && { toDay: filters.toDay }),
      ...(before && { after: before.id }),
    });
    let previousDay = before?.day ?? null;
    const shown = list.map((entry) => {
      const day = chinaDate(entry.createdAt);
      const firstOfDay = day !== previousDay;
      previousDay = day;
      return { ...entry, day, firstOfDay };
    });
    const last = shown.at(-1);
    if (last) lastOfPage.set(page, { id: last.id, day: last.day });
    // The list asks for more while it holds fewer than `total`: one more than it holds while older entries follow.
    const held = (page - 1) * 20 + shown.length;
    return { total: hasMore ? held + 1 : held, list: shown };
  };
}
