import { defineRemoteTestConfig } from '@app/build-config/test-config';

// The photo fixtures are drawn on @napi-rs/canvas, a native addon.
export default defineRemoteTestConfig('ticket', { externals: ['@napi-rs/canvas'] });
