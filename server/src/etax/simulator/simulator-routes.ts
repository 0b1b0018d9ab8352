/**
 * The simulator's own pages: the SMS inbox (`/etax-sim/sms`), the page a scanned QR code opens
 * (`/etax-sim/scan/<ref>`, which completes that login or face authentication), and the fault switch tests use.
 */
import type { FastifyInstance } from 'fastify';
import { escapeHtml, htmlPage } from '../../auth/html-page';
import type { FaultMode } from './faults';
import type { SimulatorGateway } from './simulator-gateway';

const MODES: FaultMode[] = ['none', 'slow', 'fail', 'hang'];

export async function registerSimulatorRoutes(app: FastifyInstance, simulator: SimulatorGateway, options: { controls: boolean }): Promise<void> {
  await app.register(
    async (sim) => {
      sim.get('/sms', async (_request, reply) => {
        const messages = await simulator.inbox();
        const rows = messages
          .map((sms) => `<tr><td>${escapeHtml(sms.phone)}</td><td class="code">${escapeHtml(sms.code)}</td><td class="muted">${sms.sentAt.toLocaleTimeString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' })}</td></tr>`)
          .join('');
        const body = messages.length
          ? `<div class="card"><table><tr><td>手机号</td><td>验证码</td><td>时间</td></tr>${rows}</table></div>`
          : '<div class="card muted">暂无短信。在优税通中选择短信授权登录后，验证码会出现在这里。</div>';
        return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(htmlPage('电子税务局模拟器 · 短信收件箱', body, { refreshSeconds: 2 }));
      });

      sim.get<{ Params: { ref: string } }>('/scan/:ref', async (request, reply) => {
        const ref = request.params.ref;
        const session = /^[0-9a-f-]{36}$/i.test(ref) ? await simulator.completeScan(ref) : null;
        if (!session) {
          return reply.code(404).type('text/html; charset=utf-8').send(htmlPage('二维码无效', '<div class="card">二维码已失效或不存在，请在优税通中重新获取。</div>'));
        }
        const what = session.kind === 'face' ? '刷脸认证' : '扫码登录';
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(htmlPage(`电子税务局 · ${what}`, `<div class="card"><p><strong>${what}成功</strong></p><p class="muted">纳税人识别号 ${escapeHtml(session.nsrsbh)}。请返回优税通，等待状态刷新。</p></div>`));
      });

      if (!options.controls) return;

      sim.get('/fault', async () => simulator.fault);
      sim.post<{ Body: { mode?: string; reason?: string; delayMs?: number } }>('/fault', async (request, reply) => {
        const mode = MODES.find((m) => m === request.body?.mode);
        if (!mode) return reply.code(400).send({ message: `mode 应为 ${MODES.join(' / ')}` });
        simulator.setFault({ mode, reason: request.body.reason || simulator.fault.reason, delayMs: Number(request.body.delayMs ?? simulator.fault.delayMs) });
        return simulator.fault;
      });
      sim.post<{ Body: { answer?: string } }>('/buyer', async (request, reply) => {
        const answer = request.body?.answer;
        if (answer !== 'confirm' && answer !== 'refuse') return reply.code(400).send({ message: 'answer 应为 confirm / refuse' });
        simulator.buyerAnswer = answer;
        return { answer };
      });
      sim.get<{ Querystring: { phone?: string } }>('/api/latest-sms', async (request, reply) => {
        const latest = (await simulator.inbox(200)).find((sms) => !request.query.phone || sms.phone === request.query.phone);
        return latest ? { phone: latest.phone, code: latest.code, sentAt: latest.sentAt } : reply.code(404).send({ message: '暂无短信' });
      });
    },
    { prefix: '/etax-sim' },
  );
}
