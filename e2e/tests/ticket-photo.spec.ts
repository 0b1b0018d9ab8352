/**
 * 图片导入 reads an invoice photo however it was taken (docs/product.md, the ticket folder): photos of a printed
 * invoice upside down, sideways and very dim — the kinds jsQR, the reader before, missed — are read in the browser by
 * ZXing's WebAssembly under the page's Content-Security-Policy (the test fails on any violation). The reader is not part
 * of the page's first load: its script and WebAssembly are fetched when a picture is being chosen, from the ticket
 * remote's release (brotli, cached for a year), never from a CDN.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Response } from '@playwright/test';
import { expect, test } from '../support/test';
import { currentPage, expectPage } from '../support/app';
import { as } from '../support/roles';

test.use(as('企业管理员'));

const PHOTOS = join(import.meta.dirname, '..', '..', 'remotes', 'ticket', 'src', 'test-support', 'fixtures', 'photos');
const NUMBER = '25332000000012345678';

const region = (page: Page, name: string) => currentPage(page).getByRole('region', { name, exact: true });
const detailRow = (card: ReturnType<typeof region>, label: string) =>
  card
    .locator('div')
    .filter({ has: card.page().getByText(label, { exact: true }) })
    .last();

test('photos upside down, sideways and very dim are read in the browser; the reader loads only when a picture is chosen', async ({
  page,
}) => {
  const wasm: Response[] = [];
  const otherOrigins: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.wasm')) wasm.push(response);
  });
  page.on('request', (request) => {
    if (
      !request.url().startsWith(process.env.E2E_BASE_URL ?? '') &&
      !request.url().startsWith('blob:') &&
      !request.url().startsWith('data:')
    )
      otherOrigins.push(request.url());
  });
  await page.goto('/ticket/import/image');
  await expectPage(page, { owner: 'ticket', name: 'TicketImportImage', title: '图片导入' });
  await page.waitForLoadState('networkidle');
  expect(wasm).toEqual([]);

  const input = currentPage(page).getByLabel('选择发票图片');
  const preview = currentPage(page).getByRole('img', { name: '所选发票图片' });
  let previous: string | null = null;
  for (const file of ['upside-down.jpg', 'sideways-270.jpg', 'very-dim-upside-down.jpg']) {
    await input.setInputFiles({ name: file, mimeType: 'image/jpeg', buffer: readFileSync(join(PHOTOS, file)) });
    // The page shows the new photo as it starts reading it (and no result of the one before).
    await expect.poll(() => preview.getAttribute('src')).not.toBe(previous);
    previous = await preview.getAttribute('src');
    const found = region(page, '识别结果');
    await expect(detailRow(found, '发票号码')).toHaveText(`发票号码${NUMBER}`);
    await expect(detailRow(found, '开票日期')).toHaveText('开票日期2025-03-15');
    await expect(currentPage(page).getByRole('alert')).toHaveCount(0);
  }
  await page.screenshot({ path: test.info().outputPath('ticket-photo-read.png'), scale: 'css' });

  // One fetch of the WebAssembly, from this remote's release, compressed and cached for a year.
  expect(wasm).toHaveLength(1);
  const [reader] = wasm as [Response];
  expect(new URL(reader.url()).pathname).toMatch(/^\/remotes\/ticket\/[^/]+\/static\/wasm\/zxing_reader\.[0-9a-f]{10}\.wasm$/);
  const headers = await reader.allHeaders();
  expect(headers['content-type']).toBe('application/wasm');
  expect(headers['content-encoding']).toBe('br');
  expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(otherOrigins).toEqual([]);
});
