/**
 * The drawing items of a QR image (docs/product.md; spec §3 "Drawing items for QR images"): an ordered list, drawn
 * one after another on a canvas of `width` × `height` logical pixels, so a later item covers an earlier one.
 *
 * - `background`: a colour over the whole canvas, or over a (rounded) area when `x`, `y`, `width`, `height` are given;
 * - `image`: a picture (a logo) scaled into its box;
 * - `qrcode`: `text` as a QR code (error correction M) in a `size` square (spec §9: 240 by default), quiet zone included;
 * - `text`: one line; `y` is its vertical middle, `align` says whether `x` is its left end, centre or right end.
 */
export type DrawingItem =
  | { type: 'background'; color: string; x?: number; y?: number; width?: number; height?: number; radius?: number }
  | { type: 'image'; src: string; x: number; y: number; width: number; height: number }
  | { type: 'qrcode'; text: string; x: number; y: number; size?: number }
  | {
      type: 'text';
      text: string;
      x: number;
      y: number;
      font: string;
      color: string;
      align: 'left' | 'center' | 'right';
      maxWidth?: number;
    };

/** What a poster is: its size in logical pixels and what is drawn on it, in order. */
export interface PosterSpec {
  width: number;
  height: number;
  items: DrawingItem[];
}

/** The QR canvas's default size (spec §9). */
export const DEFAULT_QR_SIZE = 240;

export const POSTER_WIDTH = 600;
export const POSTER_HEIGHT = 900;
/** The brand colour (antd-mobile's primary, the app's theme). */
export const BRAND_COLOR = '#1677ff';

const FONT_FAMILY = '-apple-system, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif';

export interface ShopPosterContent {
  /** The company's shop name, at the top. */
  shopName: string;
  /** The sub-code's name (收银台 2, 3 号桌…), under the shop name; absent for the shop code itself. */
  subCodeName?: string | null;
  /** The full address the QR code encodes (the short link `origin + /t/{code}`). */
  link: string;
}

/**
 * The shop poster (600 × 900): the brand colour all over, the shop name and the sub-code name in white, a white card
 * with the QR code and the 扫码付款 · 开发票 caption, and which apps scan it at the foot.
 */
export function shopPosterLayout({ shopName, subCodeName, link }: ShopPosterContent): PosterSpec {
  const centre = POSTER_WIDTH / 2;
  const items: DrawingItem[] = [
    { type: 'background', color: BRAND_COLOR },
    // Alone, the shop name sits midway above the card; with a sub-code name under it, the two share that room.
    {
      type: 'text',
      text: shopName,
      x: centre,
      y: subCodeName ? 104 : 122,
      font: `600 40px ${FONT_FAMILY}`,
      color: '#ffffff',
      align: 'center',
      maxWidth: 520,
    },
  ];
  if (subCodeName) {
    items.push({
      type: 'text',
      text: subCodeName,
      x: centre,
      y: 160,
      font: `400 28px ${FONT_FAMILY}`,
      color: 'rgba(255, 255, 255, 0.88)',
      align: 'center',
      maxWidth: 480,
    });
  }
  items.push(
    { type: 'background', color: '#ffffff', x: 60, y: 212, width: 480, height: 560, radius: 24 },
    { type: 'qrcode', text: link, x: 100, y: 248, size: 400 },
    { type: 'text', text: '扫码付款 · 开发票', x: centre, y: 700, font: `600 34px ${FONT_FAMILY}`, color: BRAND_COLOR, align: 'center' },
    {
      type: 'text',
      text: '付款后可直接申请电子发票',
      x: centre,
      y: 744,
      font: `400 22px ${FONT_FAMILY}`,
      color: '#8c8c8c',
      align: 'center',
    },
    {
      type: 'text',
      text: '请使用微信或支付宝扫一扫',
      x: centre,
      y: 836,
      font: `400 24px ${FONT_FAMILY}`,
      color: 'rgba(255, 255, 255, 0.9)',
      align: 'center',
    },
  );
  return { width: POSTER_WIDTH, height: POSTER_HEIGHT, items };
}
