/** A PDF read back with pdf.js as a reader would: its pages and their text. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface ReadPdf {
  pages: number;
  /** Every page's text items joined, without the spaces pdf.js puts between runs. */
  text: string;
}

export async function readPdf(pdf: Buffer): Promise<ReadPdf> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    let text = '';
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
    }
    return { pages: document.numPages, text: text.replace(/\s+/g, '') };
  } finally {
    await document.destroy();
  }
}
