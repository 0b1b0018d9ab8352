import { defineRemoteTestConfig } from '@app/build-config/test-config';

export default defineRemoteTestConfig('ticket');
