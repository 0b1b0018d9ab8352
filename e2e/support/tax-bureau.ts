/** Reaching into the e-tax simulator the way a phone would: the SMS inbox, opening a scanned QR code, the fault switch. */
import type { Page } from '@playwright/test';

export async function latestSmsCode(baseUrl: string, phone: string, after?: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const response = await fetch(`${baseUrl}/etax-sim/api/latest-sms?phone=${phone}`);
    if (response.ok) {
      const { code, sentAt } = (await response.json()) as { code: string; sentAt: string };
      if (!after || sentAt > after) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no SMS for ${phone}`);
}

/** What the tax app does with a scanned QR code: opens its URL. */
export async function scan(page: Page, baseUrl: string, storageKey: 'pendingTask.qrLogin' | 'pendingTask.face') {
  const id = await page.evaluate((key) => sessionStorage.getItem(key) ?? localStorage.getItem(key), storageKey);
  if (!id) throw new Error(`no pending task in ${storageKey}`);
  const response = await fetch(`${baseUrl}/etax-sim/scan/${id}`);
  if (!response.ok) throw new Error(`scan failed: ${response.status}`);
}

export async function setFault(baseUrl: string, mode: 'none' | 'fail' | 'slow' | 'hang', reason?: string) {
  await fetch(`${baseUrl}/etax-sim/fault`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode, reason }) });
}
