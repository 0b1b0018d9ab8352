/**
 * An invoice as a PDF, laid out like the fully digitalised e-invoice (数电发票) of the tax bureau: title with a double
 * rule, QR code, number and date at the top; the buyer and seller blocks; the goods lines; 合计, 价税合计 in capitals
 * and figures; 备注; 开票人. The page is 240 mm wide and at least 140 mm high, taller when the lines need it.
 */
import QRCode from 'qrcode';
import { amountInCapitals } from '@app/domain/capital-numerals';
import {
  printedHeading,
  printedRate,
  type InvoiceDocument,
  type InvoiceDocumentLine,
  type InvoiceParty,
} from '@app/domain/invoice-document';
import { invoiceQrPayload } from '@app/domain/invoice-qr';
import { formatYuan } from '@app/domain/money';
import { invoiceFontFaces } from './invoice-fonts';
import { chinaDate } from '@app/domain/china-time';

type Doc = PDFKit.PDFDocument;

const MM = 72 / 25.4;
const PAGE_WIDTH = Math.round(240 * MM);
const MIN_PAGE_HEIGHT = Math.round(140 * MM);
const LEFT = 22;
const RIGHT = PAGE_WIDTH - 22;
const FRAME_TOP = 84;
/** The narrow column of vertical labels (购买方信息, 备注). */
const LABEL_COLUMN = 20;
const PARTY_HEIGHT = 74;
const HEADER_ROW = 20;
const MIN_LINE_ROW = 16;
const MIN_LINES_AREA = 4 * MIN_LINE_ROW;
const SUM_ROW = 20;
const TOTAL_ROW = 26;
const MIN_REMARKS = 50;
const PAD = 4;

/** The printed frame, labels and title are brown, as on the tax bureau's invoices; filled-in data is black. */
const FRAME_COLOUR = '#9b4a22';
const DATA_COLOUR = '#111111';
const RED_COLOUR = '#cf1322';
const BODY_SIZE = 9;
/** The faces' names within a document (registered in renderInvoicePdf). */
const REGULAR = 'invoice-regular';
const BOLD = 'invoice-bold';

interface Column {
  title: string;
  width: number;
  align: 'left' | 'center' | 'right';
  value: (line: InvoiceDocumentLine) => string;
}

/** Line amounts without the currency sign; the 合计 row and the total carry it. */
function plainAmount(fen: number): string {
  return formatYuan(fen).replace('¥', '');
}

const COLUMNS: readonly Column[] = [
  { title: '项目名称', width: 152, align: 'left', value: (line) => line.itemName },
  { title: '规格型号', width: 72, align: 'left', value: (line) => line.model },
  { title: '单位', width: 40, align: 'center', value: (line) => line.unit },
  { title: '数量', width: 62, align: 'right', value: (line) => line.quantity ?? '' },
  { title: '单价', width: 82, align: 'right', value: (line) => line.unitPrice ?? '' },
  { title: '金额', width: 84, align: 'right', value: (line) => plainAmount(line.netFen) },
  { title: '税率/征收率', width: 62, align: 'center', value: (line) => printedRate(line) },
  // Tax-free lines print *** for the tax, as the tax bureau does.
  { title: '税额', width: RIGHT - LEFT - 554, align: 'right', value: (line) => (line.taxFree ? '***' : plainAmount(line.taxFen)) },
];

/** The outer columns keep clear of the frame. */
function cellPad(index: number): number {
  return index === 0 || index === COLUMNS.length - 1 ? PAD + 3 : PAD;
}

function columnX(index: number): number {
  return LEFT + COLUMNS.slice(0, index).reduce((sum, column) => sum + column.width, 0);
}

function printedDate(iso: string | null): string {
  if (!iso) return '';
  const [year, month, day] = chinaDate(iso).split('-');
  return `${year}年${month}月${day}日`;
}

function partyName(party: InvoiceParty): string {
  return party.naturalPerson && !party.name.endsWith('（个人）') ? `${party.name}（个人）` : party.name;
}

