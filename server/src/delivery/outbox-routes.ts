/**
 * The outbox's pages beside the simulator's (`/etax-sim/outbox`): what would have been sent — e-mails with their PDF
 * to download, and the simulated SMS — newest first; and, where tests turn the simulator's controls on, the same as
 * JSON (`/etax-sim/api/outbox`). For demos and tests only, like the simulator's SMS inbox: it shows every company's.
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { chinaDateTime } from '@app/domain/china-time';
import { escapeHtml, htmlPage } from '../auth/html-page';
import type { Database } from '../db/database';
import { outboxAttachment, outboxList } from './outbox';

const AnyQuery = Type.Object({}, { additionalProperties: true });
const AttachmentParams = Type.Object({ id: Type.String({ title: '邮件', pattern: '^\\d{1,9}$' }) }, { additionalProperties: false });
const OutboxQuery = Type.Object({ to: Type.Optional(Type.String({ title: '收件人', maxLength: 254 })) }, { additionalProperties: false });

type Listed = Awaited<ReturnType<typeof outboxList>>[number];

function messageCard(message: Listed): string {
  const when = escapeHtml(chinaDateTime(message.createdAt));
  const head =
    message.channel === 'email'
      ? `<p><strong>${escapeHtml(message.subject)}</strong></p><p class="muted">发件人 ${escapeHtml(message.sender)} · 收件人 ${escapeHtml(message.recipient)} · ${when}</p>`
      : `<p><strong>短信</strong> <span class="muted">至 ${escapeHtml(message.recipient)} · ${when}</span></p>`;
  const attachment = message.attachmentName
    ? `<a class="button" href="/etax-sim/outbox/${message.id}/attachment">下载附件 ${escapeHtml(message.attachmentName)}</a>`
    : '';
  return `<div class="card">${head}<pre style="white-space:pre-wrap;font:inherit;margin:8px 0">${escapeHtml(message.body)}</pre>${attachment}</div>`;
}

export async function registerOutboxRoutes(app: FastifyInstance, db: Database, options: { controls: boolean }): Promise<void> {
  await app.register(
    async (sim) => {
      sim.get('/outbox', { schema: { querystring: AnyQuery } }, async (_request, reply) => {
        const messages = await outboxList(db);
        const body = messages.length
          ? messages.map(messageCard).join('')
          : '<div class="card muted">发件箱为空。未配置 SMTP_URL 时，开具发票后发往邮箱的邮件和发往手机的短信会出现在这里。</div>';
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(htmlPage('发件箱 · 发票邮件和短信', body, { refreshSeconds: 5 }));
      });

      sim.get<{ Params: { id: string } }>(
        '/outbox/:id/attachment',
        { schema: { params: AttachmentParams, querystring: AnyQuery } },
        async (request, reply) => {
          const attachment = await outboxAttachment(db, Number(request.params.id));
          if (!attachment) return reply.code(404).type('text/plain; charset=utf-8').send('附件不存在');
          return reply
            .type('application/pdf')
            .header('Cache-Control', 'no-store')
            .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(attachment.name)}`)
            .send(attachment.content);
        },
      );

      if (!options.controls) return;
      sim.get<{ Querystring: { to?: string } }>('/api/outbox', { schema: { querystring: OutboxQuery } }, async (request) => {
        const messages = await outboxList(db, 200);
        return { list: messages.filter((message) => !request.query.to || message.recipient === request.query.to) };
      });
    },
    { prefix: '/etax-sim' },
  );
}
