/**
 * The simulator's own pages: the SMS inbox (`/etax-sim/sms`) and the page a scanned QR code opens
 * (`/etax-sim/scan/<ref>`, which completes that login or face authentication). Its controls (the fault switch, the
 * simulated buyer's answer, the latest SMS as JSON) exist only where tests turn them on (`controls`); a plain
 * `npm start` has none, so nobody can put their own text into every company's failure reasons or stop invoicing.
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { escapeHtml, htmlPage } from '../../auth/html-page';
import { refuseWithJson } from '../../http/route-errors';
import { changedFault, FaultBody, type FaultChange } from './faults';
import type { SimulatorGateway } from './simulator-gateway';
import type { PayoutFault, PayoutSimulator } from '../../payouts/payout-simulator';

const UUID = /^[0-9a-f-]{36}$/i;
const AnyQuery = Type.Object({}, { additionalProperties: true });
const ScanParams = Type.Object({ ref: Type.String({ title: '二维码', maxLength: 64 }) }, { additionalProperties: false });
const BuyerBody = Type.Object(
  { answer: Type.Union([Type.Literal('confirm'), Type.Literal('refuse')], { title: '购方答复' }) },
  { additionalProperties: false },
);
const PayoutFaultBody = Type.Object(
  {
    mode: Type.Union([Type.Literal('none'), Type.Literal('fail'), Type.Literal('down')], { title: '提现故障' }),
    reason: Type.Optional(Type.String({ title: '失败原因', maxLength: 100 })),
  },
  { additionalProperties: false },
);
const LatestSmsQuery = Type.Object(
  { phone: Type.Optional(Type.String({ title: '手机号', pattern: '^1\\d{10}$', maxLength: 11 })) },
  { additionalProperties: false },
);

export async function registerSimulatorRoutes(
  app: FastifyInstance,
  simulator: SimulatorGateway,
  options: { controls: boolean; payouts?: PayoutSimulator },
): Promise<void> {
  await app.register(
    async (sim) => {
      sim.get('/sms', { schema: { querystring: AnyQuery } }, async (_request, reply) => {
        const messages = await simulator.inbox();
        const rows = messages
          .map(
            (sms) =>
              `<tr><td>${escapeHtml(sms.phone)}</td><td class="code">${escapeHtml(sms.code)}</td><td class="muted">${sms.sentAt.toLocaleTimeString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' })}</td></tr>`,
          )
          .join('');
        const body = messages.length
          ? `<div class="card"><table><tr><td>手机号</td><td>验证码</td><td>时间</td></tr>${rows}</table></div>`
          : '<div class="card muted">暂无短信。在优税通中选择短信授权登录后，验证码会出现在这里。</div>';
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(htmlPage('电子税务局模拟器 · 短信收件箱', body, { refreshSeconds: 2 }));
      });

      sim.get<{ Params: { ref: string } }>(
        '/scan/:ref',
        { schema: { params: ScanParams, querystring: AnyQuery } },
        async (request, reply) => {
          const ref = request.params.ref;
          const session = UUID.test(ref) ? await simulator.completeScan(ref) : null;
          if (!session) {
            return reply
              .code(404)
              .type('text/html; charset=utf-8')
              .send(htmlPage('二维码无效', '<div class="card">二维码已失效或不存在，请在优税通中重新获取。</div>'));
          }
          const what = session.kind === 'face' ? '刷脸认证' : '扫码登录';
          return reply
            .type('text/html; charset=utf-8')
            .header('Cache-Control', 'no-store')
            .send(
              htmlPage(
                `电子税务局 · ${what}`,
                `<div class="card"><p><strong>${what}成功</strong></p><p class="muted">纳税人识别号 ${escapeHtml(session.nsrsbh)}。请返回优税通，等待状态刷新。</p></div>`,
              ),
            );
        },
      );

      if (!options.controls) return;

      sim.setErrorHandler((error, request, reply) => refuseWithJson(reply, error, request));
      sim.get('/fault', { schema: { querystring: AnyQuery } }, async () => simulator.fault);
      sim.post<{ Body: FaultChange }>('/fault', { schema: { body: FaultBody } }, async (request) => {
        simulator.setFault(changedFault(simulator.fault, request.body));
        return simulator.fault;
      });
      sim.post<{ Body: { answer: 'confirm' | 'refuse' } }>('/buyer', { schema: { body: BuyerBody } }, async (request) => {
        simulator.buyerAnswer = request.body.answer;
        return { answer: request.body.answer };
      });
      const payouts = options.payouts;
      if (payouts) {
        // The payout simulator's fault (payouts/payout-simulator.ts): none, fail (with a reason) or down.
        sim.post<{ Body: { mode: PayoutFault['mode']; reason?: string } }>(
          '/payout-fault',
          { schema: { body: PayoutFaultBody } },
          async (request) => {
            payouts.fault = { mode: request.body.mode, reason: request.body.reason?.trim() || payouts.fault.reason };
            return payouts.fault;
          },
        );
      }
      sim.get<{ Querystring: { phone?: string } }>(
        '/api/latest-sms',
        { schema: { querystring: LatestSmsQuery } },
        async (request, reply) => {
          const latest = (await simulator.inbox(200)).find((sms) => !request.query.phone || sms.phone === request.query.phone);
          return latest ? { phone: latest.phone, code: latest.code, sentAt: latest.sentAt } : reply.code(404).send({ message: '暂无短信' });
        },
      );
    },
    { prefix: '/etax-sim' },
  );
}
