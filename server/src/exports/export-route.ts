/**
 * `GET /files/exports/<id>?expires&signature`: an export's file by its signed link, streamed from the store a chunk at
 * a time, as an attachment with its Chinese name (RFC 5987). A forged link, an expired one and a file no longer kept
 * are refused with a page that says which, in Chinese.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { EXPORT_MESSAGES } from '@app/contract/export';
import { exportFiles } from '../db/schema/exports';
import type { AppServices } from '../services';
import { checkExportLink, EXPORT_ROUTE_PREFIX } from './export-link';
import { CONTENT_TYPES } from './export-mail';
import { fileKept } from './export-records';
import { readExportFile } from './export-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const Params = Type.Object({ id: Type.String({ title: '文件', maxLength: 64 }) }, { additionalProperties: false });
/** A link opened from WeChat may gain parameters of WeChat's own: only these are read. */
const Query = Type.Object(
  {
    expires: Type.Optional(Type.String({ title: 'expires', maxLength: 20 })),
    signature: Type.Optional(Type.String({ title: 'signature', maxLength: 64 })),
  },
  { additionalProperties: true },
);

/** `filename` for old clients (ASCII only), `filename*` with the real name. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function registerExportRoute(app: FastifyInstance, services: AppServices): void {
  app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(
    `${EXPORT_ROUTE_PREFIX}:id`,
    { schema: { params: Params, querystring: Query } },
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const { expires = '', signature = '' } = request.query;
      const refuse = (code: number, message: string) => reply.code(code).type('text/plain; charset=utf-8').send(message);
      const verdict = UUID.test(id) ? checkExportLink(services.secretKey, id, expires, signature) : 'invalid';
      if (verdict === 'invalid') return refuse(403, EXPORT_MESSAGES.linkInvalid);
      if (verdict === 'expired') return refuse(403, EXPORT_MESSAGES.linkExpired);
      const [row] = await services.db.select().from(exportFiles).where(eq(exportFiles.id, id));
      if (!row || !fileKept(row)) return refuse(410, EXPORT_MESSAGES.expired);
      return reply
        .type(CONTENT_TYPES[row.format])
        .header('Content-Length', String(row.bytes))
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', attachmentHeader(row.fileName))
        .send(readExportFile(services.db, row.id));
    },
  );
}
