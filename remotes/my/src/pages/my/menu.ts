/**
 * The menu of 我的, by permission (docs/product.md, "Roles"): which entries a user sees, in which group, and where
 * each leads. Kept as data so the page and its test read the same rules.
 */
import { appHref } from '@app/host-sdk/paths';
import { hasPermission, isCompanyUser, isTaxiUser } from '@app/host-sdk/roles';
import type { UserDetail } from '@app/contract/user';
import { href } from '../../paths';

/** Stroke paths (24×24) of the menu's icons, drawn with `LineIcon`. */
const ICONS = {
  companies: 'M4 21V5l8-2v18 M12 8l8 2v11 M3 21h18 M7 8h2 M7 12h2 M7 16h2 M15 13h2 M15 17h2',
  bind: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1 M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  goods: 'M4 7l8-4 8 4v10l-8 4-8-4z M4 7l8 4 8-4 M12 11v10',
  users: 'M9 11a4 4 0 1 0 0-8a4 4 0 1 0 0 8z M2 21a7 7 0 0 1 14 0 M16 3.5a4 4 0 0 1 0 7.5 M18 14a6 6 0 0 1 4 7',
  subCodes: 'M4 4h6v6H4z M14 4h6v6h-6z M4 14h6v6H4z M14 14h6 M14 17h6 M14 20h6',
  shopCode: 'M3 9l2-5h14l2 5 M3 9a3 3 0 0 0 6 0a3 3 0 0 0 6 0a3 3 0 0 0 6 0 M5 12v8h14v-8 M10 20v-5h4v5',
  wallet: 'M3 7h16a2 2 0 0 1 2 2v10H3z M3 7l12-4v4 M16 13h2',
  statistics: 'M4 20V10 M10 20V4 M16 20v-7 M22 20H2',
  taxAccount: 'M12 3l8 3v6c0 5-3.5 8-8 9c-4.5-1-8-4-8-9V6z M9 12l2 2 4-4',
  lifeServices: 'M4 10h16l-1 10H5z M8 10V7a4 4 0 0 1 8 0v3',
  contact: 'M4 14v-2a8 8 0 0 1 16 0v2 M4 14h3v5H4z M17 14h3v5h-3z M20 19a3 3 0 0 1-3 3h-4',
  titles: 'M5 3h10l4 4v14H5z M15 3v4h4 M8 11h8 M8 15h8 M8 19h5',
  trips: 'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z M12 12.5a2.5 2.5 0 1 0 0-5a2.5 2.5 0 1 0 0 5z',
  passenger: 'M12 11a4 4 0 1 0 0-8a4 4 0 1 0 0 8z M4 21a8 8 0 0 1 16 0',
  recordTrip: 'M4 20h4L19 9l-4-4L4 16z M13 7l4 4',
  cars: 'M3 16v-4l2-5h14l2 5v4z M3 16v3h3v-3 M18 16v3h3v-3 M6.5 13h1 M16.5 13h1',
  shares:
    'M18 8a3 3 0 1 0 0-6a3 3 0 1 0 0 6z M6 15a3 3 0 1 0 0-6a3 3 0 1 0 0 6z M18 22a3 3 0 1 0 0-6a3 3 0 1 0 0 6z M8.6 13.5l6.8 4 M15.4 6.5l-6.8 4',
  companyTrips: 'M4 4h16v16H4z M4 9h16 M9 9v11 M12 13h5 M12 16h5',
  audit: 'M6 3h9l4 4v14H6z M15 3v4h4 M9 11h7 M9 15h7 M9 19h4',
  privacy: 'M12 3l8 3v6c0 5-3.5 8-8 9c-4.5-1-8-4-8-9V6z M9.5 11V9.5a2.5 2.5 0 0 1 5 0V11 M9 11h6v5H9z',
  settings:
    'M12 15a3 3 0 1 0 0-6a3 3 0 1 0 0 6z M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3a1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5a1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8a1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1a1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5a1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
} as const;

