/**
 * Agreement texts are rich HTML shown in the app: only formatting survives (no scripts, no event handlers, no
 * `javascript:` or other non-web URLs, no styles or frames).
 */
import sanitize from 'sanitize-html';

export function sanitizeAgreementHtml(html: string): string {
  return sanitize(html, {
    allowedTags: [
      'h1',
      'h2',
      'h3',
      'h4',
      'p',
      'br',
      'hr',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'span',
      'ul',
      'ol',
      'li',
      'a',
      'blockquote',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
    ],
    allowedAttributes: { a: ['href', 'title'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
    allowedSchemes: ['http', 'https', 'tel', 'mailto'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
  }).trim();
}
