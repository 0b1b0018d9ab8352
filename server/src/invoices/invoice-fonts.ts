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