export interface MenuEntry {
  label: string;
  to: string;
  icon: string;
  /** A short line on the right (e.g. what the entry is for). */
  extra?: string;
}

export interface MenuGroup {
  title: string;
  entries: MenuEntry[];
}

/**
 * `invitations`: how many companies invited the user (我的企业 says so). 我的企业 is there for everyone: a user of no
 * current company finds their invitations and their other companies there (a member removed from their current one).
 */
export function menuFor(user: UserDetail | null, invitations = 0): MenuGroup[] {
  const companyUser = isCompanyUser(user);
  const manager = hasPermission(user, 'company_manage');
  const inCompany = !!user?.company && !!user.companyInfo;
  const entries = (list: (MenuEntry | false)[]) => list.filter((entry): entry is MenuEntry => entry !== false);

  const company = entries([
    {
      label: '我的企业',
      to: appHref('myCompanies'),
      icon: ICONS.companies,
      ...(invitations > 0 && { extra: `${invitations} 个邀请待处理` }),
    },
    !companyUser && { label: '绑定企业', to: appHref('myCompanyBind'), icon: ICONS.bind, extra: '输入绑定码加入企业' },
    companyUser && { label: '商品管理', to: href('myCompanyGoods'), icon: ICONS.goods },
    manager && { label: '员工管理', to: href('myCompanyUsers'), icon: ICONS.users },
    manager && { label: '操作日志', to: appHref('myAudit'), icon: ICONS.audit, extra: '谁在何时做了什么' },
    companyUser && { label: '子码管理', to: href('mySubCodes'), icon: ICONS.subCodes },
    companyUser && { label: '店铺码', to: href('myShopCode'), icon: ICONS.shopCode },
  ]);
  const money = entries([
    inCompany && (manager || hasPermission(user, 'benefit_payment')) && { label: '钱包', to: appHref('myWallet'), icon: ICONS.wallet },
    companyUser && { label: '统计', to: href('myInvoiceStatistics'), icon: ICONS.statistics },
  ]);
  // Anyone can ride a taxi: the trips they received and their passenger profile; a taxi company's people also record
  // and share trips and choose the car, its manager sees all its trips.
  const taxiUser = isTaxiUser(user);
  const travel = entries([
    { label: '我的行程', to: appHref('myTrip'), icon: ICONS.trips, extra: '领取的出租车行程' },
    { label: '乘客信息', to: appHref('myPassenger'), icon: ICONS.passenger },
    taxiUser && { label: '记录行程', to: appHref('taxiTrip'), icon: ICONS.recordTrip },
    taxiUser && { label: '车辆管理', to: appHref('taxiCars'), icon: ICONS.cars },
    taxiUser && { label: '分享记录', to: appHref('taxiShareList'), icon: ICONS.shares },
    taxiUser && manager && { label: '企业行程', to: appHref('myTaxiTrip'), icon: ICONS.companyTrips },
  ]);
  const service = entries([
    { label: '发票抬头', to: appHref('titlesList'), icon: ICONS.titles },
    companyUser && { label: '税务账号', to: appHref('myTaxAccount'), icon: ICONS.taxAccount },
    inCompany && manager && { label: '生活服务入驻', to: href('toolsLifeServices'), icon: ICONS.lifeServices },
    { label: '联系客服', to: appHref('myContactUs'), icon: ICONS.contact },
    // What is collected and why, and the person's rights (PIPL), for everyone.
    { label: '隐私政策', to: appHref('privacyPolicy'), icon: ICONS.privacy },
    // 账号与安全: the person's copy of their data and deleting the account (PIPL), for everyone.
    { label: '设置', to: href('mySettings'), icon: ICONS.settings, extra: '账号与安全' },
  ]);
  return [
    { title: '企业', entries: company },
    { title: '资金与统计', entries: money },
    { title: '出行', entries: travel },
    { title: '服务', entries: service },
  ].filter((group) => group.entries.length > 0);
}
