/**
 * `npm run bench:qr`: how `/ticket/import/image` reads the invoice QR code of each photo fixture (phone photos of a
 * printed invoice taken every way people take them: `src/test-support/fixtures/photos/`, made by `npm run fixtures:qr`),
 * with the page's own reader (ZXing-C++ in WebAssembly, qr-reader.ts): whether it is read, and how long from the
 * photo's JPEG to the text (decoded, drawn at most 1600 px long as the page's canvas draws it, read), median and
 * slowest of `RUNS` (default 5) after one warm-up read. Target: every photo read, each in under a second.
 * `COMPARE=1` adds what jsQR, the reader before, made of each: at 1600 px as the page tried it first, and trying the
 * four quarter turns.
 * Node runs the same JavaScript and WebAssembly as the phone's browser, without a mid-range phone's slower CPU.
 * `--markdown` writes the summary into docs/benchmarks.md (scripts/bench-table.ts).
 */
import { loadavg } from 'node:os';
import jsQR from 'jsqr';
import { readQrText } from '../src/features/qr-decode/qr-reader';
import { PHOTOS, photoPixels } from '../src/test-support/photo-fixtures';
import { prepareQrReader } from '../src/test-support/qr-reader-node';
import { benchStarted, markdownSection, markdownTable, writeBenchSection } from '../../../scripts/bench-table';

const RUNS = Number(process.env.RUNS ?? 5);
const COMPARE = process.env.COMPARE === '1';
const TARGET_MS = 1000;

const bench = benchStarted();
const started = performance.now();
await prepareQrReader();
const compileMs = performance.now() - started;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

/** jsQR on the pixels turned by `quarters` quarter turns clockwise. */
function jsQrTurned(data: Uint8ClampedArray, width: number, height: number, quarters: number): string | null {
  if (quarters === 0) return jsQR(data, width, height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  const [turnedWidth, turnedHeight] = quarters % 2 ? [height, width] : [width, height];
  const turned = new Uint8ClampedArray(data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [toX, toY] = quarters === 1 ? [height - 1 - y, x] : quarters === 2 ? [width - 1 - x, height - 1 - y] : [y, width - 1 - x];
      turned.set(data.subarray((y * width + x) * 4, (y * width + x) * 4 + 4), (toY * turnedWidth + toX) * 4);
    }
  }
  return jsQR(turned, turnedWidth, turnedHeight, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const rows: string[][] = [];
let read = 0;
let slowest = 0;
/** Per photo, for the summary: the page's reader (its median time) and jsQR's two tries (`COMPARE=1`). */
const summary: { what: string; ok: boolean; readMs: number; jsQr?: { ok: boolean; ms: number }[] }[] = [];
for (const { file, what, text } of PHOTOS) {
  const { data, width, height, photo } = await photoPixels(file);
  const warm = await readQrText(data, width, height);
  const wholes: number[] = [];
  const reads: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const whole = await timed(async () => {
      const drawn = await photoPixels(file);
      const reading = await timed(() => readQrText(drawn.data, drawn.width, drawn.height));
      reads.push(reading.ms);
      return reading.value;
    });
    if (whole.value !== warm) throw new Error(`${file}: a second read differs`);
    wholes.push(whole.ms);
  }
  const ok = warm === text;
  if (ok) read++;
  slowest = Math.max(slowest, ...wholes);
  const compared: string[] = [];
  const jsQr: { ok: boolean; ms: number }[] = [];
  if (COMPARE) {
    const jsQrOnce = await timed(async () => jsQrTurned(data, width, height, 0) === text);
    const jsQrTurns = await timed(async () => [0, 1, 2, 3].some((quarters) => jsQrTurned(data, width, height, quarters) === text));
    for (const { value, ms } of [jsQrOnce, jsQrTurns]) {
      compared.push(`${value ? '✓' : '✗'} ${ms.toFixed(0)}`);
      jsQr.push({ ok: value, ms });
    }
  }
  summary.push({ what, ok, readMs: median(reads), ...(COMPARE ? { jsQr } : {}) });
  rows.push([
    file.replace(/\.jpg$/, ''),
    what,
    `${photo.width}×${photo.height}`,
    ok ? '✓' : '✗',
    median(reads).toFixed(0),
    median(wholes).toFixed(0),
    Math.max(...wholes).toFixed(0),
    ...compared,
  ]);
}

const header = ['照片', '拍法', '尺寸', '识别', '识别 ms', '全程 ms', '最长 ms', ...(COMPARE ? ['jsQR ms', 'jsQR 四向 ms'] : [])];
const width = (cell: string) => [...cell].reduce((sum, character) => sum + (/[\u2E80-\uFFEF]/.test(character) ? 2 : 1), 0);
const widths = header.map((title, column) => Math.max(width(title), ...rows.map((row) => width(row[column] ?? ''))));
const line = (cells: string[]) => cells.map((cell, column) => cell + ' '.repeat((widths[column] ?? 0) - width(cell))).join('  ');
console.log(`bench:qr — ZXing-C++ (zxing-wasm) 读取 ${PHOTOS.length} 张发票照片，每张 ${RUNS} 次 (本机负载 ${loadavg()[0]?.toFixed(1)})`);
console.log(line(header));
for (const row of rows) console.log(line(row));
console.log(
  `识别 ${read}/${PHOTOS.length}，最长 ${slowest.toFixed(0)} ms (目标：全部识别，每张 < ${TARGET_MS} ms)；首次编译 WebAssembly ${compileMs.toFixed(0)} ms`,
);
if (read < PHOTOS.length || slowest >= TARGET_MS) process.exitCode = 1;

const section = markdownSection('qr');
if (section) {
  /** How many photos were read, and which were not. */
  const readOf = (oks: boolean[]) => {
    const missed = summary.filter((_, index) => !oks[index]).map((photo) => photo.what);
    return `${oks.filter(Boolean).length} of ${oks.length}${missed.length ? ` (missed: ${missed.join(', ')})` : ''}`;
  };
  const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)} ms`;
  const tableRows = [
    [
      'ZXing-C++ in WebAssembly (`zxing-wasm`, what the page uses)',
      readOf(summary.map((photo) => photo.ok)),
      range(summary.map((photo) => photo.readMs)),
      `at most ${slowest.toFixed(0)} ms`,
    ],
    ...(COMPARE
      ? (['jsQR (`COMPARE=1`)', 'jsQR trying the four quarter turns'] as const).map((reader, attempt) => [
          reader,
          readOf(summary.map((photo) => photo.jsQr?.[attempt]?.ok ?? false)),
          range(summary.map((photo) => photo.jsQr?.[attempt]?.ms ?? 0)),
          '',
        ])
      : []),
  ];
  writeBenchSection(section, bench, [
    markdownTable(['reader', 'read', "the reader's time a photo (median of `RUNS`)", 'the whole, from the JPEG'], tableRows),
    `${PHOTOS.length} photos, ${RUNS} runs each; compiling the WebAssembly took ${compileMs.toFixed(0)} ms once.`,
  ]);
}
