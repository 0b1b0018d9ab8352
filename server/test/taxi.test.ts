/**
 * Taxis through the API and the simulated bureau: plates, a trip's times, distance and fare, sharing once
 * (also two shares at once), receiving once, who sees what of a trip, the passenger's invoice request, taxi invoices
 * (a line per trip, at most one live invoice a trip, also when two are created at once), a failed or fully reversed
 * invoice giving its trips back, and queryTrips' totals.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import type { TaxiTrip } from '@app/contract/taxi';
import { TaskStatus } from '@app/contract/task-status';
import { PLATE_MESSAGES } from '@app/domain/licence-plate';
import { TRIP_DISTANCE_MESSAGES, TRIP_FARE_MESSAGES, TRIP_TIME_MESSAGES } from '@app/domain/taxi-trip';
import { createSession } from '../src/auth/session-tokens';
import { companies, goods, memberships } from '../src/db/schema/companies';
import { invoiceLines, invoices } from '../src/db/schema/invoices';
import { taxAccounts } from '../src/db/schema/tax-accounts';
import { users } from '../src/db/schema/users';
import { DEMO_TAX_NUMBERS } from '../src/db/seed';
import { expectRefused } from './support/call-kit';
import { createTestServer, eventually, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

const PASSENGER = { name: '陈乘客', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: true };
const MINUTE = 60_000;

describeEachDatabase('taxis (%s)', (kind) => {
  let server: TestServer;
  let driver: string;
  let passenger: string;
  let stranger: string;
  let carId: string;
  let taxiId: string;
  let serial = 0;

  beforeAll(async () => {
    server = await createTestServer(kind);
    driver = await server.tokenFor('出租车管理员');
    passenger = await server.tokenFor('普通用户');
    stranger = await server.tokenFor('企业管理员');
    const [company] = await server.database.db.select().from(companies).where(eq(companies.xsfNsrsbh, DEMO_TAX_NUMBERS.taxi));
    taxiId = company!.id;
    await setReady(true);
    const cars = await server.call<{ id: string }[]>('taxiCar/getMyCars', {}, driver);
    carId = cars.body.result[0]!.id;
  });
  afterAll(async () => server?.close());

  async function setReady(loggedIn: boolean) {
    await server.database.db
      .update(taxAccounts)
      .set({ expirationTime: loggedIn ? new Date(Date.now() + 3600_000) : null, scanFaceTime: new Date() })
      .where(eq(taxAccounts.companyId, taxiId));
  }

  const ok = async <T>(path: string, body: unknown, token: string): Promise<T> => {
    const answer = await server.call<T>(path, body, token);
    if (!answer.body.success) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.result;
  };

  const tripBody = (overrides: Record<string, unknown> = {}) => ({
    carId,
    startTime: new Date(Date.now() - 50 * MINUTE).toISOString(),
    endTime: new Date(Date.now() - 20 * MINUTE).toISOString(),
    fromPlace: '武林广场',
    toPlace: '萧山机场',
    distanceMetres: 31_200,
    fareFen: 9_850,
    ...overrides,
  });

  /** A trip shared and received by the passenger. */
  async function receivedTrip(overrides: Record<string, unknown> = {}, who = passenger): Promise<TaxiTrip> {
    const trip = await ok<TaxiTrip>('taxiTrip/create', tripBody(overrides), driver);
    const { code } = await ok<{ code: string }>('taxiTrip/shareTrip', { id: trip.id }, driver);
    return ok<TaxiTrip>('taxiTrip/receiveTrip', { id: trip.id, code }, who);
  }

  const invoiceFor = (tripIds: string[], requestSerial = `taxi-${kind}-${++serial}`) =>
    server.call<{ taskId: string; invoiceId: string }>('taxiInvoice/create', { requestSerial, tripIds, buyer: PASSENGER }, driver);

  const taskStatus = (taskId: string, status: number) =>
    eventually(
      async () =>
        (await server.call<{ taskStatus: number }>('task/getTaskProcess', { id: taskId }, driver)).body.result.taskStatus === status,
      10_000,
    );

  const stateOf = async (id: string) => (await ok<TaxiTrip>('taxiTrip/get', { id }, driver)).state;

  test('a plate is checked by the domain rule and stored normalised; the same plate twice is refused', async () => {
    expectRefused(await server.call('taxiCar/add', { licensePlateNumber: 'AB12345' }, driver), 400, PLATE_MESSAGES.province);
    const bad = await server.call('taxiCar/add', { licensePlateNumber: '浙A·T12' }, driver);
    expectRefused(bad, 400, PLATE_MESSAGES.shape);
    expect((bad.body.result as { fields: Record<string, string> }).fields).toEqual({ licensePlateNumber: PLATE_MESSAGES.shape });
    expect(await ok('taxiCar/add', { licensePlateNumber: ' 浙a-d12345 ' }, driver)).toMatchObject({ licensePlateNumber: '浙A·D12345' });
    expectRefused(await server.call('taxiCar/add', { licensePlateNumber: '浙AD12345' }, driver), 400, '该车牌号已添加');
    // Only a taxi manager adds cars.
    expectRefused(await server.call('taxiCar/add', { licensePlateNumber: '浙A·T0001' }, stranger), 403, '您没有此操作的权限', 1003);
  });

  test('bad times, distances and fares are refused with the domain’s message under the field', async () => {
    const fieldOf = async (body: Record<string, unknown>) => {
      const answer = await server.call('taxiTrip/create', tripBody(body), driver);
      expect(answer.body.errorCode).toBe(4000);
      return (answer.body.result as { fields: Record<string, string> }).fields;
    };
    const now = Date.now();
    expect(
      await fieldOf({ startTime: new Date(now - 10 * MINUTE).toISOString(), endTime: new Date(now - 20 * MINUTE).toISOString() }),
    ).toEqual({ endTime: TRIP_TIME_MESSAGES.endBeforeStart });
    expect(
      await fieldOf({ startTime: new Date(now - 30 * 3600_000).toISOString(), endTime: new Date(now - MINUTE).toISOString() }),
    ).toEqual({ endTime: TRIP_TIME_MESSAGES.tooLong });
    expect(
      await fieldOf({ startTime: new Date(now + 60 * MINUTE).toISOString(), endTime: new Date(now + 90 * MINUTE).toISOString() }),
    ).toEqual({ endTime: TRIP_TIME_MESSAGES.future });
    expect(
      await fieldOf({
        startTime: new Date(now - 200 * 86_400_000).toISOString(),
        endTime: new Date(now - 200 * 86_400_000 + MINUTE).toISOString(),
      }),
    ).toEqual({ endTime: TRIP_TIME_MESSAGES.tooOld });
    expect(await fieldOf({ fromPlace: '   ' })).toEqual({ fromPlace: '请填写上车地点' });
    // The schema's bounds come from the same rules: 0 and too much are refused naming the field.
    expectRefused(await server.call('taxiTrip/create', tripBody({ distanceMetres: 0 }), driver), 400, '里程(distanceMetres)');
    expectRefused(await server.call('taxiTrip/create', tripBody({ fareFen: 2_000_001 }), driver), 400, '车费(fareFen)');
    expect(TRIP_DISTANCE_MESSAGES.zero && TRIP_FARE_MESSAGES.zero).toBeTruthy();
    expectRefused(
      await server.call('taxiTrip/create', tripBody({ carId: '00000000-0000-4000-8000-000000000000' }), driver),
      404,
      '车辆不存在',
      4004,
    );
  });

  test('sharing gives one code however often and however concurrently it is asked; the link leads to the ride page', async () => {
    const trip = await ok<TaxiTrip>('taxiTrip/create', tripBody(), driver);
    const shares = await Promise.all(
      Array.from({ length: 4 }, () => ok<{ code: string; url: string }>('taxiTrip/shareTrip', { id: trip.id }, driver)),
    );
    const codes = new Set(shares.map((share) => share.code));
    expect(codes.size).toBe(1);
    const [code] = [...codes];
    expect((await ok<{ code: string }>('taxiTrip/shareTrip', { id: trip.id }, driver)).code).toBe(code);
    expect(await ok('shortLink/resolve', { code }, passenger)).toEqual({ target: `/taxi/ride/${code}` });
    expect(await stateOf(trip.id)).toBe('待领取');
  });

  test('a trip is received once: the same passenger again is harmless, another passenger and the company’s staff are refused', async () => {
    const trip = await ok<TaxiTrip>('taxiTrip/create', tripBody(), driver);
    const { code } = await ok<{ code: string }>('taxiTrip/shareTrip', { id: trip.id }, driver);
    expectRefused(await server.call('taxiTrip/receiveTrip', { id: trip.id, code: 'WRONGCODE' }, passenger), 403, undefined, 1004);
    expectRefused(await server.call('taxiTrip/receiveTrip', { id: trip.id, code }, driver), 409, '司机不能领取自己企业的行程', 2005);
    const first = await ok<TaxiTrip>('taxiTrip/receiveTrip', { id: trip.id, code }, passenger);
    expect(first).toMatchObject({ state: '已领取', receivedByMe: true });
    expect(await ok<TaxiTrip>('taxiTrip/receiveTrip', { id: trip.id, code }, passenger)).toMatchObject({ receivedAt: first.receivedAt });
    expectRefused(await server.call('taxiTrip/receiveTrip', { id: trip.id, code }, stranger), 409, '该行程已被其他乘客领取', 2005);
    expectRefused(await server.call('taxiTrip/get', { code: 'NOSUCHCODE' }, passenger), 404, '行程不存在或链接已失效', 4004);
    expectRefused(await server.call('taxiTrip/get', {}, passenger), 400);
    expectRefused(await server.call('taxiTrip/get', { id: trip.id, code }, passenger), 400);
  });

  test("the company's own staff never receive its trips, whatever company they have switched to", async () => {
    const trip = await ok<TaxiTrip>('taxiTrip/create', tripBody(), driver);
    const { code } = await ok<{ code: string }>('taxiTrip/shareTrip', { id: trip.id }, driver);
    // A driver of the taxi company who also works for the trading company, and has switched to it.
    const db = server.database.db;
    const [trading] = await db.select().from(companies).where(eq(companies.xsfNsrsbh, DEMO_TAX_NUMBERS.trading));
    const [user] = await db
      .insert(users)
      .values({ provider: 'test', providerSubject: `two-companies-${kind}`, nickname: '周司机', currentCompanyId: trading!.id })
      .returning();
    await db.insert(memberships).values([
      { userId: user!.id, companyId: taxiId, roleName: '司机', permissions: ['taxi_trip_manage'] },
      { userId: user!.id, companyId: trading!.id, roleName: '员工', permissions: ['company_user_role'] },
    ]);
    const twoCompanies = await createSession(db, user!.id);
    expectRefused(await server.call('taxiTrip/receiveTrip', { id: trip.id, code }, twoCompanies), 409, '司机不能领取自己企业的行程', 2005);
    expect(await stateOf(trip.id)).toBe('待领取');
    // Anyone else still may.
    expect(await ok<TaxiTrip>('taxiTrip/receiveTrip', { id: trip.id, code }, passenger)).toMatchObject({
      state: '已领取',
      receivedByMe: true,
    });
  });

  test('share codes are guessed no faster through the API than by their link: 60 a minute per user and per address, one count with /t/', async () => {
    const trip = await ok<TaxiTrip>('taxiTrip/create', tripBody(), driver);
    const { code } = await ok<{ code: string }>('taxiTrip/shareTrip', { id: trip.id }, driver);
    const [guesser, otherUser] = [await server.tokenFor('线下收款管理员'), await server.tokenFor('企业员工')];
    const byCode = (token: string, remoteAddress: string, guess: string) =>
      server.app.inject({
        method: 'POST',
        url: '/api/taxiTrip/get',
        payload: { code: guess },
        remoteAddress,
        headers: { authorization: `Bearer ${token}` },
      });
    const codes = [];
    for (let i = 0; i < 61; i++) codes.push((await byCode(guesser, '10.40.0.1', `GUESS${String(i).padStart(3, '0')}`)).json().errorCode);
    expect(codes.slice(0, 60).every((errorCode) => errorCode === 4004)).toBe(true);
    expect(codes[60]).toBe(4029);
    // Even the right code: the guesser is refused, from another address too; another user on the guesser's address,
    // and the guesser's address following links, are refused as well.
    expect((await byCode(guesser, '10.40.0.1', code)).json().errorCode).toBe(4029);
    expect((await byCode(guesser, '10.40.0.2', code)).json().errorCode).toBe(4029);
    expect((await byCode(otherUser, '10.40.0.1', code)).json().errorCode).toBe(4029);
    expect((await server.app.inject({ method: 'GET', url: `/t/${code}`, remoteAddress: '10.40.0.1' })).statusCode).toBe(429);
    // Everyone else is not limited; a trip by its id is not a guess.
    expect((await byCode(otherUser, '10.40.0.3', code)).json()).toMatchObject({ success: true, result: { id: trip.id } });
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/api/taxiTrip/get',
          payload: { id: trip.id },
          remoteAddress: '10.40.0.1',
          headers: { authorization: `Bearer ${driver}` },
        })
      ).json().success,
    ).toBe(true);
  });

  test('privacy: another user sees the shared trip without the passenger, the title, the address or the share code', async () => {
    const trip = await receivedTrip();
    const title = await ok<{ id: string }>(
      'title/save',
      {
        kind: '个人',
        name: '陈乘客',
        taxNumber: '',
        address: '',
        phone: '',
        bankName: '',
        bankAccount: '',
        email: 'chen@rider.test',
        isDefault: false,
      },
      passenger,
    );
    await ok('taxiTrip/applyInvoice', { ids: [trip.id], titleId: title.id }, passenger);
    // The company sees where the passenger asked it to be sent (the title's e-mail): its invoice page sends it there.
    const company = await ok<TaxiTrip>('taxiTrip/get', { id: trip.id }, driver);
    expect(company).toMatchObject({
      passengerName: '张晓',
      invoiceBuyer: { name: '陈乘客' },
      deliverEmail: 'chen@rider.test',
      deliverPhone: '',
      shareCode: expect.any(String),
      receivedByMe: false,
    });
    const mine = await ok<TaxiTrip>('taxiTrip/get', { id: trip.id }, passenger);
    expect(mine).toMatchObject({
      passengerName: null,
      invoiceBuyer: { name: '陈乘客' },
      deliverEmail: 'chen@rider.test',
      shareCode: null,
      receivedByMe: true,
    });
    const listed = await ok<{ list: TaxiTrip[] }>('taxiTrip/queryTrips', { state: '待开票', pageSize: 100, page: 1 }, driver);
    expect(listed.list.find((one) => one.id === trip.id)).toMatchObject({ deliverEmail: 'chen@rider.test' });
    const other = await ok<TaxiTrip>('taxiTrip/get', { code: company.shareCode }, stranger);
    expect(other).toMatchObject({
      passengerName: null,
      invoiceBuyer: null,
      deliverPhone: null,
      deliverEmail: null,
      shareCode: null,
      carId: null,
      receivedByMe: false,
      state: '待开票',
    });
    expectRefused(await server.call('taxiTrip/get', { id: trip.id }, stranger), 403, undefined, 1004);
  });

  test('applyInvoice: only the caller’s trips and titles; asked again while 待开票 the title is replaced', async () => {
    const trip = await receivedTrip();
    const strangersTitle = await ok<{ id: string }>(
      'title/save',
      { kind: '个人', name: '李明', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', email: '', isDefault: false },
      stranger,
    );
    expectRefused(
      await server.call('taxiTrip/applyInvoice', { ids: [trip.id], titleId: strangersTitle.id }, passenger),
      403,
      '无权使用该抬头',
      1004,
    );
    expectRefused(
      await server.call('taxiTrip/applyInvoice', { ids: [trip.id], titleId: strangersTitle.id }, stranger),
      403,
      '只能为自己领取的行程申请开票',
      1004,
    );
    const first = await ok<{ id: string }>(
      'title/save',
      {
        kind: '个人',
        name: '第一抬头',
        taxNumber: '',
        address: '',
        phone: '',
        bankName: '',
        bankAccount: '',
        email: 'a@example.cn',
        isDefault: false,
      },
      passenger,
    );
    const second = await ok<{ id: string }>(
      'title/save',
      { kind: '个人', name: '第二抬头', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', email: '', isDefault: false },
      passenger,
    );
    await ok('taxiTrip/applyInvoice', { ids: [trip.id], titleId: first.id }, passenger);
    const again = await ok<{ trips: TaxiTrip[] }>(
      'taxiTrip/applyInvoice',
      { ids: [trip.id], titleId: second.id, deliverPhone: '13912345678' },
      passenger,
    );
    expect(again.trips[0]).toMatchObject({
      state: '待开票',
      invoiceBuyer: { name: '第二抬头' },
      deliverPhone: '13912345678',
      deliverEmail: '',
    });
  });

  test('a taxi invoice: a line per trip at its fare, the total their sum; a trip is invoiced once, also when asked twice at once', async () => {
    const trips = [await receivedTrip({ fareFen: 3_210 }), await receivedTrip({ fareFen: 5_500, distanceMetres: 8_000 })];
    const firstSerial = `taxi-${kind}-first`;
    // The worker waits until the trips are seen 开票中: it issues in a few tens of milliseconds, which a loaded machine
    // lets it do before the test reads them.
    await server.app.worker!.stop();
    const created = await invoiceFor(
      trips.map((trip) => trip.id),
      firstSerial,
    );
    expect(created.body.success).toBe(true);
    const { invoiceId, taskId } = created.body.result;
    const [invoice] = await server.database.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(invoice).toMatchObject({ grossFen: 8_710, type: '数电普票' });
    expect(invoice!.remarks).toContain('武林广场→萧山机场 31.2km');
    const lines = await server.database.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
    expect(lines.map((line) => [line.goodsName, line.model, line.quantity, line.grossFen, line.ratePermille, line.taxCode]).sort()).toEqual(
      [
        ['客运服务', trips[0]!.licensePlateNumber, '1', 3_210, 30, '3010101020000000000'],
        ['客运服务', trips[1]!.licensePlateNumber, '1', 5_500, 30, '3010101020000000000'],
      ],
    );
    expect(await stateOf(trips[0]!.id)).toBe('开票中');
    // The same serial answers the same task; another serial for the same trip is refused.
    expect((await invoiceFor([trips[0]!.id], firstSerial)).body.result).toEqual({ taskId, invoiceId });
    expectRefused(await invoiceFor([trips[0]!.id]), 409, '行程已开票', 2005);
    server.app.worker!.start();
    await taskStatus(taskId, TaskStatus.Succeeded);
    expect(await stateOf(trips[1]!.id)).toBe('已开票');

    const contested = await receivedTrip();
    const answers = await Promise.all([invoiceFor([contested.id]), invoiceFor([contested.id]), invoiceFor([contested.id])]);
    expect(answers.filter((answer) => answer.body.success)).toHaveLength(1);
    for (const answer of answers.filter((one) => !one.body.success)) expectRefused(answer, 409, '行程已开票', 2005);

    // Trips of two passengers, and no 客运服务 goods.
    const others = await receivedTrip({}, stranger);
    const mixed = await receivedTrip();
    expectRefused(await invoiceFor([others.id, mixed.id]), 400, '一张发票只能包含同一位乘客的行程');
    await server.database.db.update(goods).set({ archivedAt: new Date() }).where(eq(goods.taxCode, '3010101020000000000'));
    try {
      expectRefused(await invoiceFor([mixed.id]), 409, '请先在商品管理中添加“客运服务”商品', 2005);
    } finally {
      await server.database.db.update(goods).set({ archivedAt: null }).where(eq(goods.taxCode, '3010101020000000000'));
    }
  });

  test('a failed invoice gives its trips back (and a retry claims them again); a full red reversal does too', async () => {
    await setReady(false);
    const trip = await receivedTrip();
    const failed = (await invoiceFor([trip.id])).body.result;
    await taskStatus(failed.taskId, TaskStatus.Failed);
    expect(await stateOf(trip.id)).toBe('已领取');
    await setReady(true);
    await server.app.worker!.stop();
    expect((await server.call('task/retryTask', { id: failed.taskId }, driver)).body.success).toBe(true);
    expect(await stateOf(trip.id)).toBe('开票中');
    server.app.worker!.start();
    await taskStatus(failed.taskId, TaskStatus.Succeeded);
    expect(await stateOf(trip.id)).toBe('已开票');

    const red = await ok<{ taskId: string }>(
      'task/createRedInvoiceTask',
      { requestSerial: `taxi-red-${kind}`, blueInvoiceId: failed.invoiceId, reason: '01' },
      driver,
    );
    await taskStatus(red.taskId, TaskStatus.Succeeded);
    expect(await stateOf(trip.id)).toBe('已领取');
    const again = (await invoiceFor([trip.id])).body.result;
    await taskStatus(again.taskId, TaskStatus.Succeeded);
    expect(await stateOf(trip.id)).toBe('已开票');
    const listed = await ok<{ list: { invoice: { id: string; status: string }; trips: { id: string }[] }[] }>(
      'taxiInvoice/list',
      {},
      driver,
    );
    expect(
      listed.list.filter((row) => row.trips.some((one) => one.id === trip.id)).map((row) => [row.invoice.id, row.invoice.status]),
    ).toEqual([
      [again.invoiceId, '已开具'],
      [failed.invoiceId, '已红冲'],
    ]);
  });

  test('queryTrips: newest first, by car, day and state, with totals that agree with the trips', async () => {
    const cars = await ok<{ id: string }[]>('taxiCar/getMyCars', {}, driver);
    const otherCar = cars.find((car) => car.id !== carId)!.id;
    const before = await ok<{ totals: { trips: number; fareFen: number; distanceMetres: number } }>('taxiTrip/queryTrips', {}, driver);
    await ok('taxiTrip/create', tripBody({ carId: otherCar, fareFen: 1_000, distanceMetres: 2_000 }), driver);
    const all = await ok<{ total: number; list: TaxiTrip[]; totals: { trips: number; fareFen: number; distanceMetres: number } }>(
      'taxiTrip/queryTrips',
      { pageSize: 100 },
      driver,
    );
    expect(all.totals).toEqual({
      trips: before.totals.trips + 1,
      fareFen: before.totals.fareFen + 1_000,
      distanceMetres: before.totals.distanceMetres + 2_000,
    });
    expect(all.total).toBe(all.list.length);
    expect(all.totals).toEqual({
      trips: all.list.length,
      fareFen: all.list.reduce((sum, trip) => sum + trip.fareFen, 0),
      distanceMetres: all.list.reduce((sum, trip) => sum + trip.distanceMetres, 0),
    });
    const starts = all.list.map((trip) => trip.startTime);
    expect([...starts].sort().reverse()).toEqual(starts);
    const byCar = await ok<{ list: TaxiTrip[]; totals: { trips: number; fareFen: number } }>(
      'taxiTrip/queryTrips',
      { carId: otherCar },
      driver,
    );
    expect(byCar.totals).toEqual({ trips: 1, fareFen: 1_000, distanceMetres: 2_000 });
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const todays = await ok<{ total: number; totals: { trips: number } }>('taxiTrip/queryTrips', { fromDay: today, toDay: today }, driver);
    expect(todays.totals.trips).toBe(
      all.list.filter((trip) => new Date(Date.parse(trip.startTime) + 8 * 3600_000).toISOString().startsWith(today)).length,
    );
    expect((await ok<{ total: number }>('taxiTrip/queryTrips', { fromDay: '2020-01-01', toDay: '2020-01-31' }, driver)).total).toBe(0);
    const shared = await ok<{ total: number; list: TaxiTrip[]; totals: { trips: number; fareFen: number } }>(
      'taxiTrip/queryTrips',
      { state: '待领取' },
      driver,
    );
    expect(shared.list.every((trip) => trip.state === '待领取')).toBe(true);
    expect(shared.totals).toMatchObject({ trips: shared.total, fareFen: shared.list.reduce((sum, trip) => sum + trip.fareFen, 0) });
    expectRefused(
      await server.call('taxiTrip/queryTrips', { fromDay: '2026-02-10', toDay: '2026-02-01' }, driver),
      400,
      '结束日期不能早于开始日期',
    );
    expectRefused(await server.call('taxiTrip/queryTrips', { fromDay: '2026-02-31' }, driver), 400, '日期不存在');
    const mine = await ok<{ total: number; list: TaxiTrip[] }>('taxiTrip/getMyTrips', { pageSize: 100 }, passenger);
    expect(mine.list.every((trip) => trip.receivedByMe)).toBe(true);
  });
});
