/**
 * The my remote's own pages, by name: the one place each pattern is written. `routes.ts` routes them and the
 * pages link to them with `href` from here, so adding a page needs no host release (README.md, "Developing one
 * remote").
 *
 * Its pages that other apps link to (`my`, `myTaxAccount`, `myContactUs`, `myCompanyGoodsAdd`, `myCompanies`,
 * `myCompanyBind`) are named in `@app/host-sdk/paths` instead, and only there: `routes.ts` routes them with
 * `appPaths`, the pages link to them with `appHref`.
 */
import { definePaths } from '@app/host-sdk/define-paths';

export const { paths, href } = definePaths({
  myShopCode: '/my/shop-code',
  myTaxAccountSet: '/my/taxAccount/set',
  myTaxAccountResetHelp: '/my/taxAccount/resetHelp',
  myCompanyGoods: '/my/companyGoods',
  myCompanyUsers: '/my/companyUsers',
  myCompanyUsersAdd: '/my/companyUsers/add',
  myIncomeStatistics: '/my/statistics/incomeStatistics',
  myInvoiceStatistics: '/my/statistics/invoiceStatistics',
  mySubCodes: '/my/subCode/',
  mySubCodeAdd: '/my/subCode/add',
  mySubCodeEdit: '/my/subCode/edit',
  mySubCodeQrcode: '/my/subCode/qrcode',
  toolsLifeServices: '/tools/join/lifeServices',
  mySettings: '/my/settings',
} as const);
