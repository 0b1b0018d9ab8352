/** Small server-rendered pages (demo sign-in, simulator): mobile layout, escaped text. */
import type { FastifyReply } from 'fastify';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

export function htmlPage(title: string, body: string, options: { refreshSeconds?: number } = {}): string {
  const refresh = options.refreshSeconds ? `<meta http-equiv="refresh" content="${options.refreshSeconds}">` : '';
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh}
<title>${escapeHtml(title)}</title><style>
body{margin:0;font-family:-apple-system,'PingFang SC','Noto Sans CJK SC',sans-serif;background:#f5f6f8;color:#333}
header{background:#fff;padding:14px 16px;font-size:17px;text-align:center;border-bottom:1px solid #eee}
main{padding:16px}.card{background:#fff;border-radius:12px;padding:16px;margin-bottom:12px}
.badge{display:inline-block;background:#fff7e6;color:#d46b08;border:1px solid #ffd591;border-radius:10px;padding:1px 8px;font-size:12px}
button,.button{display:block;width:100%;box-sizing:border-box;border:0;border-radius:8px;background:#1677ff;color:#fff;font-size:16px;padding:12px;margin-top:8px;text-align:center;text-decoration:none}
.muted{color:#999;font-size:13px}table{width:100%;border-collapse:collapse}td{padding:8px 4px;border-bottom:1px solid #f0f0f0}
.code{font-size:22px;letter-spacing:4px;font-weight:600;color:#1677ff}
</style></head><body><header>${escapeHtml(title)}</header><main>${body}</main></body></html>`;
}

/** Answers a refused step (of sign-in, by default) with a short page that explains why and leads back home. */
export function refuse(reply: FastifyReply, status: number, message: string, title = '无法登录'): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(htmlPage(title, `<div class="card"><p>${escapeHtml(message)}</p><a class="button" href="/">返回首页</a></div>`));
}
