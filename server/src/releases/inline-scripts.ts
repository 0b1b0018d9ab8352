/**
 * The host page's inline scripts and the Content-Security-Policy that lets exactly them run (docs/architecture.md,
 * "One fast first load"): the early calls are inline, so that they go out as the HTML is parsed rather than a round
 * trip later, and the page's policy names each inline script by its SHA-256 (CSP level 2 hash sources). Nothing else
 * inline runs: the policy still has no 'unsafe-inline', and the JSON blocks the server writes are data, not scripts.
 *
 * The host page's remotes may also compile WebAssembly ('wasm-unsafe-eval': the ticket import's QR reader, ZXing).
 * That source allows WebAssembly only — eval, Function and string timers stay refused — and a module it compiles
 * still comes from a script of this origin; every other answer (the API, the sign-in pages) keeps the plain policy, and
 * a lean page adds only its own inline script (its start after the paint).
 */
import { createHash } from 'node:crypto';
import { CONTENT_SECURITY_POLICY } from '../http/security-headers';

/** `<script>` elements with no `src` whose type is JavaScript's (none, or text/javascript, or module). */
const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/gi;
const SCRIPT_TYPE = /\stype=["']?([^"'\s>]+)/i;

/** The CSP hash source (`'sha256-…'`) of each inline script of `html`. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    const type = SCRIPT_TYPE.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'text/javascript' && type !== 'module') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The plain policy with `sources` added to its script sources. */
function withScriptSources(sources: string[]): string {
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", ["script-src 'self'", ...sources].join(' '));
}

/** The host page's policy: WebAssembly allowed, and `hashes` added to its script sources. */
export function policyWithScripts(hashes: string[]): string {
  return withScriptSources(["'wasm-unsafe-eval'", ...hashes]);
}

/** A lean page's policy: the plain one with the hashes of its inline scripts (its start after the paint). */
export function leanPagePolicy(hashes: string[]): string {
  return withScriptSources(hashes);
}
