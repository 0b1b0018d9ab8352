// `rstest run` at the root runs every package's unit, component and server tests in one go.
import { defineConfig } from '@rstest/core';

export default defineConfig({
  projects: ['shared/domain', 'shared/ui', 'shared/host-sdk', 'shared/build-config', 'host', 'remotes/invoice', 'deploy', 'server'],
});
