/** The folder's filters: what each dropdown offers and the query they make. */
import { TICKET_TYPES, TICKET_VERIFY_STATES, type TicketType, type TicketVerifyState } from '@app/domain/ticket';
import type { TicketQuery } from './ticket-index-api';

export type Reimbursed = 'yes' | 'no';

export interface TicketFilters {
  type: TicketType | null;
  verifyState: TicketVerifyState | null;
  reimbursed: Reimbursed | null;
  keyword: string;
}

export const NO_FILTERS: TicketFilters = { type: null, verifyState: null, reimbursed: null, keyword: '' };

export const TYPE_OPTIONS = TICKET_TYPES.map((type) => ({ value: type, label: type }));
export const VERIFY_OPTIONS = TICKET_VERIFY_STATES.map((state) => ({ value: state, label: state }));
export const REIMBURSED_OPTIONS: { value: Reimbursed; label: string }[] = [
  { value: 'no', label: '未报销' },
  { value: 'yes', label: '已报销' },
];

export function queryOf(filters: TicketFilters): TicketQuery {
  const keyword = filters.keyword.trim();
  return {
    ...(filters.type && { type: filters.type }),
    ...(filters.verifyState && { verifyState: filters.verifyState }),
    ...(filters.reimbursed && { reimbursed: filters.reimbursed === 'yes' }),
    ...(keyword && { keyword }),
  };
}

export function hasFilters(filters: TicketFilters): boolean {
  return filters.type !== null || filters.verifyState !== null || filters.reimbursed !== null || filters.keyword.trim() !== '';
}

/** The filters in words, for the export sheet: 增值税专用发票、未报销、“杭州”. */
export function filterWordsOf(filters: TicketFilters): string[] {
  const keyword = filters.keyword.trim();
  const reimbursed = REIMBURSED_OPTIONS.find((option) => option.value === filters.reimbursed)?.label ?? null;
  return [filters.type, filters.verifyState, reimbursed, keyword ? `“${keyword}”` : null].filter((word): word is string => word !== null);
}
