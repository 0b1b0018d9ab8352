/**
 * A simulated user of the load benchmark: signed in, it does what a company user does all day, one thing after another
 * with a pause between: lists, searches, details, and now and then an invoice issued through the task pipeline, a
 * ticket imported (and verified by its task), a payment at another company's shop code, a withdrawal. Every call's
 * latency is recorded by its kind; an answer that is not a success is an error.
 */
import { DEMO_TAX_NUMBERS } from '../../src/db/seed';
import type { LoadUser } from './seeding';

/** The buyer of the users' invoices: a company with a valid tax number (the demo taxi company's). */
const BUYER_TAX_NUMBER = DEMO_TAX_NUMBERS.taxi;

/** What a call is, for the report: its kind (a read or a write) and its name. */
export type CallKind = 'read' | 'write';

export interface Recorder {
  record(name: string, kind: CallKind, ms: number, ok: boolean, message?: string): void;
}

/** What the users' writes left to finish: the tasks they started and the tickets waiting for their verification. */
export interface Started {
  tasks: { token: string; id: string }[];
  tickets: { token: string; id: string }[];
}

interface Envelope {
  success: boolean;
  result: unknown;
  message: string | null;
}

const chinaMonth = (back: number) => {
  const at = new Date(Date.now() + 8 * 3600_000);
  at.setUTCDate(1);
  at.setUTCMonth(at.getUTCMonth() - back);
  return at.toISOString().slice(0, 7);
};

export class SimulatedUser {
  private invoiceIds: string[] = [];
  private ticketIds: string[] = [];
  private tripIds: string[] = [];
  private serial = 0;

  constructor(
    private readonly url: string,
    private readonly user: LoadUser,
    private readonly index: number,
    private readonly shops: readonly string[],
    private readonly started: Started,
  ) {}

  /** Where the latencies go: a warm-up's are thrown away. */
  recorder: Recorder = { record: () => {} };

