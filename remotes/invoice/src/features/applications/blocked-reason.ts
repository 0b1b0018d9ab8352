/**
 * The button that clears why applications wait (the server's `blockedReason`): the tax-bureau login is missing
 * (电子税务局未登录…), or today's face authentication (今日尚未完成刷脸认证…).
 */
export function readyActionText(blockedReason: string): string {
  return blockedReason.includes('刷脸') ? '去刷脸认证' : '去登录';
}