/** What the remarks print: the red invoice's references, the parties' address and bank when given, then the user's text. */
function remarkLines(invoice: InvoiceDocument): string[] {
  const lines: string[] = [];
  if (invoice.kind === 'red') {
    lines.push(
      [
        `被红冲蓝字数电发票号码：${invoice.original?.number ?? ''}`,
        invoice.redConfirmation ? `红字发票信息确认单编号：${invoice.redConfirmation.number}` : '',
      ]
        .filter(Boolean)
        .join('　'),
    );
  }
  const joined = (...parts: [string, string][]) =>
    parts
      .filter(([, value]) => value.trim())
      .map(([label, value]) => `${label}：${value}`)
      .join('；');
  for (const [who, party] of [
    ['购方', invoice.buyer],
    ['销方', invoice.seller],
  ] as const) {
    const contact = joined([`${who}地址`, party.address], ['电话', party.phone]);
    const bank = joined([`${who}开户银行`, party.bankName], ['银行账号', party.bankAccount]);
    if (contact) lines.push(contact);
    if (bank) lines.push(bank);
  }
  if (invoice.remarks.trim()) lines.push(invoice.remarks.trim());
  return lines;
}

interface Layout {
  lineHeights: number[];
  remarks: string;
  remarksHeight: number;
  pageHeight: number;
}

function measure(doc: Doc, invoice: InvoiceDocument): Layout {
  doc.font(REGULAR).fontSize(BODY_SIZE);
  const lineHeights = invoice.lines.map((line) =>
    Math.max(
      MIN_LINE_ROW,
      ...COLUMNS.map((column, index) => doc.heightOfString(column.value(line) || ' ', { width: column.width - 2 * cellPad(index) }) + 5),
    ),
  );
  const remarks = remarkLines(invoice).join('\n');
  const remarksHeight = Math.max(
    MIN_REMARKS,
    doc.heightOfString(remarks || ' ', { width: RIGHT - LEFT - LABEL_COLUMN - 3 * PAD }) + 2 * PAD + 4,
  );
  const linesArea = Math.max(MIN_LINES_AREA, lineHeights.reduce((sum, height) => sum + height, 0) + 4);
  const frameBottom = FRAME_TOP + PARTY_HEIGHT + HEADER_ROW + linesArea + SUM_ROW + TOTAL_ROW + remarksHeight;
  return { lineHeights, remarks, remarksHeight, pageHeight: Math.max(MIN_PAGE_HEIGHT, Math.ceil(frameBottom + 36)) };
}

function label(doc: Doc, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}): void {
  doc.fillColor(FRAME_COLOUR).text(text, x, y, { lineBreak: false, ...options });
}

function data(doc: Doc, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}): void {
  doc.fillColor(DATA_COLOUR).text(text, x, y, { lineBreak: false, ...options });
}

/** A label written top to bottom, one character a line, centred in its cell (购买方信息, 备注). */
function verticalLabel(doc: Doc, text: string, x: number, top: number, height: number): void {
  doc.font(REGULAR).fontSize(BODY_SIZE);
  const step = BODY_SIZE + 3;
  const start = top + (height - step * text.length) / 2 + 1;
  for (const [index, character] of [...text].entries()) {
    label(doc, character, x, start + index * step, { width: LABEL_COLUMN, align: 'center' });
  }
}

function drawQr(doc: Doc, payload: string, x: number, y: number, size: number): void {
  const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const count = qr.modules.size;
  const cell = size / count;
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      // Slightly oversized cells so neighbouring modules do not leave hairline gaps in viewers.
      if (qr.modules.get(row, col)) doc.rect(x + col * cell, y + row * cell, cell + 0.05, cell + 0.05);
    }
  }
  doc.fillColor('#000000').fill();
}

function drawHeader(doc: Doc, invoice: InvoiceDocument): void {
  if (invoice.number && invoice.issuedAt) {
    const payload = invoiceQrPayload({
      type: invoice.type,
      number: invoice.number,
      netFen: invoice.netFen,
      issueDate: chinaDate(invoice.issuedAt),
    });
    drawQr(doc, payload, LEFT + 2, 14, 62);
  }

  const title = printedHeading(invoice.type);
  doc.font(BOLD).fontSize(19);
  const titleWidth = doc.widthOfString(title);
  const titleX = (PAGE_WIDTH - titleWidth) / 2;
  label(doc, title, titleX, 24);
  doc.lineWidth(0.8).strokeColor(FRAME_COLOUR);
  doc
    .moveTo(titleX - 6, 52)
    .lineTo(titleX + titleWidth + 6, 52)
    .stroke();
  doc
    .moveTo(titleX - 6, 55)
    .lineTo(titleX + titleWidth + 6, 55)
    .stroke();

  if (invoice.kind === 'red') {
    // The red marking: a red invoice's amounts are negative (销项负数).
    doc.font(BOLD).fontSize(10);
    const mark = '红字发票 · 销项负数';
    const markWidth = doc.widthOfString(mark) + 12;
    const markX = (PAGE_WIDTH - markWidth) / 2;
    doc.lineWidth(0.8).strokeColor(RED_COLOUR).roundedRect(markX, 61, markWidth, 16, 3).stroke();
    doc.fillColor(RED_COLOUR).text(mark, markX + 6, 63.5, { lineBreak: false });
  }

  doc.font(REGULAR).fontSize(BODY_SIZE + 0.5);
  const fieldsX = RIGHT - 168;
  label(doc, '发票号码：', fieldsX, 30);
  data(doc, invoice.number ?? '', fieldsX + 52, 30);
  label(doc, '开票日期：', fieldsX, 48);
  data(doc, printedDate(invoice.issuedAt), fieldsX + 52, 48);
}

