/**
 * A page's first calls (docs/architecture.md, "One fast first load"): what an app's release declares, what the server
 * writes into the host's page of an address (only calls that read, with a body the contract accepts, placeholders
 * filled in China's time), where it writes them (before the inline early calls that read them), and the page policy
 * that lets exactly that inline script run.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from '@rstest/core';
import { filledBody, FirstCallsReader, mayBeSentEarly, MAX_FIRST_CALLS, readDeclaredCalls } from '../src/releases/first-calls';
import { writeFirstLoad } from '../src/releases/first-load';
import { inlineScriptHashes, policyWithScripts } from '../src/releases/inline-scripts';
import { CONTENT_SECURITY_POLICY } from '../src/http/security-headers';

const stores: string[] = [];
afterAll(async () => {
  for (const store of stores) await rm(store, { recursive: true, force: true });
});

describe('the declared calls of a release', () => {
  test('only route patterns with calls of a path and a body; anything else is left out', () => {
    const declared = readDeclaredCalls(
      JSON.stringify({
        '/invoice/list': [{ path: 'invoice/list', body: { page: 1 } }, { path: 7, body: {} }, { path: 'x/y' }, 'junk'],
        'no-slash': [{ path: 'invoice/list', body: {} }],
        '/ticket/index': 'junk',
        '/many': Array.from({ length: 9 }, () => ({ path: 'invoice/list', body: { page: 1 } })),
      }),
    );
    expect([...declared.keys()]).toEqual(['/invoice/list', '/many']);
    expect(declared.get('/invoice/list')).toEqual([{ path: 'invoice/list', body: { page: 1 } }]);
    expect(declared.get('/many')).toHaveLength(MAX_FIRST_CALLS);
    for (const text of ['', 'not json', '[]', 'null', '"x"']) expect(readDeclaredCalls(text).size).toBe(0);
  });

  test('a call for an audience keeps it; one for an audience this server does not know is left out, not sent to everyone', () => {
    const declared = readDeclaredCalls(
      JSON.stringify({
        '/': [
          { path: 'invoice/homeSummary', body: {}, for: 'companyUser' },
          { path: 'invoice/homeSummary', body: {}, for: 'admin' },
          { path: 'invoice/homeSummary', body: {}, for: null },
        ],
      }),
    );
    expect(declared.get('/')).toEqual([{ path: 'invoice/homeSummary', body: {}, for: 'companyUser' }]);
  });

  test("placeholders are filled in China's time: 17:00 UTC on the last of a month is already the next month there", () => {
    const now = new Date('2026-11-30T17:00:00Z');
    expect(filledBody({ month: '$chinaMonth', day: '$chinaDay', page: 1, keyword: '$other' }, now)).toEqual({
      month: '2026-12',
      day: '2026-12-01',
      page: 1,
      keyword: '$other',
    });
  });

  test('only a call that reads, with a body its schema accepts, may go before the page asks', () => {
    expect(mayBeSentEarly('invoice/list', { page: 1 })).toBe(true);
    expect(mayBeSentEarly('payment/list', { month: '2026-11', page: 1 })).toBe(true);
    // Calls that change something are never sent for the page, whatever a release says.
    expect(mayBeSentEarly('task/createBlueInvoiceTask', {})).toBe(false);
    expect(mayBeSentEarly('wallet/withdraw', { amount: 100 })).toBe(false);
    expect(mayBeSentEarly('invoice/list', { page: -1 })).toBe(false);
    expect(mayBeSentEarly('invoice/list', { page: 1, unknown: true })).toBe(false);
    expect(mayBeSentEarly('payment/list', { month: '$chinaMonth', page: 1 })).toBe(false);
    for (const path of ['no/such', '__proto__', 'constructor', 'toString']) expect(mayBeSentEarly(path, {})).toBe(false);
  });
});

describe('the first calls of an address', () => {
  async function storeWith(files: Record<string, string>): Promise<string> {
    const store = await mkdtemp(join(tmpdir(), 'first-calls-'));
    stores.push(store);
    for (const [file, text] of Object.entries(files)) {
      await mkdir(join(store, file, '..'), { recursive: true });
      await writeFile(join(store, file), text);
    }
    return store;
  }

  test("the owner's release answers for the address that matches its pattern; a call it may not send is left out, said once", async () => {
    const store = await storeWith({
      'payment/1.1.0/first-calls.json': JSON.stringify({
        '/payment/list': [
          { path: 'payment/list', body: { month: '$chinaMonth', page: 1 } },
          { path: 'wallet/withdraw', body: { amount: 100 } },
        ],
        '/payment/detail/:id': [{ path: 'payment/get', body: { id: 'x' } }],
      }),
    });
    const warnings: string[] = [];
    const reader = new FirstCallsReader(store, (message) => warnings.push(message));
    const now = new Date('2026-11-26T08:00:00Z');
    expect(await reader.forAddress('payment', '1.1.0', '/payment/list', now)).toEqual([
      { path: 'payment/list', body: { month: '2026-11', page: 1 } },
    ]);
    expect(await reader.forAddress('payment', '1.1.0', '/payment/list/', now)).toEqual([
      { path: 'payment/list', body: { month: '2026-11', page: 1 } },
    ]);
    expect(await reader.forAddress('payment', '1.1.0', '/payment/other', now)).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('wallet/withdraw');
  });

  test('a release without the file, or with a broken one, has none', async () => {
    const store = await storeWith({ 'ticket/1.0.0/first-calls.json': '{ broken' });
    const reader = new FirstCallsReader(store);
    expect(await reader.forAddress('ticket', '1.0.0', '/ticket/index')).toEqual([]);
    expect(await reader.forAddress('invoice', '1.0.0', '/invoice/list')).toEqual([]);
  });
});

describe("the host's page", () => {
  const early = 'window.__early=1';
  const html = `<!doctype html><html><head><title>t</title><script defer src="/a.js"></script><script data-early-calls>${early}</script></head><body></body></html>`;

  test('the blocks go before the inline early calls, which read them; none for an address without first calls', () => {
    const page = writeFirstLoad(html, '/invoice/list', {}, { firstCalls: [{ path: 'invoice/list', body: { page: 1 } }] });
    expect(page).toContain(
      '<script type="application/json" id="first-calls">[{"path":"invoice/list","body":{"page":1}}]</script><script data-early-calls>',
    );
    expect(page.indexOf('id="live-remotes"')).toBeLessThan(page.indexOf('<script data-early-calls'));
    expect(writeFirstLoad(html, '/invoice/list', {})).not.toContain('id="first-calls"');
  });

  test('nothing in a first call can close the block', () => {
    const page = writeFirstLoad(
      html,
      '/x',
      {},
      { firstCalls: [{ path: 'invoice/list', body: { keyword: '</script><script>alert(1)</script><!--' } }] },
    );
    const block = /id="first-calls">(.*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(JSON.parse(block)[0].body.keyword).toBe('</script><script>alert(1)</script><!--');
    expect(page.match(/<\/script>/g)).toHaveLength(4);
  });

  test("the page policy names each inline script by its hash, and not the page's data blocks", () => {
    const page = writeFirstLoad(html, '/invoice/list', {}, { firstCalls: [{ path: 'invoice/list', body: { page: 1 } }] });
    const hash = `'sha256-${createHash('sha256').update(early).digest('base64')}'`;
    expect(inlineScriptHashes(page)).toEqual([hash]);
    expect(policyWithScripts([hash])).toContain(`script-src 'self' 'wasm-unsafe-eval' ${hash};`);
    expect(policyWithScripts([])).toBe(CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'wasm-unsafe-eval'"));
    expect(inlineScriptHashes('<script type="module">a</script><script type="text/plain">b</script>')).toHaveLength(1);
  });
});
