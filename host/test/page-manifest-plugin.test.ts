/** The runtime's fetch of the page's remote's manifest is answered from the page (docs/architecture.md, "One fast first load"). */
import { afterEach, describe, expect, test } from '@rstest/core';
import { PAGE_MANIFEST_BLOCK_ID } from '@app/deploy/first-load';
import pageManifestPlugin from '../src/remotes/page-manifest-plugin';

const MANIFEST_URL = '/remotes/ticket/1.0.0/mf-manifest.json';
const manifest = { name: 'ticket', metaData: { publicPath: '/remotes/ticket/1.0.0/' } };

function writeBlock(url = MANIFEST_URL, text = JSON.stringify(manifest)) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_MANIFEST_BLOCK_ID;
  block.setAttribute('data-url', url);
  block.textContent = text;
  document.head.append(block);
}

const fetchHook = (url: string) => {
  const hook = pageManifestPlugin().fetch;
  if (!hook) throw new Error('the plugin has no fetch hook');
  return hook(url, {});
};

afterEach(() => document.getElementById(PAGE_MANIFEST_BLOCK_ID)?.remove());

describe('pageManifestPlugin', () => {
  test('answers the manifest the page carries, once; the next fetch of it goes to the server', async () => {
    writeBlock();
    const answer = await fetchHook(new URL(MANIFEST_URL, window.location.href).href);
    expect(answer).toBeInstanceOf(Response);
    expect(await (answer as Response).json()).toEqual(manifest);
    expect(document.getElementById(PAGE_MANIFEST_BLOCK_ID)).toBeNull();
    expect(fetchHook(MANIFEST_URL)).toBeUndefined();
  });

  test('leaves every other fetch to the runtime, and the block in the page', () => {
    writeBlock();
    expect(fetchHook('/remotes/ticket/1.0.1/mf-manifest.json')).toBeUndefined();
    expect(fetchHook('/remotes/my/1.0.0/mf-manifest.json')).toBeUndefined();
    expect(document.getElementById(PAGE_MANIFEST_BLOCK_ID)).not.toBeNull();
  });

  test('a page without the block fetches as ever', () => {
    expect(fetchHook(MANIFEST_URL)).toBeUndefined();
  });
});
