/**
 * Module Federation runtime plugin: the runtime's fetch of the manifest of the remote that owns the address is answered
 * from the copy the server wrote into the page (docs/architecture.md, "One fast first load"), a request fewer before
 * the first screen. Once: the block leaves the page with its first use, so a later fetch of that manifest (重试 after a
 * failure, a rollback's version) asks the server.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { PAGE_MANIFEST_BLOCK_ID } from '@app/deploy/first-load';

const sameAddress = (a: string, b: string) => new URL(a, window.location.href).href === new URL(b, window.location.href).href;

export default function pageManifestPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'page-manifest',
    fetch(url) {
      const block = document.getElementById(PAGE_MANIFEST_BLOCK_ID);
      const written = block?.getAttribute('data-url');
      if (!block || !written || !sameAddress(written, url)) return undefined;
      block.remove();
      return Promise.resolve(new Response(block.textContent, { headers: { 'Content-Type': 'application/json' } }));
    },
  };
}
