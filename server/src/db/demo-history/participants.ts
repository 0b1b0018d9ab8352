/** Who takes part in the demo history besides the company's own: its buyers, its customers and the staff it invites. */
import type { InvoiceParty } from '@app/domain/invoice-document';
import { usccCheckCharacter } from '@app/domain/tax-number';

const uscc = (first17: string) => first17 + usccCheckCharacter(first17);

export interface Buyer {
  party: InvoiceParty;
  /** Where the invoice is sent: a company's finance mailbox, a person's mobile. */
  email: string;
  mobile: string;
  /** Takes 数电专票 now and then. */
  special: boolean;
}

function company(
  name: string,
  first17: string,
  address: string,
  phone: string,
  bankName: string,
  bankAccount: string,
  email: string,
  special: boolean,
): Buyer {
  return {
    party: { name, taxNumber: uscc(first17), address, phone, bankName, bankAccount, naturalPerson: false },
    email,
    mobile: '',
    special,
  };
}

function person(name: string, mobile: string): Buyer {
  return {
    party: { name, taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true },
    email: '',
    mobile,
    special: false,
  };
}

/** The company's customers that are companies: Hangzhou firms, with valid unified social credit codes. */
export const COMPANY_BUYERS: readonly Buyer[] = [
  company(
    '杭州西溪数字科技有限公司',
    '91330106MA2B8Q4T6',
    '杭州市西湖区文二西路 738 号',
    '0571-87651234',
    '招商银行杭州西湖支行',
    '571912345610301',
    'finance@xixi-digital.cn',
    true,
  ),
  company(
    '杭州钱江文化创意有限公司',
    '91330102MA2CFK7P3',
    '杭州市上城区钱江路 1366 号',
    '0571-86012345',
    '中国银行杭州钱江支行',
    '363265432101',
    'caiwu@qjcy.com.cn',
    false,
  ),
  company(
    '浙江之江物联网科技有限公司',
    '91330108MA27XD2N9',
    '杭州市滨江区江南大道 3850 号',
    '0571-88215678',
    '中国建设银行杭州高新支行',
    '33050161672700005678',
    'ap@zjiot.cn',
    true,
  ),
  company(
    '杭州良渚建筑设计有限公司',
    '91330110MA2J4R8E1',
    '杭州市余杭区良渚街道古墩路 1888 号',
    '0571-89012345',
    '杭州银行余杭支行',
    '3301040160012345678',
    'fin@lzad.cn',
    false,
  ),
  company(
    '杭州滨江智造机电有限公司',
    '91330108MA2KB3W5H',
    '杭州市滨江区滨安路 1197 号',
    '0571-86687788',
    '中国农业银行杭州滨江支行',
    '19045101040012345',
    'invoice@bjzz.com.cn',
    true,
  ),
  company(
    '杭州拱宸桥餐饮管理有限公司',
    '91330105MA28M6C4K',
    '杭州市拱墅区小河路 488 号',
    '0571-88398866',
    '中国工商银行杭州拱墅支行',
    '1202020409900123456',
    '',
    false,
  ),
  company(
    '杭州萧然商贸有限公司',
    '91330109MA2D9T1GX',
    '杭州市萧山区市心中路 819 号',
    '0571-82712345',
    '浙江萧山农村商业银行城厢支行',
    '201000123456789',
    'xr_trade@163.com',
    false,
  ),
  company(
    '杭州运河湾物业管理有限公司',
    '91330105MA2H5N7P2',
    '杭州市拱墅区丽水路 58 号',
    '0571-88112233',
    '交通银行杭州拱墅支行',
    '331066120018010012345',
    '',
    false,
  ),
  company(
    '浙江云栖会展服务有限公司',
    '91330106MA2G6E8R4',
    '杭州市西湖区转塘街道云栖小镇',
    '0571-87098765',
    '中信银行杭州分行营业部',
    '8110801012345678901',
    'expo@yunqi-events.cn',
    true,
  ),
  company(
    '杭州湖畔教育科技有限公司',
    '91330106MA2AW2Q9L',
    '杭州市西湖区天目山路 181 号',
    '0571-85123456',
    '宁波银行杭州西湖支行',
    '71010122000123456',
    'zhangwu@hupan-edu.cn',
    false,
  ),
];

/** Natural persons (自然人) who want an invoice in their own name. */
export const PERSON_BUYERS: readonly Buyer[] = [
  person('张伟', '13967112345'),
  person('李娜', '13858023456'),
  person('王强', '13706534567'),
];

/** Customers who pay at the cash desk and ask for invoices: ordinary users of the demo (no demo sign-in button). */
export const CUSTOMERS = [
  { nickname: '陈先生', phone: '13905710001' },
  { nickname: '王女士', phone: '13905710002' },
  { nickname: '林晓峰', phone: '13905710003' },
  { nickname: '赵敏', phone: '13905710004' },
  { nickname: '黄磊', phone: '13905710005' },
  { nickname: '徐静', phone: '13905710006' },
  { nickname: '孙浩', phone: '13905710007' },
  { nickname: '马丽', phone: '13905710008' },
  { nickname: '周杰', phone: '13905710009' },
  { nickname: '吴倩', phone: '13905710010' },
] as const;

/** Staff the manager invites: two who accept, one who has not yet. */
export const STAFF = [
  { name: '周婷', phone: '13957180021', role: 'offline_pay_manager', accepts: true },
  { name: '刘洋', phone: '13957180022', role: 'employee', accepts: true },
  { name: '孙磊', phone: '13957180023', role: 'employee', accepts: false },
] as const;
