import { defineRemoteConfig } from '@app/build-config';

export default defineRemoteConfig(import.meta.dirname);
