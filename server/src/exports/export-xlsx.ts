/**
 * Writes an ExportSheet as an `.xlsx` with exceljs's streaming writer: a row is committed (and leaves memory) as soon
 * as it is added. Amounts are numbers in yuan from integer fen with two decimals (numFmt 0.00); days and times are real
 * Excel dates showing the China calendar and clock (Excel dates have no time zone: China wall time is written).
 */
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { chinaDate } from '@app/domain/china-time';
import { yieldToRequests, type CellKind, type ExportSheet, type SheetRow } from './export-sheet';

const CHINA_OFFSET_MS = 8 * 3600_000;
const FORMATS: Partial<Record<CellKind, string>> = { yuan: '0.00', day: 'yyyy-mm-dd', time: 'yyyy-mm-dd hh:mm:ss', count: '0' };

/** A China day (`YYYY-MM-DD`, or the day of an instant) as the Excel date of that day. */
function excelDay(value: string | Date): Date {
  const day = typeof value === 'string' ? value : chinaDate(value);
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
}

function cellValue(kind: CellKind, value: SheetRow[string]): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (kind === 'yuan' && typeof value === 'number') return value / 100;
  if (kind === 'day' && (typeof value === 'string' || value instanceof Date)) return excelDay(value);
  if (kind === 'time' && value instanceof Date) return new Date(value.getTime() + CHINA_OFFSET_MS);
  return value;
}

/**
 * Writes the sheet to `out` and ends it; `onBatch` is told the rows written after each batch (the step's progress).
 * Answers how many rows were written, besides the header and the totals row.
 */
export async function writeXlsx(sheet: ExportSheet, out: Writable, onBatch: (rows: number) => Promise<void>): Promise<number> {
  // Loaded by the first export, not by every server start; the writer alone, not the package's readers and in-memory
  // workbook beside it (docs/server.md, "Memory").
  const { default: WorkbookWriter } = await import('exceljs/lib/stream/xlsx/workbook-writer.js');
  const workbook = new WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  worksheet.columns = sheet.columns.map((column) => ({
    header: column.header,
    key: column.key,
    width: column.width,
    style: FORMATS[column.kind] ? { numFmt: FORMATS[column.kind] } : {},
  }));
  worksheet.getRow(1).font = { bold: true };
  worksheet.getRow(1).commit();
  const add = (row: SheetRow, bold = false) => {
    const values: Record<string, ExcelJS.CellValue> = {};
    for (const column of sheet.columns) values[column.key] = cellValue(column.kind, row[column.key] ?? null);
    const added = worksheet.addRow(values);
    if (bold) added.font = { bold: true };
    added.commit();
  };
  let rows = 0;
  for await (const batch of sheet.batches()) {
    for (const row of batch) add(row);
    rows += batch.length;
    await onBatch(rows);
    await yieldToRequests();
  }
  add(sheet.totals(), true);
  worksheet.commit();
  await workbook.commit();
  return rows;
}
