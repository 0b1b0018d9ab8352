/**
 * `npm run fixtures:qr`: makes the ticket import's photo fixtures (remotes/ticket/src/test-support/fixtures/photos/):
 * the app's own invoice PDF (a 数电专票 of the server's PDF tests), rendered with pdf.js, photographed in Chromium the
 * ways people photograph a printed invoice — flat, turned, upside down, sideways, tilted away (perspective), dim or
 * half in shadow, shaken, small in a corner of the frame — and saved as JPEGs with `photos.json`, which names each
 * photo, says what it shows and holds the text of its QR code. `npm run bench:qr` and the decoder's tests read them.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { chinaDate } from '@app/domain/china-time';
import { invoiceQrPayload } from '@app/domain/invoice-qr';
import { renderInvoicePdf } from '../../server/src/invoices/invoice-pdf';
import { blueInvoice } from '../../server/test/support/invoice-fixtures';
import { launchOptions } from '../support/browser';
import { photographInvoice, renderPdfPage, type PhotoShot } from '../support/invoice-photo';

const OUT = join(import.meta.dirname, '..', '..', 'remotes', 'ticket', 'src', 'test-support', 'fixtures', 'photos');

/** A phone's photo in landscape and in portrait, as it reaches the page (the page reads at most 1600 px long). */
const LANDSCAPE = { width: 1600, height: 1200 };
const PORTRAIT = { width: 1200, height: 1600 };

const SHOTS: { name: string; what: string; shot: PhotoShot }[] = [
  { name: 'flat', what: '平放，正对', shot: { ...LANDSCAPE, paperWidth: 1400 } },
  { name: 'turned-5', what: '顺时针转 5°', shot: { ...LANDSCAPE, paperWidth: 1350, turn: 5 } },
  { name: 'turned-minus-12', what: '逆时针转 12°', shot: { ...LANDSCAPE, paperWidth: 1250, turn: -12 } },
  { name: 'turned-30', what: '转 30°', shot: { ...LANDSCAPE, paperWidth: 1100, turn: 30 } },
  { name: 'turned-45', what: '转 45°', shot: { ...LANDSCAPE, paperWidth: 1000, turn: 45 } },
  { name: 'turned-37-tilted', what: '转 37°，透视', shot: { ...LANDSCAPE, paperWidth: 1000, turn: 37, tilt: [25, 0] } },
  { name: 'turned-135', what: '转 135°', shot: { ...LANDSCAPE, paperWidth: 1000, turn: 135 } },
  { name: 'turned-210', what: '转 210°', shot: { ...LANDSCAPE, paperWidth: 1100, turn: 210 } },
  { name: 'turned-315', what: '逆时针转 45°', shot: { ...LANDSCAPE, paperWidth: 1000, turn: 315 } },
  { name: 'upside-down', what: '倒置 180°', shot: { ...LANDSCAPE, paperWidth: 1400, turn: 180 } },
  { name: 'upside-down-177', what: '倒置，略斜 (177°)', shot: { ...LANDSCAPE, paperWidth: 1350, turn: 177 } },
  { name: 'upside-down-dim', what: '倒置，暗光', shot: { ...LANDSCAPE, paperWidth: 1350, turn: 183, brightness: 0.5, contrast: 0.8 } },
  { name: 'sideways-90', what: '侧放 90° (竖拍)', shot: { ...PORTRAIT, paperWidth: 1450, turn: 90 } },
  { name: 'sideways-270', what: '侧放 270° (竖拍)', shot: { ...PORTRAIT, paperWidth: 1450, turn: 270 } },
  { name: 'sideways-92-tilted', what: '侧放 92°，透视', shot: { ...PORTRAIT, paperWidth: 1350, turn: 92, tilt: [0, 25] } },
  { name: 'portrait-upright', what: '竖拍，正对', shot: { ...PORTRAIT, paperWidth: 1100 } },
  { name: 'dim', what: '暗光', shot: { ...LANDSCAPE, paperWidth: 1350, turn: 3, brightness: 0.45, contrast: 0.75 } },
  { name: 'very-dim', what: '很暗', shot: { ...LANDSCAPE, paperWidth: 1350, turn: 3, brightness: 0.2, contrast: 0.6 } },
  { name: 'very-dim-upside-down', what: '很暗，倒置', shot: { ...LANDSCAPE, paperWidth: 1350, turn: 183, brightness: 0.2, contrast: 0.6 } },
  { name: 'shadow', what: '阴影落在二维码一侧', shot: { ...LANDSCAPE, paperWidth: 1350, turn: -4, shadow: true } },
  { name: 'perspective-away', what: '透视：上端远离镜头 (35°)', shot: { ...LANDSCAPE, paperWidth: 1350, tilt: [35, 0] } },
  { name: 'perspective-side', what: '透视：侧向 (35°)', shot: { ...LANDSCAPE, paperWidth: 1300, tilt: [0, 35] } },
  { name: 'perspective-upside-down', what: '透视 + 倒置', shot: { ...LANDSCAPE, paperWidth: 1300, turn: 180, tilt: [30, -15] } },
  { name: 'shaken', what: '手抖模糊', shot: { ...LANDSCAPE, paperWidth: 1400, turn: 2, blur: 1.2 } },
  { name: 'small-corner', what: '小图在左上角', shot: { ...LANDSCAPE, paperWidth: 760, centre: [0.28, 0.26], turn: -3 } },
  {
    name: 'small-corner-upside-down',
    what: '小图在右下角，倒置',
    shot: { ...LANDSCAPE, paperWidth: 760, centre: [0.72, 0.74], turn: 178 },
  },
  { name: 'small-corner-sideways', what: '小图在角落，侧放', shot: { ...PORTRAIT, paperWidth: 800, centre: [0.7, 0.3], turn: 270 } },
];

const invoice = blueInvoice();
const text = invoiceQrPayload({
  type: invoice.type,
  number: invoice.number ?? '',
  netFen: invoice.netFen,
  issueDate: chinaDate(invoice.issuedAt ?? ''),
});
const paper = (await renderPdfPage(new Uint8Array(await renderInvoicePdf(invoice)), 3)).toBuffer('image/png');

await rm(OUT, { recursive: true, force: true });
await mkdir(OUT, { recursive: true });
const browser = await chromium.launch(launchOptions);
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { name, shot } of SHOTS) await writeFile(join(OUT, `${name}.jpg`), await photographInvoice(page, paper, shot));
} finally {
  await browser.close();
}
const manifest = SHOTS.map(({ name, what }) => ({ file: `${name}.jpg`, what, text }));
await writeFile(join(OUT, 'photos.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`${SHOTS.length} 张照片 → ${OUT}`);
