/**
 * What a company's audit trail (操作日志) records: each kind of change a call makes, with the Chinese label the
 * manager's page shows. Every call that changes state names one of these in the contract (`changes('<kind>')`).
 */
export const AUDIT_KINDS = {
  'invoice.issue': '开具发票',
  'invoice.reverse': '红冲发票',
  'invoice.resend': '重发发票',
  'application.submit': '提交开票申请',
  'application.approve': '同意开票申请',
  'application.reject': '拒绝开票申请',
  'application.issueWaiting': '开具待开申请',
  'payment.issueInvoice': '收款开票',
  'cash.createOrder': '创建收款订单',
  'cash.applyInvoice': '收款申请开票',
  'ticket.import': '导入票据',
  'ticket.verify': '查验票据',
  'ticket.reimburse': '标记报销',
  'ticket.delete': '删除票据',
  'wallet.withdraw': '钱包提现',
  'company.inviteUser': '邀请员工',
  'company.cancelInvitation': '撤回邀请',
  'company.acceptInvitation': '接受邀请',
  'company.declineInvitation': '拒绝邀请',
  'company.removeUser': '移除员工',
  'company.bind': '绑定企业',
  'bindCode.create': '生成绑定码',
  'bindCode.revoke': '作废绑定码',
  'goods.save': '保存商品',
  'goods.delete': '删除商品',
  'title.save': '保存抬头',
  'title.setDefault': '设为默认抬头',
  'title.delete': '删除抬头',
  'subCode.save': '保存子码',
  'subCode.delete': '删除子码',
  'taxiCar.add': '添加车辆',
  'taxiCar.remove': '移除车辆',
  'trip.create': '录入行程',
  'trip.share': '分享行程',
  'trip.receive': '领取行程',
  'trip.applyInvoice': '行程申请开票',
  'trip.issueInvoice': '行程开票',
  'taxAccount.set': '设置税务账号',
  'taxAccount.agree': '同意授权协议',
  'taxAccount.clearAuth': '清除登录状态',
  'taxAccount.login': '登录电子税务局',
  'taxAccount.submitSmsCode': '提交短信验证码',
  'taxAccount.scanFace': '扫脸认证',
  'task.retry': '重试任务',
  'lifeService.apply': '申请生活服务',
  'export.create': '导出数据',
  'export.send': '发送导出文件',
  'account.delete': '注销账号',
  'account.sendDataCopy': '发送个人信息副本',
} as const;

export type AuditKind = keyof typeof AUDIT_KINDS;
export const AUDIT_KIND_KEYS = Object.keys(AUDIT_KINDS) as AuditKind[];

export function isAuditKind(kind: string): kind is AuditKind {
  return Object.hasOwn(AUDIT_KINDS, kind);
}

/** The Chinese label of a kind; a kind no longer listed shows as itself. */
export function auditKindLabel(kind: string): string {
  return isAuditKind(kind) ? AUDIT_KINDS[kind] : kind;
}

/** What an entry's change was made to, with its Chinese name. */
export const AUDIT_OBJECTS = {
  invoice: '发票',
  application: '开票申请',
  order: '收款订单',
  payment: '收款',
  ticket: '票据',
  withdrawal: '提现',
  member: '员工',
  invitation: '邀请',
  company: '企业',
  bindCode: '绑定码',
  goods: '商品',
  title: '抬头',
  subCode: '子码',
  car: '车辆',
  trip: '行程',
  taxAccount: '税务账号',
  task: '任务',
  lifeService: '生活服务',
  export: '导出',
  account: '账号',
} as const;

export type AuditObjectType = keyof typeof AUDIT_OBJECTS;
