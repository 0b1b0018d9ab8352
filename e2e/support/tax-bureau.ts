/** Reaching into the e-tax simulator the way a phone would: the SMS inbox, opening a scanned QR code, the fault switch. */
import type { Page } from '@playwright/test';
import { until } from './wait';

export async function latestSmsCode(baseUrl: string, phone: string, after?: string): Promise<string> {
  return until(`an SMS to ${phone}`, async () => {
    const response = await fetch(`${baseUrl}/etax-sim/api/latest-sms?phone=${phone}`);
    if (!response.ok) return null;
    const { code, sentAt } = (await response.json()) as { code: string; sentAt: string };
    return !after || sentAt > after ? code : null;
  });
}

/** The task the app saved as pending for its current company (`pendingTask.<kind>.<company id>`). */
export async function pendingTaskId(page: Page, kind: 'qrLogin' | 'face'): Promise<string | null> {
  return page.evaluate((prefix) => {
    for (const storage of [sessionStorage, localStorage]) {
      for (let index = 0; index < storage.length; index++) {
        const key = storage.key(index);
        if (key?.startsWith(prefix)) return storage.getItem(key);
      }
    }
    return null;
  }, `pendingTask.${kind}.`);
}

/** What the tax app does with a scanned QR code: opens its URL. */
export async function scan(page: Page, baseUrl: string, kind: 'qrLogin' | 'face') {
  const id = await pendingTaskId(page, kind);
  if (!id) throw new Error(`no pending ${kind} task`);
  const response = await fetch(`${baseUrl}/etax-sim/scan/${id}`);
  if (!response.ok) throw new Error(`scan failed: ${response.status}`);
}

export async function setFault(baseUrl: string, mode: 'none' | 'fail' | 'slow' | 'hang', reason?: string) {
  await fetch(`${baseUrl}/etax-sim/fault`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mode, reason }),
  });
}
