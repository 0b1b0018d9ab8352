import { describe, expect, test } from '@rstest/core';
import { ownerRemote, writeFirstLoad } from '../src/releases/first-load';

describe('ownerRemote', () => {
  const remotes = {
    payment: { version: '1.0.0', entry: '/remotes/payment/1.0.0/mf-manifest.json', prefixes: ['/payment/', '/shop/'] },
    invoice: { version: '1.0.0', entry: '/remotes/invoice/1.0.0/mf-manifest.json', prefixes: ['/', '/invoice/'] },
  };

  test('the longest prefix wins; the host keeps its own pages inside a remote prefix', () => {
    expect(ownerRemote('/', remotes)).toBe('invoice');
    expect(ownerRemote('/invoice/list', remotes)).toBe('invoice');
    expect(ownerRemote('/shop/YST0001', remotes)).toBe('payment');
    expect(ownerRemote('/shop/universalBindShop', remotes)).toBeNull();
    expect(ownerRemote('/login', remotes)).toBeNull();
    expect(ownerRemote('/unknown', remotes)).toBeNull();
  });
});

describe('writeFirstLoad', () => {
  const html = '<!doctype html><html><head><title>t</title></head><body></body></html>';
  const ticket = { version: '1.0.0', entry: '/remotes/ticket/1.0.0/mf-manifest.json', prefixes: ['/ticket/'] };

  test("the owner's manifest is written into the page, with its address; other paths carry none", () => {
    const manifest = { name: 'ticket', metaData: { publicPath: '/remotes/ticket/1.0.0/' } };
    const page = writeFirstLoad(html, '/ticket/index', { ticket }, {}, { startFiles: [], manifest });
    const block =
      /<script type="application\/json" id="page-remote-manifest" data-url="\/remotes\/ticket\/1\.0\.0\/mf-manifest\.json">(.*?)<\/script>/.exec(
        page,
      );
    expect(JSON.parse(block?.[1] ?? 'null')).toEqual(manifest);
    expect(page).not.toContain('mf-manifest.json"></head>');
    expect(writeFirstLoad(html, '/login', { ticket }, {}, { startFiles: [], manifest })).not.toContain('page-remote-manifest');
  });

  test("without the owner's manifest (it could not be read), the page preloads it as a fetch; other paths preload nothing", () => {
    expect(writeFirstLoad(html, '/ticket/index', { ticket })).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/remotes/ticket/1.0.0/mf-manifest.json"></head>',
    );
    expect(writeFirstLoad(html, '/login', { ticket })).not.toContain('rel="preload"');
  });

  test('nothing in a manifest can close its block or open markup', () => {
    const manifest = { name: '</script><script>alert(1)</script>', note: '<!-- & -->' };
    const page = writeFirstLoad(html, '/ticket/index', { ticket }, {}, { startFiles: [], manifest });
    const block = page.slice(page.indexOf('id="page-remote-manifest"'), page.indexOf('</head>'));
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).not.toContain('<!--');
    expect(JSON.parse(/>(.*?)<\/script>/.exec(block)?.[1] ?? 'null')).toEqual(manifest);
  });

  test("the owner's entry and routes are fetched beside the host's scripts; nothing of another origin", () => {
    const files = [
      '/remotes/ticket/1.0.0/static/js/ticket.0123456789.js',
      '/remotes/ticket/1.0.0/static/js/async/routes.abcdef0123.js',
      '//evil.example/x.js',
      'https://evil.example/y.js',
    ];
    const page = writeFirstLoad(html, '/ticket/index', { ticket }, {}, { startFiles: files });
    for (const file of files.slice(0, 2)) expect(page).toContain(`<link rel="preload" as="fetch" crossorigin="anonymous" href="${file}">`);
    expect(page).not.toContain('evil.example');
    expect(page).not.toContain('as="script"');
  });

  test("the data blocks go before the early calls that read them; the remote's files after the host's own, which start the page", () => {
    const built =
      '<!doctype html><html><head><meta charset="utf-8"><script data-early-calls>x()</script><script defer src="/remotes/host/1.0.0/static/js/index.js"></script><link href="/remotes/host/1.0.0/static/js/async/lib-core.js" rel="preload" as="script"></head><body></body></html>';
    const page = writeFirstLoad(
      built,
      '/ticket/index',
      { ticket },
      {
        firstCalls: [{ path: 'ticket/list', body: { page: 1 } }],
        answers: [{ path: 'sysConfig/get', body: {}, answer: { success: true } }],
      },
      { startFiles: ['/remotes/ticket/1.0.0/static/js/ticket.0123456789.js'], manifest: { name: 'ticket' } },
    );
    const at = (text: string) => page.indexOf(text);
    expect(at('id="live-remotes"')).toBeGreaterThan(at('<meta charset'));
    expect(at('id="first-calls"')).toBeLessThan(at('<script data-early-calls'));
    expect(at('id="page-answers"')).toBeLessThan(at('<script data-early-calls'));
    expect(at('id="page-remote-manifest"')).toBeLessThan(at('<script data-early-calls'));
    expect(at('ticket.0123456789.js')).toBeGreaterThan(at('lib-core.js'));
    expect(at('ticket.0123456789.js')).toBeLessThan(at('</head>'));
  });

  test('an entry that is not a path of this origin is neither preloaded nor written as a manifest address', () => {
    for (const entry of ['https://evil.example/m.json', '//evil.example/m.json', 'javascript:x']) {
      expect(writeFirstLoad(html, '/ticket/index', { ticket: { ...ticket, entry } })).not.toContain('rel="preload"');
      expect(writeFirstLoad(html, '/ticket/index', { ticket: { ...ticket, entry } }, {}, { startFiles: [], manifest: {} })).not.toContain(
        'page-remote-manifest',
      );
    }
  });

  test('nothing in the registry can close the data block or open markup', () => {
    const page = writeFirstLoad(html, '/', {
      evil: { version: '1.0.0', entry: '/x"><script>', prefixes: ['</script><script>alert(1)</script>', '<!--', '/'] },
    });
    const block = page.slice(page.indexOf('<script type="application/json"'), page.indexOf('</head>'));
    expect(block.match(/<\/script>/g)).toHaveLength(1);
    expect(block).not.toContain('<!--');
    expect(block).toContain('href="/x&quot;>&lt;script>"');
    const json = /id="live-remotes">(.*?)<\/script>/.exec(block)?.[1] ?? '';
    expect(JSON.parse(json).evil.prefixes[0]).toBe('</script><script>alert(1)</script>');
  });

  test('a page without a head is left as it is', () => {
    expect(writeFirstLoad('<p>x</p>', '/', {})).toBe('<p>x</p>');
  });
});
