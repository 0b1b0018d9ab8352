/** The taxi remote's pages (exposed as `./routes`): every route of spec §2 it owns. */
import { routePaths } from '@app/host-sdk/paths';
import { pageMeta, type RemoteRoute } from '@app/host-sdk/route-meta';

export const routes: RemoteRoute[] = [
  {
    path: routePaths.taxiInvoiceCreate,
    meta: pageMeta('TaxiInvoiceCreate', '出租车发票'),
    page: () => import('./pages/taxi-invoice-create/TaxiInvoiceCreatePage'),
  },
  {
    path: routePaths.taxiInvoiceReturn,
    meta: pageMeta('TaxiInvoiceReturn', '出租车发票红冲'),
    page: () => import('./pages/taxi-invoice-return/TaxiInvoiceReturnPage'),
  },
  {
    path: routePaths.taxiCars,
    meta: pageMeta('TaxiCars', '车辆管理'),
    page: () => import('./pages/taxi-cars/TaxiCarsPage'),
  },
  {
    path: routePaths.taxiTrip,
    meta: pageMeta('TaxiTrip', '记录行程'),
    page: () => import('./pages/taxi-trip/TaxiTripPage'),
  },
  {
    path: routePaths.taxiTripShare,
    meta: pageMeta('TaxiTripShare', '分享行程'),
    page: () => import('./pages/taxi-trip-share/TaxiTripSharePage'),
  },
  {
    path: routePaths.taxiShareList,
    meta: pageMeta('TaxiShareList', '分享记录'),
    page: () => import('./pages/taxi-share-list/TaxiShareListPage'),
  },
  {
    path: routePaths.myTaxiTrip,
    meta: pageMeta('MyTaxiTrip', '企业行程'),
    page: () => import('./pages/my-taxi-trip/MyTaxiTripPage'),
  },
  {
    path: routePaths.myPassenger,
    meta: pageMeta('MyPassenger', '乘客信息'),
    page: () => import('./pages/my-passenger/MyPassengerPage'),
  },
  {
    path: routePaths.myTrip,
    meta: pageMeta('MyTrip', '我的行程'),
    page: () => import('./pages/my-trip/MyTripPage'),
  },
];
