/** `GET /files/invoices/<id>.pdf?expires&signature[&download=1]`: an issued invoice as a PDF, by a signed link. */
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../services';
import { renderInvoicePdf } from './invoice-pdf';
import { PDF_ROUTE_PREFIX, verifyPdfLink } from './invoice-pdf-link';
import { invoiceDocument } from './invoice-records';
import { invoices } from '../db/schema/invoices';
import { eq } from 'drizzle-orm';
import Type from 'typebox';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PdfParams = Type.Object({ file: Type.String({ title: '文件', maxLength: 64 }) }, { additionalProperties: false });
/** A link opened from WeChat may gain parameters of WeChat's own: only these are read. */
const PdfQuery = Type.Object(
  {
    expires: Type.Optional(Type.String({ title: 'expires', pattern: '^\\d{1,15}$' })),
    signature: Type.Optional(Type.String({ title: 'signature', maxLength: 64 })),
    download: Type.Optional(Type.Literal('1', { title: 'download' })),
  },
  { additionalProperties: true },
);

export function registerInvoicePdfRoute(app: FastifyInstance, services: AppServices): void {
  app.get<{ Params: { file: string }; Querystring: Record<string, string | undefined> }>(
    `${PDF_ROUTE_PREFIX}:file`,
    { schema: { params: PdfParams, querystring: PdfQuery } },
    async (request, reply) => {
      const id = request.params.file.replace(/\.pdf$/, '').toLowerCase();
      const { expires = '', signature = '', download } = request.query;
      if (!UUID.test(id) || !verifyPdfLink(services.secretKey, id, expires, signature)) {
        return reply.code(403).type('text/plain; charset=utf-8').send('链接无效或已过期，请返回重新打开');
      }
      const [invoice] = await services.db.select().from(invoices).where(eq(invoices.id, id));
      if (!invoice?.number) return reply.code(404).type('text/plain; charset=utf-8').send('发票不存在或尚未开具');
      const pdf = await renderInvoicePdf(await invoiceDocument(services.db, invoice));
      const fileName = encodeURIComponent(`${invoice.kind === 'red' ? '红字' : ''}发票_${invoice.number}.pdf`);
      return reply
        .type('application/pdf')
        .header('Cache-Control', 'private, max-age=600')
        .header('Content-Disposition', `${download ? 'attachment' : 'inline'}; filename*=UTF-8''${fileName}`)
        .send(pdf);
    },
  );
}
