/** An invoice's PDF as a reader sees it: fetched through its signed link, its text read with pdf.js. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { callApi } from './sign-in';
import { until } from './wait';

/** The PDF of invoice `id`, once its link answers one. */
export async function invoicePdf(baseUrl: string, token: string, id: string): Promise<Uint8Array> {
  const link = await callApi<{ url: string }>(baseUrl, 'invoice/pdfLink', { id }, token);
  return until(`the PDF of invoice ${id}`, async () => {
    const response = await fetch(new URL(link.url, baseUrl));
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  });
}

/** Every page's text, its runs joined without the spaces pdf.js puts between them. */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, useSystemFonts: false }).promise;
  try {
    let text = '';
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join('');
    }
    return text.replace(/\s+/g, '');
  } finally {
    await document.destroy();
  }
}
