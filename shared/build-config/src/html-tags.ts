/** What every page's HTML is made from: the templates, the title, the viewport and the icon. */
import { fileURLToPath } from 'node:url';

/**
 * The icon: a blue tile with a white receipt, inline (the page makes no request for it, and no browser asks the
 * server for /favicon.ico, which it would answer 404).
 */
const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0e5fd8"/><path d="M10 7h12v18l-3-2-3 2-3-2-3 2z" fill="#fff"/><path d="M13 12h6M13 16h6" stroke="#0e5fd8" stroke-width="2"/></svg>',
)}`;

/**
 * What every page's HTML carries (the host's, a lean page's, a remote's own dev page): the language (zh-CN, so a
 * screen reader reads it as Chinese), a viewport that lets the reader zoom, and the icon.
 */
export const htmlTags = {
  title: '优税通',
  template: fileURLToPath(new URL('../html/index.html', import.meta.url)),
  meta: {
    viewport: 'width=device-width, initial-scale=1, viewport-fit=cover',
    'format-detection': 'telephone=no',
  },
  tags: [{ tag: 'link', attrs: { rel: 'icon', type: 'image/svg+xml', href: FAVICON } }],
};

/** The host's page, with a shell (its bar and placeholder lines) that shows before any script has run. */
export const HOST_TEMPLATE = fileURLToPath(new URL('../html/host.html', import.meta.url));
