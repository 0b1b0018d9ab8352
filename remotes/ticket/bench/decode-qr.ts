/**
 * `npm run bench:qr`: how long the ticket import's picture reading takes (issue 23: under 500 ms): the fixture photo
 * (2400×1600, an invoice's QR code in it) drawn at most 1600 px long as the page's canvas draws it, then read with
 * jsQR as `/ticket/import/image` reads it. Prints each of `RUNS` (default 10) and the median, after one warm-up read.
 * Node runs the same JavaScript as the phone's browser, without the 4× slower CPU of a mid-range phone.
 */
import { decodeQrPixels, drawnSize } from '../src/features/qr-decode/decode-qr';
import { drawnAt, FIXTURE_QR, readFixture } from '../src/test-support/tickets';

const RUNS = Number(process.env.RUNS ?? 10);

const photo = readFixture('invoice-photo.png');
const size = drawnSize(photo.width, photo.height);
const pixels = drawnAt(photo, size);
if ((await decodeQrPixels(pixels, size.width, size.height)) !== FIXTURE_QR) throw new Error('the fixture photo did not read');
const times: number[] = [];
for (let run = 1; run <= RUNS; run++) {
  const started = performance.now();
  await decodeQrPixels(pixels, size.width, size.height);
  times.push(performance.now() - started);
  console.log(`  第 ${run} 次 ${times.at(-1)!.toFixed(0)} ms`);
}
times.sort((a, b) => a - b);
console.log(`识别 ${photo.width}×${photo.height} 照片 (按 ${size.width}×${size.height} 读取): 中位数 ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms (目标 < 500 ms)`);
