/**
 * The fonts printed on an invoice PDF: Noto Sans SC (SIL OFL 1.1) from the npm package @expo-google-fonts/noto-sans-sc,
 * so a fresh machine gets it with `npm start` and needs no system font. Complete TrueType files (all of GB 18030's
 * common hanzi); pdfkit embeds only the glyphs an invoice uses.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const INVOICE_FONTS = {
  regular: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
} as const;

/** The PostScript name the embedded font carries (pdfkit prefixes it with a subset tag, `ABCDEF+`). */
export const INVOICE_FONT_NAME = 'NotoSansSC';

/** The two faces, parsed once per process: parsing a CJK font's tables for each PDF made a ZIP of many PDFs slow. */
export interface InvoiceFontFaces {
  regular: PDFKit.Mixins.PDFFontSource;
  bold: PDFKit.Mixins.PDFFontSource;
}

let faces: Promise<InvoiceFontFaces> | undefined;

function parsed(fontkit: typeof import('fontkit'), path: string): PDFKit.Mixins.PDFFontSource {
  const font = fontkit.openSync(path);
  if (!('layout' in font)) throw new Error(`${path} is a font collection, not one font`);
  // pdfkit embeds a fontkit font it is given as it is (PDFFontFactory.open); its typings list only files and bytes.
  return font as unknown as PDFKit.Mixins.PDFFontSource;
}

/** Loaded on the first PDF, like pdfkit: a server that makes none never holds them (docs/server.md, "Memory"). */
export function invoiceFontFaces(): Promise<InvoiceFontFaces> {
  faces ??= import('fontkit').then((fontkit) => ({
    regular: parsed(fontkit, INVOICE_FONTS.regular),
    bold: parsed(fontkit, INVOICE_FONTS.bold),
  }));
  return faces;
}
