/** The taxi remote's pages (exposed as `./routes`): every route of docs/product.md, "Screens and the host" it owns. */
import { appPaths } from '@app/host-sdk/paths';
import { pageMeta, type RemoteRoute } from '@app/host-sdk/route-meta';
import { TAXI_RIDE_META } from './pages/taxi-ride/meta';
import { paths } from './paths';

export const routes: RemoteRoute[] = [
  {
    path: appPaths.taxiInvoiceCreate,
    meta: pageMeta('TaxiInvoiceCreate', '出租车发票'),
    page: () => import('./pages/taxi-invoice-create/TaxiInvoiceCreatePage'),
  },
  {
    path: paths.taxiInvoiceReturn,
    meta: pageMeta('TaxiInvoiceReturn', '出租车发票红冲'),
    page: () => import('./pages/taxi-invoice-return/TaxiInvoiceReturnPage'),
  },
  { path: appPaths.taxiCars, meta: pageMeta('TaxiCars', '车辆管理'), page: () => import('./pages/taxi-cars/TaxiCarsPage') },
  { path: appPaths.taxiTrip, meta: pageMeta('TaxiTrip', '记录行程'), page: () => import('./pages/taxi-trip/TaxiTripPage') },
  {
    path: paths.taxiTripShare,
    meta: pageMeta('TaxiTripShare', '分享行程'),
    page: () => import('./pages/taxi-trip-share/TaxiTripSharePage'),
  },
  {
    path: appPaths.taxiShareList,
    meta: pageMeta('TaxiShareList', '分享记录'),
    page: () => import('./pages/taxi-share-list/TaxiShareListPage'),
  },
  { path: appPaths.myTaxiTrip, meta: pageMeta('MyTaxiTrip', '企业行程'), page: () => import('./pages/my-taxi-trip/MyTaxiTripPage') },
  { path: appPaths.myPassenger, meta: pageMeta('MyPassenger', '乘客信息'), page: () => import('./pages/my-passenger/MyPassengerPage') },
  // Also a lean page (src/lean/ride-entry.tsx): what a passenger's phone opens cold at this address.
  { path: paths.taxiRide, meta: TAXI_RIDE_META, page: () => import('./pages/taxi-ride/TaxiRidePage') },
  { path: appPaths.myTrip, meta: pageMeta('MyTrip', '我的行程'), page: () => import('./pages/my-trip/MyTripPage') },
];