function drawParty(doc: Doc, caption: string, party: InvoiceParty, x: number, width: number): void {
  const top = FRAME_TOP;
  verticalLabel(doc, caption, x, top, PARTY_HEIGHT);
  const textX = x + LABEL_COLUMN + PAD + 2;
  const textWidth = width - LABEL_COLUMN - 2 * PAD - 2;
  doc.font(REGULAR).fontSize(BODY_SIZE);
  const nameLabel = '名称：';
  const nameLabelWidth = doc.widthOfString(nameLabel);
  label(doc, nameLabel, textX, top + 14);
  data(doc, partyName(party), textX + nameLabelWidth, top + 14, {
    width: textWidth - nameLabelWidth,
    height: 24,
    lineBreak: true,
    ellipsis: true,
  });
  const idLabel = '统一社会信用代码/纳税人识别号：';
  const idLabelWidth = doc.widthOfString(idLabel);
  label(doc, idLabel, textX, top + 46);
  data(doc, party.taxNumber, textX + idLabelWidth, top + 46, { width: textWidth - idLabelWidth, height: 12, ellipsis: true });
}

function drawLines(doc: Doc, invoice: InvoiceDocument, layout: Layout, top: number): number {
  doc.font(REGULAR).fontSize(BODY_SIZE);
  for (const [index, column] of COLUMNS.entries())
    label(doc, column.title, columnX(index), top + 6, { width: column.width, align: 'center' });
  let y = top + HEADER_ROW;
  invoice.lines.forEach((line, lineIndex) => {
    COLUMNS.forEach((column, index) => {
      const text = column.value(line);
      if (text)
        data(doc, text, columnX(index) + cellPad(index), y + 3, {
          width: column.width - 2 * cellPad(index),
          align: column.align,
          lineBreak: true,
        });
    });
    y += layout.lineHeights[lineIndex] ?? MIN_LINE_ROW;
  });
  const sumTop = Math.max(y + 4, top + HEADER_ROW + MIN_LINES_AREA);
  label(doc, '合　　计', LEFT, sumTop + 5, { width: COLUMNS[0]?.width ?? 0, align: 'center' });
  const amountColumn = COLUMNS.findIndex((column) => column.title === '金额');
  const taxColumn = COLUMNS.findIndex((column) => column.title === '税额');
  data(doc, formatYuan(invoice.netFen), columnX(amountColumn), sumTop + 5, {
    width: (COLUMNS[amountColumn]?.width ?? 0) - PAD,
    align: 'right',
  });
  data(doc, formatYuan(invoice.taxFen), columnX(taxColumn), sumTop + 5, {
    width: (COLUMNS[taxColumn]?.width ?? 0) - cellPad(taxColumn),
    align: 'right',
  });
  return sumTop + SUM_ROW;
}

/** Drawn in reading order, so copied text reads 价税合计（大写）… （小写）¥…. */
function drawTotal(doc: Doc, invoice: InvoiceDocument, top: number): void {
  const captionWidth = COLUMNS[0]?.width ?? 0;
  const figuresCaption = '（小写）';
  const figuresX = RIGHT - 150;
  doc.font(REGULAR).fontSize(BODY_SIZE + 0.5);
  const figuresCaptionWidth = doc.widthOfString(figuresCaption);
  label(doc, '价税合计（大写）', LEFT, top + 8, { width: captionWidth, align: 'center' });
  doc.font(BOLD).fontSize(BODY_SIZE + 1.5);
  data(doc, amountInCapitals(invoice.grossFen), LEFT + captionWidth + 12, top + 7);
  doc.font(REGULAR).fontSize(BODY_SIZE + 0.5);
  label(doc, figuresCaption, figuresX, top + 8);
  doc.font(BOLD).fontSize(BODY_SIZE + 1.5);
  data(doc, formatYuan(invoice.grossFen), figuresX + figuresCaptionWidth, top + 7);
}

