import { defineRemoteConfig } from '@app/build-config';
import { TAXI_RIDE_META } from './src/pages/taxi-ride/meta';
import { paths } from './src/paths';

export default defineRemoteConfig(import.meta.dirname, {
  leanPages: {
    // The ride page a passenger's phone opens cold after scanning in the taxi (docs/architecture.md, "Pages a phone opens cold").
    ride: {
      entry: './src/lean/ride-entry.tsx',
      server: './src/lean/ride-server.tsx',
      path: paths.taxiRide,
      title: TAXI_RIDE_META.title,
    },
  },
});
