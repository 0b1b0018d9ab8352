import { describe, expect, test } from '@rstest/core';
import { appHref, appPaths, href, routePaths, toSearch } from '../src/paths';

describe('appHref: the pages that cross apps', () => {
  test('builds static pages, with a query when given', () => {
    expect(appHref('home')).toBe('/');
    expect(appHref('ticketIndex')).toBe('/ticket/index');
    expect(appHref('invoiceTaskDetail', {}, { id: 't-1' })).toBe('/invoice/task/detail?id=t-1');
    expect(appHref('myContactUs', {}, { auto: 'workWechat' })).toBe('/my/contactUs?auto=workWechat');
    expect(appHref('login', {}, { returnUrl: '/my?x=1' })).toBe('/login?returnUrl=%2Fmy%3Fx%3D1');
  });

  test('fills params and escapes them', () => {
    expect(appHref('shop', { code: 'ab c' })).toBe('/shop/ab%20c');
    expect(appHref('shortLink', { code: 'X1' })).toBe('/t/X1');
  });

  test('holds only the tabs, the host pages and the pages another app links to', () => {
    expect(Object.keys(appPaths).sort()).toEqual(
      [
        // tabs
        'home',
        'ticketIndex',
        'paymentList',
        'my',
        // host pages
        'login',
        'servicesClose',
        'shortLink',
        'universalBindShop',
        'privacyPolicy',
        // linked across apps
        'invoiceTaskDetail',
        'taxiInvoiceCreate',
        'myTaxAccount',
        'myContactUs',
        'myCompanyGoodsAdd',
        'myCompanies',
        'myCompanyBind',
        'myAudit',
        'shop',
        'myWallet',
        'titlesList',
        'myTrip',
        'myPassenger',
        'taxiTrip',
        'taxiCars',
        'taxiShareList',
        'myTaxiTrip',
        'myAccountDeletion',
      ].sort(),
    );
    const patterns = Object.values(appPaths);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  test('types: params exactly when the pattern has them, and only cross-app names', () => {
    // Checked by `tsc --noEmit -p .`.
    const wrong = () => {
      // @ts-expect-error a pattern with :code needs its params
      appHref('shop');
      // @ts-expect-error a remote's own page is not in the cross-app table
      appHref('ticketDetail');
    };
    expect(typeof wrong).toBe('function');
  });
});

describe('the deprecated 1.1 table, for remotes released against @app/host-sdk 1.1', () => {
  // Such a remote reads `routePaths` and `href` from the host at run time (Module Federation shares this module), for
  // its own pages too: every name it may use must stay, with the pattern it had.
  const TABLE_1_1 = {
    login: '/login',
    servicesClose: '/services-close',
    shortLink: '/t/:code',
    universalBindShop: '/shop/universalBindShop',
    home: '/',
    invoiceCreate: '/invoice/create',
    invoiceReturn: '/invoice/return',
    invoiceList: '/invoice/list',
    invoiceApplyingList: '/invoice/applying/list',
    invoiceWaitingList: '/invoice/waiting/list',
    invoiceTaskList: '/invoice/task/list',
    invoiceTaskDetail: '/invoice/task/detail',
    invoiceQrcode: '/invoice/qrcode',
    titlesList: '/titles/list',
    titlesCreate: '/titles/create',
    taxiInvoiceCreate: '/invoice/taxi/create',
    taxiInvoiceReturn: '/invoice/taxi/return',
    taxiCars: '/taxi/cars',
    taxiTrip: '/taxi/trip',
    taxiTripShare: '/taxi/trip/share',
    taxiShareList: '/taxi/share/list',
    myTaxiTrip: '/my/taxi/trip',
    myPassenger: '/my/passenger',
    myTrip: '/my/trip',
    my: '/my',
    myShopCode: '/my/shop-code',
    myTaxAccount: '/my/taxAccount',
    myTaxAccountSet: '/my/taxAccount/set',
    myTaxAccountResetHelp: '/my/taxAccount/resetHelp',
    myContactUs: '/my/contactUs',
    myCompanyGoods: '/my/companyGoods',
    myCompanyGoodsAdd: '/my/companyGoods/add',
    myCompanyUsers: '/my/companyUsers',
    myCompanyUsersAdd: '/my/companyUsers/add',
    myCompanies: '/my/companies',
    myCompanyBind: '/my/company/bind',
    myIncomeStatistics: '/my/statistics/incomeStatistics',
    myInvoiceStatistics: '/my/statistics/invoiceStatistics',
    mySubCodes: '/my/subCode/',
    mySubCodeAdd: '/my/subCode/add',
    mySubCodeEdit: '/my/subCode/edit',
    mySubCodeQrcode: '/my/subCode/qrcode',
    toolsLifeServices: '/tools/join/lifeServices',
    wallet: '/my/wallet',
    walletList: '/my/wallet/list',
    walletWithdraw: '/my/wallet/tixian',
    walletWithdrawList: '/my/wallet/tixian/list',
    ticketIndex: '/ticket/index',
    ticketDetail: '/ticket/detail',
    ticketImport: '/ticket/import/index',
    ticketImportImage: '/ticket/import/image',
    ticketImportInput: '/ticket/import/input',
    paymentList: '/payment/list',
    paymentDetail: '/payment/detail',
    shop: '/shop/:code',
    cashReturn: '/cash/return',
  };

  test('routePaths is the 1.1 table, name for name', () => {
    expect({ ...routePaths }).toEqual(TABLE_1_1);
  });

  test("href still builds every 1.1 name, a remote's own pages included", () => {
    expect(href('ticketDetail', {}, { id: 't-1' })).toBe('/ticket/detail?id=t-1');
    expect(href('mySubCodeEdit')).toBe('/my/subCode/edit');
    expect(href('shop', { code: 'S1' })).toBe('/shop/S1');
  });

  test('toSearch is still here, leaving out empty query values', () => {
    expect(toSearch({ a: 1, b: undefined, c: null, d: '' })).toBe('?a=1&d=');
    expect(toSearch({})).toBe('');
  });
});
