/** Red invoices: a reversal of a recent blue invoice every couple of weeks, of each kind in turn. */
import type { RedReason } from '@app/domain/invoice-document';
import type { RedInvoiceRequest } from '@app/domain/invoice-requests';
import { createRedInvoice } from '../../invoices/create-invoices';
import { issueBlue } from './blue-invoices';
import { DAY, MINUTE, nextDeskTime } from './china-hours';
import { type History, type IssuedBlue, nextSerial, workerPicksUp } from './history';
import type { Random } from './random';

type RedPlan = { reason: RedReason; lines?: RedInvoiceRequest['lines']; refused?: boolean; reissue?: boolean };
const firstGross = (blue: IssuedBlue) => blue.lines[0]?.grossFen ?? 0;

/** The kinds of reversal, in turn: each says what it reverses of a blue invoice, or null when it does not fit it. */
const RED_KINDS: readonly ((blue: IssuedBlue, rng: Random) => RedPlan | null)[] = [
  // 开票有误: the whole invoice, issued again corrected.
  (blue) => (blue.buyer.party.naturalPerson ? null : { reason: '01', reissue: true }),
  // 销售折让: a discount on the first line.
  (blue, rng) =>
    blue.buyer.party.naturalPerson
      ? null
      : {
          reason: '04',
          lines: [{ lineNo: 1, grossFen: Math.max(100, Math.round((firstGross(blue) * rng.int(5, 12)) / 100 / 100) * 100) }],
        },
  // 销货退回: some boxes of a line with a quantity come back.
  (blue, rng) => {
    const index = blue.lines.findIndex((line) => line.quantity !== null && Number(line.quantity) >= 3 && line.goods.unitPriceFen !== null);
    const line = blue.lines[index];
    if (!line || blue.buyer.party.naturalPerson) return null;
    return {
      reason: '02',
      lines: [{ lineNo: index + 1, grossFen: rng.int(1, Math.floor(Number(line.quantity) / 2)) * (line.goods.unitPriceFen ?? 0) }],
    };
  },
  // A natural person's invoice reversed whole: no confirmation needed (01 无需确认).
  (blue) => (blue.buyer.party.naturalPerson ? { reason: '01' } : null),
  // A discount the buyer refuses on the confirmation form: the red invoice fails.
  (blue) =>
    blue.buyer.party.naturalPerson
      ? null
      : { reason: '04', refused: true, lines: [{ lineNo: 1, grossFen: Math.max(100, Math.floor(firstGross(blue) / 1000) * 100) }] },
  // 服务中止: half of a service line.
  (blue) => {
    const index = blue.lines.findIndex((line) => line.goods.taxShortName.endsWith('服务') && !blue.buyer.party.naturalPerson);
    const line = blue.lines[index];
    return line ? { reason: '03', lines: [{ lineNo: index + 1, grossFen: Math.floor(line.grossFen / 200) * 100 }] } : null;
  },
];

/** The manager reverses a blue invoice of the last weeks the next kind fits (none when none fits after a few tries). */
export async function reverseOne(history: History, at: Date): Promise<void> {
  const { rng, counters } = history;
  const kind = RED_KINDS[counters.redKind % RED_KINDS.length] as (blue: IssuedBlue, rng: Random) => RedPlan | null;
  const candidates = history.issuedBlues.filter(
    (blue) => !blue.reversed && blue.issuedAt < at.getTime() - 2 * DAY && blue.issuedAt > at.getTime() - 40 * DAY,
  );
  for (let tries = 0; tries < 40 && candidates.length > 0; tries++) {
    const blue = candidates.splice(rng.int(0, candidates.length - 1), 1)[0] as IssuedBlue;
    const plan = kind(blue, rng);
    if (!plan) continue;
    counters.redKind++;
    blue.reversed = !plan.refused;
    await issueRed(history, at, blue, plan);
    return;
  }
}

/** The red invoice of a plan, its task picked up by the worker; a whole reversal of a wrong one is issued again. */
async function issueRed(history: History, at: Date, blue: IssuedBlue, plan: RedPlan): Promise<void> {
  const { rng, summary } = history;
  const { taskId } = await createRedInvoice(
    history.db,
    history.queue,
    history.manager.id,
    history.caller,
    {
      requestSerial: nextSerial(history, 'red'),
      blueInvoiceId: blue.invoiceId,
      reason: plan.reason,
      ...(plan.lines && { lines: plan.lines }),
    },
    at,
  );
  summary.redInvoices++;
  if (plan.refused) {
    history.refusedBy.add(taskId);
    summary.failedInvoices++;
  }
  workerPicksUp(history, taskId, at.getTime());
  if (plan.reissue) {
    const again = nextDeskTime(rng, at.getTime() + rng.int(8, 25) * MINUTE);
    history.schedule.add(again, (when) => issueBlue(history, when, blue.buyer, blue.lines, '原发票抬头信息有误，重新开具', blue.type));
  }
}
