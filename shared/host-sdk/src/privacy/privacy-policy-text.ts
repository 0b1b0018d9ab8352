/**
 * What 隐私政策 says (PIPL arts. 17 and 30: what is collected, why, for how long, who receives it, the person's rights).
 * Kept as data so the page and the agreement dialog show one text, and a test can read it.
 */

export interface CollectedItem {
  what: string;
  /** Where it comes from, when it is not obvious. */
  source?: string;
  purpose: string;
  retention: string;
}

export const DELETED_WITH_ACCOUNT = '账号存续期间；注销账号后删除或匿名化';
export const KEPT_BY_LAW = '依法保存，期限见「二、依法保存的信息」';

export const COLLECTED: readonly CollectedItem[] = [
  {
    what: '昵称和头像',
    source: '微信或支付宝授权登录时，经您同意由平台提供',
    purpose: '在「我的」中显示您的账号，便于企业同事认出您',
    retention: DELETED_WITH_ACCOUNT,
  },
  {
    what: '微信 openid 或支付宝用户 ID',
    source: '授权登录时由平台提供',
    purpose: '识别您是同一位用户，让您下次直接登录；不用于其他目的',
    retention: DELETED_WITH_ACCOUNT,
  },
  {
    what: '手机号码',
    source: '您或企业管理员添加成员时填写，设置电子税务局账号时填写的办税人手机号',
    purpose: '把您加入企业、向您显示企业邀请；接收电子税务局的登录验证码；按您的要求以短信发送发票',
    retention: DELETED_WITH_ACCOUNT,
  },
  {
    what: '所属企业及角色',
    purpose: '确定您能使用哪些功能、能查看哪家企业的数据',
    retention: '您属于该企业期间；被移出企业或注销账号后删除',
  },
  {
    what: '电子税务局账号信息（办税人姓名、身份、手机号、证件号码、登录密码）',
    source: '企业管理员在「税务账号」中填写',
    purpose: '经您授权，代您登录电子税务局、办理开票等涉税事项；登录密码加密保存，任何人都无法在应用中查看',
    retention: '企业使用优税通期间；修改后旧信息即被替换',
  },
  {
    what: '发票抬头（名称、纳税人识别号、地址电话、开户行及账号、电子邮箱）',
    purpose: '申请开票时自动填写，省去重复输入',
    retention: '您删除该抬头或注销账号前',
  },
  {
    what: '开票时录入的购买方信息（名称、纳税人识别号、地址电话、开户行及账号、接收发票的手机号或邮箱）',
    purpose: '开具发票，并把发票交付到您填写的手机号或邮箱',
    retention: KEPT_BY_LAW,
  },
  {
    what: '收款、收支与钱包流水，提现银行账户',
    purpose: '记录企业的收款、结算与提现，供企业对账和开票',
    retention: KEPT_BY_LAW,
  },
  {
    what: '乘客信息与行程（默认抬头、接收发票的手机号或邮箱；领取的行程的时间、起止地点、里程、金额）',
    purpose: '领取出租车行程、申请并接收出租车发票',
    retention: '账号存续期间；已开具发票的行程随发票依法保存',
  },
  {
    what: '登录记录（登录时间、IP 地址）',
    purpose: '保持您的登录状态，发现异常登录，保障账号安全',
    retention: '不少于 6 个月（《中华人民共和国网络安全法》第二十一条要求留存网络日志不少于六个月），期满后删除',
  },
  {
    what: '设备信息（浏览器 User-Agent）',
    purpose: '判断页面是否在微信或支付宝中打开、适配页面显示、排查故障',
    retention: '与登录记录相同',
  },
];

/** The periods Chinese law sets for tax and accounting records (the company's, which the app keeps for it). */
export const KEPT_BY_LAW_PERIODS: readonly string[] = [
  '账簿、记账凭证、完税凭证及其他涉税资料：保存 10 年（《中华人民共和国税收征收管理法实施细则》第二十九条）。',
  '作为会计凭证入账的发票、会计账簿：保存 30 年（《会计档案管理办法》所附《企业和其他组织会计档案保管期限表》）。',
];

export interface SharedWith {
  who: string;
  what: string;
  why: string;
}

export const SHARED_WITH: readonly SharedWith[] = [
  {
    who: '国家税务总局电子税务局',
    what: '办税人身份信息、购买方信息和开票明细',
    why: '代您登录、完成刷脸认证（在税务机关的应用中进行，优税通不收集您的人脸信息）、开具和红冲发票',
  },
  { who: '微信支付、支付宝', what: '订单号、金额、付款渠道', why: '完成收款、退款和提现' },
  { who: '短信服务商', what: '接收发票的手机号、短信内容', why: '按您的要求以短信发送发票' },
  { who: '电子邮件服务商', what: '接收发票的邮箱、发票文件', why: '按您的要求以邮件发送发票' },
];

export interface PersonRight {
  right: string;
  how: string;
}

export const RIGHTS: readonly PersonRight[] = [
  {
    right: '查阅、复制',
    how: '在「我的」、发票抬头、乘客信息、发票列表等页面查看；在「我的 → 设置 → 获取个人信息副本」可随时获取您的个人信息副本（JSON 或 Excel 文件）。',
  },
  { right: '更正', how: '在对应页面直接修改；无法自行修改的，请联系客服。' },
  { right: '删除', how: '可删除发票抬头等信息；依法必须保存的信息，我们停止除存储和必要安全措施之外的处理。' },
  {
    right: '注销账号',
    how: '可在「我的 → 设置 → 注销账号」自行注销，注销后我们立即删除或匿名化您的个人信息（企业依法保存的发票、流水等除外，其中您显示为「已注销用户」）；也可联系客服协助。',
  },
  {
    right: '撤回同意',
    how: '可联系客服或注销账号撤回同意；撤回不影响撤回前基于同意已进行的处理，撤回后将无法使用代办涉税事项等服务。',
  },
];
