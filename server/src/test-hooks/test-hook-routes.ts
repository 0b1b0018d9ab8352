/**
 * Hooks the browser tests use to put the server into the states they test (service closed, session expired, company
 * service expired, tax account locked, agreement not yet accepted, a test user, the settlement day, a forced error).
 * Registered only when the server runs with TEST_HOOKS=1; a normal start has none of them.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Type, { type TProperties } from 'typebox';
import type { Database } from '../db/database';
import { agreementAcceptances } from '../db/schema/agreements';
import { companies, memberships } from '../db/schema/companies';
import { serviceConfig } from '../db/schema/service';
import { taxAccounts } from '../db/schema/tax-accounts';
import { sessions, users } from '../db/schema/users';
import { hashToken } from '../auth/session-tokens';
import { settleCompany } from '../cash/settlement';
import type { ForcedFailures } from './forced-failures';

async function demoUser(db: Database, label: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.provider, 'demo'), eq(users.demoLabel, label)));
  if (!user) throw new Error(`没有演示用户 ${label}`);
  return user;
}

const Body = <P extends TProperties>(properties: P) => ({ body: Type.Object(properties, { additionalProperties: false }) });
const Label = Type.String({ maxLength: 20 });

/** The service's state (open, closed, the front version) and a session's expiry. */
function serviceHooks(hooks: FastifyInstance, db: Database): void {
  hooks.post<{ Body: { available?: 'all' | 'self' | 'none'; closeReason?: string; frontVersion?: number } }>(
    '/service-config',
    {
      schema: Body({
        available: Type.Optional(Type.Union([Type.Literal('all'), Type.Literal('self'), Type.Literal('none')])),
        closeReason: Type.Optional(Type.String({ maxLength: 200 })),
        frontVersion: Type.Optional(Type.Integer({ minimum: 0 })),
      }),
    },
    async (request) => {
      const { available, closeReason, frontVersion } = request.body;
      await db
        .update(serviceConfig)
        .set({
          ...(available && { available }),
          ...(closeReason !== undefined && { closeReason }),
          ...(frontVersion !== undefined && { frontVersion }),
        })
        .where(eq(serviceConfig.id, 1));
      return { ok: true };
    },
  );

  hooks.post<{ Body: { token: string } }>(
    '/expire-session',
    { schema: Body({ token: Type.String({ maxLength: 100 }) }) },
    async (request) => {
      await db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.tokenHash, hashToken(request.body.token)));
      return { ok: true };
    },
  );
}

/** A demo user's company: its service expired or not, its tax account's state. */
function companyHooks(hooks: FastifyInstance, db: Database): void {
  hooks.post<{ Body: { label: string; expired: boolean } }>(
    '/company-service',
    { schema: Body({ label: Label, expired: Type.Boolean() }) },
    async (request) => {
      const user = await demoUser(db, request.body.label);
      const [membership] = await db.select().from(memberships).where(eq(memberships.userId, user.id));
      if (!membership) throw new Error('该用户没有企业');
      const day = 24 * 3600 * 1000;
      await db
        .update(companies)
        .set({ serviceExpiresAt: new Date(Date.now() + (request.body.expired ? -day : 365 * day)) })
        .where(eq(companies.id, membership.companyId));
      return { ok: true };
    },
  );

  hooks.post<{
    Body: { label: string; accountState?: number; supportedLoginMethods?: string[]; loggedIn?: boolean; faceToday?: boolean };
  }>(
    '/tax-account',
    {
      schema: Body({
        label: Label,
        accountState: Type.Optional(Type.Integer()),
        supportedLoginMethods: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 5 })),
        loggedIn: Type.Optional(Type.Boolean()),
        faceToday: Type.Optional(Type.Boolean()),
      }),
    },
    async (request) => {
      const { label, accountState, supportedLoginMethods, loggedIn, faceToday } = request.body;
      const user = await demoUser(db, label);
      const [membership] = await db.select().from(memberships).where(eq(memberships.userId, user.id));
      if (!membership) throw new Error('该用户没有企业');
      const now = Date.now();
      await db
        .update(taxAccounts)
        .set({
          ...(accountState !== undefined && { accountState }),
          ...(supportedLoginMethods && { supportedLoginMethods }),
          ...(loggedIn !== undefined && {
            expirationTime: loggedIn ? new Date(now + 3600_000) : null,
            loggedInAt: loggedIn ? new Date(now) : null,
          }),
          ...(faceToday !== undefined && { scanFaceTime: faceToday ? new Date(now) : null }),
        })
        .where(eq(taxAccounts.companyId, membership.companyId));
      return { ok: true };
    },
  );
}

/** A demo user's own state: a tester or not, their company's settlement day, their agreement. */
function userHooks(hooks: FastifyInstance, db: Database): void {
  // The spec's `_test_` users (users.tester): they get canaries released to test users.
  hooks.post<{ Body: { label: string; tester: boolean } }>(
    '/tester',
    { schema: Body({ label: Label, tester: Type.Boolean() }) },
    async (request) => {
      const user = await demoUser(db, request.body.label);
      await db.update(users).set({ tester: request.body.tester }).where(eq(users.id, user.id));
      return { ok: true };
    },
  );

  // The settlement day comes for the user's company: what was paid until now is settled, as the wallet's read does
  // once it is due, so that a test sees 冻结 for as long as it looks and 可提现 once it asks.
  hooks.post<{ Body: { label: string } }>('/settlement-day', { schema: Body({ label: Label }) }, async (request) => {
    const user = await demoUser(db, request.body.label);
    const [membership] = await db.select().from(memberships).where(eq(memberships.userId, user.id));
    if (!membership) throw new Error(`${request.body.label} 不属于任何企业`);
    await settleCompany(db, membership.companyId, 0);
    return { ok: true };
  });

  hooks.post<{ Body: { label: string } }>('/reset-agreement', { schema: Body({ label: Label }) }, async (request) => {
    const user = await demoUser(db, request.body.label);
    await db.delete(agreementAcceptances).where(eq(agreementAcceptances.userId, user.id));
    return { ok: true };
  });
}

/** Failures forced on calls, until they have happened `times` times or are cleared. */
function failureHooks(hooks: FastifyInstance, failures: ForcedFailures): void {
  hooks.post<{ Body: { path: string; errorCode: number; message: string; times?: number } }>(
    '/force-failure',
    {
      schema: Body({
        path: Type.String({ maxLength: 100 }),
        errorCode: Type.Integer(),
        message: Type.String({ maxLength: 200 }),
        times: Type.Optional(Type.Integer({ minimum: 1 })),
      }),
    },
    async (request) => {
      const { path, errorCode, message, times } = request.body;
      failures.add({ path, errorCode, message, times: times ?? 1 });
      return { ok: true };
    },
  );

  hooks.post<{ Body: { path?: string } }>(
    '/clear-failures',
    { schema: Body({ path: Type.Optional(Type.String({ maxLength: 100 })) }) },
    async (request) => {
      failures.clear(request.body.path);
      return { ok: true };
    },
  );
}

export async function registerTestHooks(app: FastifyInstance, db: Database, failures: ForcedFailures): Promise<void> {
  await app.register(
    async (hooks) => {
      serviceHooks(hooks, db);
      companyHooks(hooks, db);
      userHooks(hooks, db);
      failureHooks(hooks, failures);
    },
    { prefix: '/test-hooks' },
  );
}
