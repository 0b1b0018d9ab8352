/** Every route of docs/product.md, "Screens and the host": its owner, page name, title and whether the tab bar shows (for 企业管理员). */
export interface Expected {
  path: string;
  owner: string;
  name: string;
  title: string;
  tabBar?: boolean;
}

export const ROUTES: Expected[] = [
  { path: '/', owner: 'invoice', name: 'InvoiceDefaultCreate', title: '开票', tabBar: true },
  { path: '/invoice/create', owner: 'invoice', name: 'InvoiceCreate', title: '开具发票' },
  { path: '/invoice/return', owner: 'invoice', name: 'InvoiceReturn', title: '红字发票' },
  { path: '/invoice/list', owner: 'invoice', name: 'InvoiceList', title: '发票列表', tabBar: true },
  { path: '/invoice/applying/list', owner: 'invoice', name: 'InvoiceApplyingList', title: '开票申请' },
  { path: '/invoice/waiting/list', owner: 'invoice', name: 'InvoiceWaitingList', title: '待开票' },
  { path: '/invoice/task/list', owner: 'invoice', name: 'InvoiceTaskList', title: '开票任务' },
  { path: '/invoice/task/detail?id=1', owner: 'invoice', name: 'InvoiceTaskDetail', title: '任务详情' },
  { path: '/invoice/qrcode', owner: 'invoice', name: 'InvoiceQrcode', title: '开票二维码' },
  { path: '/titles/list', owner: 'invoice', name: 'TitlesList', title: '发票抬头' },
  { path: '/titles/create', owner: 'invoice', name: 'TitlesCreate', title: '新增抬头' },
  { path: '/invoice/taxi/create', owner: 'taxi', name: 'TaxiInvoiceCreate', title: '出租车发票' },
  { path: '/invoice/taxi/return', owner: 'taxi', name: 'TaxiInvoiceReturn', title: '出租车发票红冲' },
  { path: '/taxi/cars', owner: 'taxi', name: 'TaxiCars', title: '车辆管理' },
  { path: '/taxi/trip', owner: 'taxi', name: 'TaxiTrip', title: '记录行程' },
  { path: '/taxi/trip/share', owner: 'taxi', name: 'TaxiTripShare', title: '分享行程' },
  { path: '/taxi/share/list', owner: 'taxi', name: 'TaxiShareList', title: '分享记录' },
  { path: '/my/taxi/trip', owner: 'taxi', name: 'MyTaxiTrip', title: '企业行程' },
  { path: '/my/passenger', owner: 'taxi', name: 'MyPassenger', title: '乘客信息' },
  { path: '/my/trip', owner: 'taxi', name: 'MyTrip', title: '我的行程' },
  { path: '/my', owner: 'my', name: 'My', title: '我的', tabBar: true },
  { path: '/my/shop-code', owner: 'my', name: 'MyShopCode', title: '店铺码' },
  { path: '/my/taxAccount', owner: 'my', name: 'MyTaxAccount', title: '税务账号' },
  { path: '/my/taxAccount/set', owner: 'my', name: 'MyTaxAccountSet', title: '设置税务账号' },
  { path: '/my/taxAccount/resetHelp', owner: 'my', name: 'MyTaxAccountResetHelp', title: '重置密码帮助' },
  { path: '/my/contactUs', owner: 'my', name: 'MyContactUs', title: '联系客服' },
  { path: '/my/companyGoods', owner: 'my', name: 'MyCompanyGoods', title: '商品管理' },
  { path: '/my/companyGoods/add', owner: 'my', name: 'MyCompanyGoodsAdd', title: '新增商品' },
  { path: '/my/companyUsers', owner: 'my', name: 'MyCompanyUsers', title: '员工管理' },
  { path: '/my/companyUsers/add', owner: 'my', name: 'MyCompanyUsersAdd', title: '添加员工' },
  { path: '/my/audit', owner: 'my', name: 'MyAudit', title: '操作日志' },
  { path: '/my/companies', owner: 'my', name: 'MyCompanies', title: '我的企业' },
  { path: '/my/company/bind', owner: 'my', name: 'MyCompanyBind', title: '绑定企业' },
  { path: '/my/statistics/incomeStatistics', owner: 'my', name: 'IncomeStatistics', title: '收入统计' },
  { path: '/my/statistics/invoiceStatistics', owner: 'my', name: 'InvoiceStatistics', title: '开票统计' },
  { path: '/my/subCode/', owner: 'my', name: 'MySubCodes', title: '子码管理' },
  { path: '/my/subCode/add', owner: 'my', name: 'MySubCodeAdd', title: '新增子码' },
  { path: '/my/subCode/edit', owner: 'my', name: 'MySubCodeEdit', title: '编辑子码' },
  { path: '/my/subCode/qrcode', owner: 'my', name: 'MySubCodeQrcode', title: '子码二维码' },
  { path: '/tools/join/lifeServices', owner: 'my', name: 'LifeServicesJoin', title: '生活服务入驻' },
  { path: '/my/settings', owner: 'my', name: 'MySettings', title: '设置' },
  { path: '/my/account-deletion', owner: 'my', name: 'MyAccountDeletion', title: '注销账号' },
  { path: '/my/wallet', owner: 'wallet', name: 'Wallet', title: '钱包' },
  { path: '/my/wallet/list', owner: 'wallet', name: 'WalletList', title: '钱包明细' },
  { path: '/my/wallet/tixian', owner: 'wallet', name: 'WalletWithdraw', title: '提现' },
  { path: '/my/wallet/tixian/list', owner: 'wallet', name: 'WalletWithdrawList', title: '提现记录' },
  { path: '/ticket/index', owner: 'ticket', name: 'TicketIndex', title: '票夹', tabBar: true },
  { path: '/ticket/detail', owner: 'ticket', name: 'TicketDetail', title: '票据详情' },
  { path: '/ticket/import/index', owner: 'ticket', name: 'TicketImport', title: '导入发票' },
  { path: '/ticket/import/image', owner: 'ticket', name: 'TicketImportImage', title: '图片导入' },
  { path: '/ticket/import/input', owner: 'ticket', name: 'TicketImportInput', title: '手动录入' },
  { path: '/payment/list', owner: 'payment', name: 'payment_list', title: '收支', tabBar: true },
  { path: '/payment/detail', owner: 'payment', name: 'PaymentDetail', title: '收支详情' },
  { path: '/shop/S0001', owner: 'payment', name: 'ShopCash', title: '收银台' },
  { path: '/cash/return', owner: 'payment', name: 'CashReturn', title: '支付结果' },
  { path: '/login', owner: 'host', name: 'Login', title: '登录' },
  // While the service is open, services-close has nothing to say and leads back to where the user was going.
  { path: '/services-close?returnUrl=%2Fmy', owner: 'my', name: 'My', title: '我的', tabBar: true },
];

/** The apps, in the order the tests walk them. */
export const OWNERS = ['invoice', 'taxi', 'my', 'wallet', 'ticket', 'payment', 'host'] as const;