  private async call<T>(name: string, kind: CallKind, path: string, body: unknown): Promise<T | null> {
    // A call counts where it started: one begun in the warm-up and answered after it is not the counted load's.
    const recorder = this.recorder;
    const begun = performance.now();
    let answer: Envelope | null = null;
    let failure = '';
    try {
      const response = await fetch(`${this.url}/api/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.user.token}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      answer = (await response.json()) as Envelope;
      if (!answer.success) failure = `${response.status} ${answer.message}`;
    } catch (error) {
      failure = String(error);
    }
    recorder.record(name, kind, performance.now() - begun, !failure, failure ? `${name}: ${failure}` : undefined);
    return answer?.success ? (answer.result as T) : null;
  }

  /**
   * Runs until `until` (ms since the epoch), pausing about `thinkMs` between actions. It starts after a pause of its
   * own, up to `thinkMs`: users who all acted at the same instant would be a burst the load does not have.
   */
  async run(until: number, thinkMs: number): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, thinkMs * Math.random()));
    while (Date.now() < until) {
      await this.act();
      await new Promise((resolve) => setTimeout(resolve, thinkMs * (0.5 + Math.random())));
    }
  }

  private async act(): Promise<void> {
    const roll = Math.random();
    if (this.user.taxi) return this.actAsTaxi(roll);
    if (roll < 0.25) return this.list();
    if (roll < 0.45) return this.search();
    if (roll < 0.88) return this.detail();
    if (roll < 0.91) return this.issueInvoice();
    if (roll < 0.94) return this.importTicket();
    if (roll < 0.97) return this.pay();
    return this.withdraw();
  }

  private async list(): Promise<void> {
    const pick = Math.floor(Math.random() * 5);
    if (pick === 0) {
      const page = await this.call<{ list: { id: string }[] }>('invoice/list', 'read', 'invoice/list', {});
      if (page) this.invoiceIds = page.list.map((row) => row.id);
    } else if (pick === 1) {
      const page = await this.call<{ list: { id: string }[] }>('ticket/list', 'read', 'ticket/list', {});
      if (page) this.ticketIds = page.list.map((row) => row.id);
    } else if (pick === 2) {
      await this.call('invoice/list month', 'read', 'invoice/list', { month: chinaMonth(Math.floor(Math.random() * 12)) });
    } else if (pick === 3) {
      await this.call('payment/list', 'read', 'payment/list', {});
    } else {
      await this.call('task/getMyTasks', 'read', 'task/getMyTasks', {});
    }
  }

  private async search(): Promise<void> {
    const n = Math.floor(Math.random() * 997);
    if (Math.random() < 0.5) await this.call('invoice/list search', 'read', 'invoice/list', { keyword: `买方${n}号` });
    else await this.call('ticket/list search', 'read', 'ticket/list', { keyword: `卖方${n}号` });
  }

  private async detail(): Promise<void> {
    const pick = Math.floor(Math.random() * 4);
    const any = (ids: string[]) => ids[Math.floor(Math.random() * ids.length)];
    const invoiceId = any(this.invoiceIds);
    const ticketId = any(this.ticketIds);
    if (pick === 0 && invoiceId) await this.call('invoice/get', 'read', 'invoice/get', { id: invoiceId });
    else if (pick === 1 && ticketId) await this.call('ticket/get', 'read', 'ticket/get', { id: ticketId });
    else if (pick === 2) await this.call('wallet/get', 'read', 'wallet/get', {});
    else await this.call('invoice/homeSummary', 'read', 'invoice/homeSummary', {});
  }

  private async actAsTaxi(roll: number): Promise<void> {
    const tripId = this.tripIds[Math.floor(Math.random() * this.tripIds.length)];
    if (roll < 0.4 || !tripId) {
      const body = roll < 0.2 ? {} : { page: 1 + Math.floor(Math.random() * 50) };
      const page = await this.call<{ list: { id: string }[] }>('taxiTrip/queryTrips', 'read', 'taxiTrip/queryTrips', body);
      if (page) this.tripIds = page.list.map((row) => row.id);
    } else if (roll < 0.6) {
      await this.call('taxiTrip/queryTrips 待开票', 'read', 'taxiTrip/queryTrips', { state: '待开票' });
    } else {
      await this.call('taxiTrip/get', 'read', 'taxiTrip/get', { id: tripId });
    }
  }

  private nextSerial(kind: string): string {
    this.serial += 1;
    return `load-${kind}-${process.pid}-${this.index}-${this.serial}`;
  }

  private async issueInvoice(): Promise<void> {
    const created = await this.call<{ taskId: string }>('task/createBlueInvoiceTask', 'write', 'task/createBlueInvoiceTask', {
      requestSerial: this.nextSerial('blue'),
      type: '数电普票',
      buyer: {
        name: '杭州负载测试有限公司',
        taxNumber: BUYER_TAX_NUMBER,
        address: '',
        phone: '',
        bankName: '',
        bankAccount: '',
        naturalPerson: false,
      },
      lines: [{ goodsId: this.user.goodsId, quantity: '1', grossFen: 10_000 + Math.floor(Math.random() * 9_000), rate: 60 }],
      remarks: '',
      deliverPhone: '',
      deliverEmail: '',
    });
    if (created) this.started.tasks.push({ token: this.user.token, id: created.taskId });
  }

  private async importTicket(): Promise<void> {
    const year = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 4);
    // A number no other import uses: the user's index and its own count.
    this.serial += 1;
    const tail = `${String(this.index).padStart(4, '0')}${String(this.serial).padStart(6, '0')}${String(process.pid % 10_000).padStart(4, '0')}`;
    const imported = await this.call<{ ticket: { id: string }; taskId: string | null }>('ticket/import', 'write', 'ticket/import', {
      source: '手动输入',
      number: `${year.slice(2)}4400${tail}`,
      issueDate: `${year}-01-02`,
      netFen: 12_345,
    });
    if (imported) this.started.tickets.push({ token: this.user.token, id: imported.ticket.id });
  }

  private async pay(): Promise<void> {
    const code = this.shops[Math.floor(Math.random() * this.shops.length)];
    await this.call('cash/createOrder', 'write', 'cash/createOrder', {
      code,
      amountFen: 100 + Math.floor(Math.random() * 10_000),
      channel: 'demo',
    });
  }

  private async withdraw(): Promise<void> {
    await this.call('wallet/withdraw', 'write', 'wallet/withdraw', { amountFen: 1_000, requestSerial: this.nextSerial('wd') });
  }
}
