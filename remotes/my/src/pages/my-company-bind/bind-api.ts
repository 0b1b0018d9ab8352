/** The calls of 绑定企业: which company a code binds to, and binding with it. */
import type { CallResult } from '@app/contract/api';
import { callApi } from '@app/host-sdk/api-client';

export type BindPreview = CallResult<'company/previewBind'>;
export type BindResult = CallResult<'company/bind'>;

/** The codes the page explains under the field itself: bad input, unknown or expired code, already a member. */
export const FIELD_ERRORS = [4000, 4004, 2005] as const;

export function previewBind(code: string): Promise<BindPreview> {
  return callApi('company/previewBind', { code }, { handles: FIELD_ERRORS });
}

export function bindCompany(code: string): Promise<BindResult> {
  return callApi('company/bind', { code }, { handles: FIELD_ERRORS, noRepeat: true });
}

/** A code as typed or pasted: letters and digits only (spaces and dashes dropped). */
export function normalizeCode(value: unknown): string {
  return typeof value === 'string' ? value.replace(/[\s-]+/g, '') : '';
}

export const CODE_PATTERN = /^[A-Za-z0-9]{4,16}$/;
