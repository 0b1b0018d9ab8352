/**
 * What the server writes into the host's index.html for the address it is asked for (docs/architecture.md, "One fast
 * first load"): the live registry (the `/remotes.json` document) as a JSON data block, which the host reads instead of
 * fetching it; the address's first calls (first-calls.ts), which the page's early calls send; the answers of the
 * start-up's public calls (the service config), which they take instead of sending those calls; the manifest of the
 * remote that owns the address, which the host's federation runtime takes instead of fetching it; and preloads of what
 * that remote runs first (its entry and routes). Written on every request from the live
 * registry, so a release or a rollback changes the very next first load. The blocks go before the page's inline early
 * calls (`data-early-calls`), which read them as they run; the preloads go at the end of the head, after the host's
 * own scripts, which start the page and are needed first (over HTTP/1.1 a phone fetches six files at a time, and the
 * remote's files are needed only once the host's entry has run).
 *
 * The remote's files are preloaded as fetches, not as scripts: a script preload that failed (the remote down) is
 * reused by the browser for the Module Federation runtime's later load of that script, so 重试 would not recover the
 * remote until the page was reloaded. A failed fetch preload is not reused; a good one fills the HTTP cache, which
 * the runtime's script load then reads.
 */
import { FIRST_CALLS_BLOCK_ID, PAGE_ANSWERS_BLOCK_ID, type PageAnswer, type WrittenFirstCall } from '@app/contract/first-calls';
import { LIVE_REMOTES_BLOCK_ID, PAGE_MANIFEST_BLOCK_ID } from '@app/deploy/first-load';
import { HOST_PREFIXES, ownerOf } from '@app/deploy/prefix-owner';
import type { RemotesDocument } from '@app/deploy/live-apps';

/** The live remote that owns `pathname`, or null for the host's own pages and paths nobody owns. */
export function ownerRemote(pathname: string, remotes: RemotesDocument): string | null {
  const owners = [
    { name: '', prefixes: HOST_PREFIXES },
    ...Object.entries(remotes).map(([name, remote]) => ({ name, prefixes: remote.prefixes })),
  ];
  return ownerOf(pathname, owners)?.name || null;
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
/** JSON inside a script element: nothing in it can close the element or open a comment. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** Where the page's inline early calls start: what they read must come before. */
export const EARLY_CALLS_MARK = '<script data-early-calls';

/** What the server writes into the page besides the registry. */
export interface PageData {
  /** The address's first calls, which the early calls send. */
  firstCalls?: WrittenFirstCall[];
  /** Answers of the start-up's public calls, which the early calls take instead of sending them. */
  answers?: PageAnswer[];
}

/** What the remote that owns the address runs first. */
export interface OwnerFirstFiles {
  /** Its entry and routes, as paths of this origin: preloaded. */
  startFiles: string[];
  /** Its manifest as read from the release (any JSON): written into the page; without it, the manifest is preloaded. */
  manifest?: unknown;
}

/**
 * The host's index.html for `pathname`: the registry, the address's first calls and the owner's manifest before its
 * early calls (or at the end of its head, in a page without them), the owner's preloads at the end of its head.
 */
export function writeFirstLoad(
  html: string,
  pathname: string,
  remotes: RemotesDocument,
  data: PageData = {},
  owner: OwnerFirstFiles = { startFiles: [] },
): string {
  const blocks = [`<script type="application/json" id="${LIVE_REMOTES_BLOCK_ID}">${scriptJson(remotes)}</script>`];
  if (data.firstCalls?.length)
    blocks.push(`<script type="application/json" id="${FIRST_CALLS_BLOCK_ID}">${scriptJson(data.firstCalls)}</script>`);
  if (data.answers?.length)
    blocks.push(`<script type="application/json" id="${PAGE_ANSWERS_BLOCK_ID}">${scriptJson(data.answers)}</script>`);
  const tags: string[] = [];
  const ownerName = ownerRemote(pathname, remotes);
  const entry = ownerName ? remotes[ownerName]?.entry : undefined;
  // Only a path of this origin is written: the registry is ours, but a page never preloads from elsewhere.
  if (entry?.startsWith('/') && !entry.startsWith('//')) {
    // The runtime's fetch of the manifest is answered from the page (host/src/remotes/page-manifest-plugin.ts): one
    // request fewer before the first screen. A page without it preloads it: the runtime fetches it with fetch()
    // (CORS mode, same-origin credentials).
    if (owner.manifest !== undefined)
      blocks.push(
        `<script type="application/json" id="${PAGE_MANIFEST_BLOCK_ID}" data-url="${attribute(entry)}">${scriptJson(owner.manifest)}</script>`,
      );
    else tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(entry)}">`);
  }
  // The owner's entry and routes load beside the host's scripts instead of after them. Fetched, not preloaded as
  // scripts (above): the runtime's script then comes from the HTTP cache, and a failed fetch is not reused.
  for (const file of owner.startFiles) {
    if (file.startsWith('/') && !file.startsWith('//'))
      tags.push(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${attribute(file)}">`);
  }
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return html;
  const early = html.indexOf(EARLY_CALLS_MARK);
  const at = early >= 0 && early < headEnd ? early : headEnd;
  return `${html.slice(0, at)}${blocks.join('')}${html.slice(at, headEnd)}${tags.join('')}${html.slice(headEnd)}`;
}
