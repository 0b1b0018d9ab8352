/** Stroke paths (24×24) of the home page's shortcut icons, drawn with `LineIcon`: no icon font to load. */
export const SHORTCUT_ICONS = {
  redInvoice: 'M6 3h9l4 4v14H6z M14 3v5h5 M9 14h7',
  applying: 'M4 13l2.5-7h11l2.5 7v6H4z M4 13h5l1 2h4l1-2h5',
  waiting: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M12 7v5l3 2',
  tasks: 'M10 6h10 M10 12h10 M10 18h10 M4 6l1.5 1.5L8 5 M4 12l1.5 1.5L8 11 M4 18l1.5 1.5L8 17',
  qrcode: 'M4 4h6v6H4z M14 4h6v6h-6z M4 14h6v6H4z M14 14h2v2h-2z M18 18h2v2h-2z M14 18v2 M18 14h2',
  taxi: 'M4 17v-5l2-5h12l2 5v5z M4 12h16 M7 17v2 M17 17v2 M9 4h6 M7.5 14.5h1 M15.5 14.5h1',
  invoiceList: 'M5 3h14v18l-3-2-2 2-2-2-2 2-2-2-3 2z M9 8h6 M9 12h6',
  titles: 'M3 5h18v14H3z M7 10h6 M7 14h9 M16 9.5h2',
  service: 'M4 14v-2a8 8 0 0 1 16 0v2 M4 14h3v5H4z M17 14h3v5h-3z M20 19a3 3 0 0 1-3 3h-4',
  ticket: 'M3 7h18v4a2 2 0 0 0 0 4v4H3v-4a2 2 0 0 0 0-4z M9 7v12',
} as const;

export type ShortcutIconName = keyof typeof SHORTCUT_ICONS;
