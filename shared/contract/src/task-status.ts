/**
 * The status of a tax-bureau task (docs/product.md, "Tasks"): 0 and 10 pending, 2020 waiting for the SMS code, 2010
 * waiting for the QR scan, 3010 waiting for the face scan, 1 success, -1 failed. The server moves tasks through them;
 * clients poll them.
 */
export const TaskStatus = {
  Queued: 0,
  Processing: 10,
  AwaitingSmsCode: 2020,
  AwaitingQrScan: 2010,
  AwaitingFaceScan: 3010,
  Succeeded: 1,
  Failed: -1,
} as const;

export type TaskStatusValue = (typeof TaskStatus)[keyof typeof TaskStatus];

export const TASK_TYPES = ['login_sms', 'login_qr', 'face', 'blue_invoice', 'red_invoice', 'withdraw', 'ticket_verify'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

export const TASK_TYPE_NAMES: Record<TaskType, string> = {
  login_sms: '短信登录',
  login_qr: '扫码登录',
  face: '刷脸认证',
  blue_invoice: '开具蓝字发票',
  red_invoice: '开具红字发票',
  withdraw: '提现',
  ticket_verify: '发票查验',
};
