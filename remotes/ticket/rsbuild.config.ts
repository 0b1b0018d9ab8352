import { defineRemoteConfig } from '@app/build-config';
import { FIRST_CALLS } from './src/first-calls';

export default defineRemoteConfig(import.meta.dirname, { firstCalls: FIRST_CALLS, firstScreen: './src/first-screen.tsx' });
