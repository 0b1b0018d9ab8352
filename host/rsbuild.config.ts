import { defineHostConfig } from '@app/build-config';

export default defineHostConfig(import.meta.dirname, {
  runtimePlugins: [
    new URL('./src/remotes/remote-fallback-plugin.ts', import.meta.url).pathname,
    new URL('./src/remotes/page-manifest-plugin.ts', import.meta.url).pathname,
    new URL('./src/remotes/release-checked-ranges-plugin.ts', import.meta.url).pathname,
  ],
});