function drawRemarks(doc: Doc, layout: Layout, top: number): void {
  verticalLabel(doc, '备注', LEFT, top, layout.remarksHeight);
  doc.font(REGULAR).fontSize(BODY_SIZE);
  data(doc, layout.remarks, LEFT + LABEL_COLUMN + 2 * PAD, top + PAD + 2, {
    width: RIGHT - LEFT - LABEL_COLUMN - 3 * PAD,
    lineBreak: true,
  });
}

function drawFrame(doc: Doc, rows: { linesTop: number; totalTop: number; remarksTop: number; bottom: number }): void {
  const middle = LEFT + (RIGHT - LEFT) / 2;
  doc.lineWidth(0.9).strokeColor(FRAME_COLOUR);
  doc.rect(LEFT, FRAME_TOP, RIGHT - LEFT, rows.bottom - FRAME_TOP).stroke();
  doc.lineWidth(0.6);
  const horizontal = (y: number) => doc.moveTo(LEFT, y).lineTo(RIGHT, y).stroke();
  const vertical = (x: number, from: number, to: number) => doc.moveTo(x, from).lineTo(x, to).stroke();
  horizontal(rows.linesTop);
  horizontal(rows.totalTop);
  horizontal(rows.remarksTop);
  vertical(LEFT + LABEL_COLUMN, FRAME_TOP, rows.linesTop);
  vertical(middle, FRAME_TOP, rows.linesTop);
  vertical(middle + LABEL_COLUMN, FRAME_TOP, rows.linesTop);
  vertical(LEFT + (COLUMNS[0]?.width ?? 0), rows.totalTop, rows.remarksTop);
  vertical(LEFT + LABEL_COLUMN, rows.remarksTop, rows.bottom);
}

/** A watermark on what is not (yet) a valid invoice, so a preview is never mistaken for one. */
function drawNotIssued(doc: Doc, invoice: InvoiceDocument, pageHeight: number): void {
  if (invoice.status !== '开具中' && invoice.status !== '开具失败') return;
  doc.save();
  doc.font(BOLD).fontSize(46).fillColor('#000000').fillOpacity(0.08);
  doc.rotate(-18, { origin: [PAGE_WIDTH / 2, pageHeight / 2] });
  doc.text(invoice.status === '开具中' ? '开具中 · 尚未开具' : '开具失败 · 无效', 0, pageHeight / 2 - 30, {
    width: PAGE_WIDTH,
    align: 'center',
    lineBreak: false,
  });
  doc.restore();
}

function draw(doc: Doc, invoice: InvoiceDocument, layout: Layout): void {
  drawHeader(doc, invoice);
  const middle = LEFT + (RIGHT - LEFT) / 2;
  drawParty(doc, '购买方信息', invoice.buyer, LEFT, middle - LEFT);
  drawParty(doc, '销售方信息', invoice.seller, middle, RIGHT - middle);
  const linesTop = FRAME_TOP + PARTY_HEIGHT;
  const totalTop = drawLines(doc, invoice, layout, linesTop);
  drawTotal(doc, invoice, totalTop);
  const remarksTop = totalTop + TOTAL_ROW;
  drawRemarks(doc, layout, remarksTop);
  const bottom = remarksTop + layout.remarksHeight;
  drawFrame(doc, { linesTop, totalTop, remarksTop, bottom });
  doc.font(REGULAR).fontSize(BODY_SIZE + 0.5);
  label(doc, '开票人：', LEFT + 24, bottom + 10);
  data(doc, invoice.issuer, LEFT + 24 + doc.widthOfString('开票人：'), bottom + 10);
  drawNotIssued(doc, invoice, layout.pageHeight);
}

export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const [{ default: PDFDocument }, fonts] = await Promise.all([import('pdfkit'), invoiceFontFaces()]);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      autoFirstPage: false,
      info: {
        Title: `${printedHeading(invoice.type)} ${invoice.number ?? ''}`.trim(),
        Author: invoice.seller.name,
        Subject: printedHeading(invoice.type),
      },
    });
    // Named once per document, so that each face is embedded once however often the drawing switches to it.
    doc.registerFont(REGULAR, fonts.regular);
    doc.registerFont(BOLD, fonts.bold);
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      const layout = measure(doc, invoice);
      doc.addPage({ size: [PAGE_WIDTH, layout.pageHeight], margin: 0 });
      draw(doc, invoice, layout);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}
