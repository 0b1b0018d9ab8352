/**
 * How to reset the e-tax password (电子税务局密码), by region: the province's e-tax service and what it asks for.
 * Keyed by the region code of `sysConfig` `etaxAreas` (the province's administrative code, also the 3rd and 4th
 * characters of a unified social credit code); any other region gets the general guide.
 */
export interface ResetGuide {
  /** The e-tax service's name as the user sees it. */
  service: string;
  /** The web address of the service (shown, not linked: the in-app browser would leave the app). */
  site: string;
  /** The mobile apps that offer the same. */
  apps: string;
  /** How the service verifies who resets the password. */
  verify: string;
  /** What this region does differently, if anything. */
  tip?: string;
}

export const GENERAL_GUIDE: ResetGuide = {
  service: '所在省（市）的电子税务局',
  site: 'etax.<省份拼音>.chinatax.gov.cn',
  apps: '所在省（市）税务局的官方 App',
  verify: '输入统一社会信用代码（纳税人识别号）、本人身份证号码，并用在税务局登记的手机号接收验证码',
  tip: '不同地区的页面略有差异，找不到“忘记密码”时，可拨打 12366 纳税服务热线咨询。',
};

export const RESET_GUIDES: Record<string, ResetGuide> = {
  '33': {
    service: '国家税务总局浙江省电子税务局',
    site: 'etax.zhejiang.chinatax.gov.cn',
    apps: '“浙江税务”App 或浙里办',
    verify: '输入统一社会信用代码、本人身份证号码，并用在税务局登记的手机号接收验证码',
    tip: '浙江地区找回密码后需等待约 1 分钟再登录，新密码才会生效。',
  },
  '31': {
    service: '国家税务总局上海市电子税务局',
    site: 'etax.shanghai.chinatax.gov.cn',
    apps: '“上海税务”App 或随申办',
    verify: '输入统一社会信用代码、本人身份证号码，通过手机验证码或“个人所得税”App 扫码完成身份验证',
  },
  '32': {
    service: '国家税务总局江苏省电子税务局',
    site: 'etax.jiangsu.chinatax.gov.cn',
    apps: '“江苏税务”App 或苏服办',
    verify: '输入统一社会信用代码、本人身份证号码，并用在税务局登记的手机号接收验证码',
  },
  '44': {
    service: '国家税务总局广东省电子税务局',
    site: 'etax.guangdong.chinatax.gov.cn',
    apps: '“广东税务”App 或粤省事',
    verify: '输入统一社会信用代码、本人身份证号码，并用在税务局登记的手机号接收验证码，部分情况需刷脸确认',
    tip: '深圳市的企业请使用深圳市电子税务局（etax.shenzhen.chinatax.gov.cn）。',
  },
};

export const GENERAL_REGION = 'general';

export function guideFor(region: string): ResetGuide {
  return RESET_GUIDES[region] ?? GENERAL_GUIDE;
}

/** The region of a unified social credit code (its 3rd and 4th characters), or null when it has none. */
export function regionOfTaxNumber(taxNumber: string | null | undefined): string | null {
  return taxNumber && /^[0-9A-Z]{2}\d{2}/.test(taxNumber) && taxNumber.length === 18 ? taxNumber.slice(2, 4) : null;
}
