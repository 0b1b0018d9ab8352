/**
 * Helpers for the suites that walk every call: the calls' body schemas read as JSON schema, valid sample bodies built
 * from them, which demo user may make a call, raw requests (any body, any content type), the envelope's shape, and a
 * snapshot of every table (to prove a refused call stored nothing).
 */
import { and, eq, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { expect } from '@rstest/core';
import { ALL_CALLS } from '../../src/calls/all-calls';
import { createSession, hashToken } from '../../src/auth/session-tokens';
import * as schema from '../../src/db/schema/index';
import type { CallSpec } from '../../src/http/define-call';
import { permitted } from '../../src/http/access';
import { DEMO_LABELS, type TestServer } from './test-server';

export { ALL_CALLS };

export type DemoLabel = (typeof DEMO_LABELS)[number];

export interface PropertySchema {
  type?: string;
  title?: string;
  pattern?: string;
  format?: string;
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  const?: unknown;
  enum?: unknown[];
  anyOf?: PropertySchema[];
  properties?: Record<string, PropertySchema>;
  required?: string[];
  items?: PropertySchema;
  minItems?: number;
}

export interface BodySchema {
  type: 'object';
  properties?: Record<string, PropertySchema>;
  required?: string[];
  additionalProperties?: boolean;
}

export function bodySchema(spec: CallSpec): BodySchema {
  return spec.body as unknown as BodySchema;
}

/** The properties of a call's body: [key, schema, required]. */
export function propertiesOf(spec: CallSpec): { key: string; schema: PropertySchema; required: boolean }[] {
  const body = bodySchema(spec);
  return Object.entries(body.properties ?? {}).map(([key, property]) => ({
    key,
    schema: property,
    required: (body.required ?? []).includes(key),
  }));
}

/** The JSON types a property accepts ('string' for a union of string literals). */
export function jsonTypesOf(property: PropertySchema): string[] {
  if (property.type) return [property.type];
  if (property.anyOf) return [...new Set(property.anyOf.flatMap(jsonTypesOf))];
  if (property.const !== undefined) return [typeof property.const];
  if (property.enum) return [...new Set(property.enum.map((value) => typeof value))];
  return [];
}

/** A property is free text when any string up to its length is valid. */
export function isFreeText(property: PropertySchema): boolean {
  return property.type === 'string' && !property.pattern && !property.format;
}

/** The field as a message names it: `任务编号(id)`. */
export function fieldLabel(key: string, property: PropertySchema): string {
  return property.title ? `${property.title}(${key})` : key;
}

const patternSamples = new Map<string, string>();

/** A valid value of a property, the same on every run. */
export function sampleValue(property: PropertySchema): unknown {
  if (property.const !== undefined) return property.const;
  if (property.enum) return property.enum[0];
  if (property.anyOf) return sampleValue(property.anyOf[0] as PropertySchema);
  switch (property.type) {
    case 'integer':
    case 'number':
      return property.minimum ?? 1;
    case 'boolean':
      return true;
    case 'object':
      return Object.fromEntries(
        Object.entries(property.properties ?? {})
          .filter(([key]) => (property.required ?? []).includes(key))
          .map(([key, value]) => [key, sampleValue(value)]),
      );
    case 'array':
      return Array.from({ length: Math.max(property.minItems ?? 0, 1) }, () => sampleValue(property.items ?? {}));
    case 'string': {
      // A time the schema's format accepts (the call's own rules may still refuse it).
      if (property.format === 'date-time') return '2026-01-01T08:00:00.000Z';
      if (property.pattern) {
        const key = JSON.stringify([property.pattern, property.minLength, property.maxLength]);
        const known = patternSamples.get(key);
        if (known !== undefined) return known;
        const fits = (value: string) => value.length >= (property.minLength ?? 0) && value.length <= (property.maxLength ?? Infinity);
        const [value] = fc.sample(fc.stringMatching(new RegExp(property.pattern)).filter(fits), { seed: 20260101, numRuns: 1 });
        if (value === undefined) throw new Error(`no sample for pattern ${property.pattern}`);
        patternSamples.set(key, value);
        return value;
      }
      return 'a'.repeat(Math.max(property.minLength ?? 0, 1));
    }
    default:
      throw new Error(`no sample value for ${JSON.stringify(property)}`);
  }
}

/** A body the schema accepts: every required property with a sample value, then `overrides`. */
export function validBody(spec: CallSpec, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const { key, schema: property, required } of propertiesOf(spec)) if (required) body[key] = sampleValue(property);
  return { ...body, ...overrides };
}

/**
 * Calls that end the session they are made with (signing out): suites that walk every call make them with a session
 * of their own (`sessionFor`), so the suite's tokens keep working.
 */
export const ENDS_SESSION: ReadonlySet<string> = new Set(['user/signOut']);

/** The token to make `spec` with: `token`, or a new session of the same user for a call that ends its session. */
export async function sessionFor(server: TestServer, spec: CallSpec, token: string): Promise<string> {
  if (!ENDS_SESSION.has(spec.path)) return token;
  const [session] = await server.database.db
    .select({ userId: schema.sessions.userId })
    .from(schema.sessions)
    .where(eq(schema.sessions.tokenHash, hashToken(token)));
  if (!session) throw new Error(`sessionFor(${spec.path}): the token has no session`);
  return createSession(server.database.db, session.userId);
}

export function callNamed(path: string): CallSpec {
  const spec = ALL_CALLS.find((call) => call.path === path);
  if (!spec) throw new Error(`no call ${path}`);
  return spec;
}

/** The permissions each demo user holds in their current company. */
export async function demoPermissions(server: TestServer): Promise<Record<DemoLabel, string[]>> {
  const rows = await server.database.db
    .select({ label: schema.users.demoLabel, permissions: schema.memberships.permissions })
    .from(schema.users)
    .leftJoin(
      schema.memberships,
      and(eq(schema.memberships.userId, schema.users.id), eq(schema.memberships.companyId, schema.users.currentCompanyId)),
    )
    .where(eq(schema.users.provider, 'demo'));
  const result = Object.fromEntries(DEMO_LABELS.map((label) => [label, [] as string[]])) as Record<DemoLabel, string[]>;
  for (const row of rows) if (row.label) result[row.label as DemoLabel] = row.permissions ?? [];
  return result;
}

/** Whether a user holding these permissions may make the call (docs/product.md, "Roles"; define-call.ts). */
export function mayCall(spec: CallSpec, permissions: readonly string[]): boolean {
  if (spec.access.kind !== 'company') return true;
  return permitted(spec.access, permissions);
}

/** The first demo user allowed to make the call (普通用户 for calls any signed-in user may make). */
export function allowedLabel(spec: CallSpec, permissions: Record<DemoLabel, string[]>): DemoLabel {
  const label = DEMO_LABELS.find((candidate) => mayCall(spec, permissions[candidate]));
  if (!label) throw new Error(`no demo user may call ${spec.path}`);
  return label;
}

export interface RawAnswer {
  status: number;
  /** The parsed answer (undefined when it was not JSON). */
  body: unknown;
  text: string;
}

/** `POST /api/<path>` with exactly this body text and content type (none when null). */
export async function rawCall(
  server: TestServer,
  path: string,
  payload: string | undefined,
  options: { token?: string | null; contentType?: string | null; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const contentType = options.contentType === undefined ? 'application/json' : options.contentType;
  const response = await server.app.inject({
    method: 'POST',
    url: `/api/${path}`,
    ...(payload !== undefined && { payload }),
    headers: {
      ...(contentType && { 'content-type': contentType }),
      ...(options.token && { authorization: `Bearer ${options.token}` }),
      ...options.headers,
    },
  });
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    body = undefined;
  }
  return { status: response.statusCode, body, text: response.body };
}

const CHINESE = /[\u4e00-\u9fff]/;
const UNSAFE_IN_MESSAGE = /\p{Cc}/u;

/** Every answer is `{ success, result, message, errorCode }`; a failure carries a code and a Chinese message. */
export function expectEnvelope(
  body: unknown,
): asserts body is { success: boolean; result: unknown; message: string | null; errorCode: number | null } {
  expect(body).toBeTypeOf('object');
  expect(body).not.toBeNull();
  const envelope = body as Record<string, unknown>;
  expect(Object.keys(envelope).sort()).toEqual(['errorCode', 'message', 'result', 'success']);
  expect(typeof envelope.success).toBe('boolean');
  if (envelope.success) {
    expect(envelope.errorCode).toBeNull();
    expect(envelope.message).toBeNull();
  } else {
    expect(typeof envelope.errorCode).toBe('number');
    expect(typeof envelope.message).toBe('string');
    const message = envelope.message as string;
    expect(message).toMatch(CHINESE);
    expect(message.isWellFormed() && !UNSAFE_IN_MESSAGE.test(message)).toBe(true);
    expect(message.length).toBeLessThan(300);
  }
}

/** A refused call: the status, errorCode 4000 (unless given) and a message containing `messagePart`. */
export function expectRefused(
  answer: { status: number; body: unknown },
  status: number,
  messagePart?: string | RegExp,
  errorCode = 4000,
): void {
  expectEnvelope(answer.body);
  const envelope = answer.body;
  if (answer.status !== status || envelope.errorCode !== errorCode) {
    throw new Error(`expected ${status}/${errorCode}, got ${answer.status}: ${JSON.stringify(envelope)}`);
  }
  expect(envelope.success).toBe(false);
  if (typeof messagePart === 'string') expect(envelope.message).toContain(messagePart);
  else if (messagePart) expect(envelope.message).toMatch(messagePart);
}

/** Every table of the schema (found through its exports, so a table added later is covered too). */
export const ALL_TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable));

/** Reads every table in one statement: a query a table cost the fuzz suite more than its cases did. */
const SNAPSHOT_QUERY = `select ${ALL_TABLES.map((table) => {
  const name = getTableName(table);
  return `(select coalesce(json_agg(row), '[]'::json) from "${name}" row) as "${name}"`;
}).join(', ')}`;

/** Every row of every table (as the database stores it), as sorted JSON per table. */
export async function snapshotTables(server: TestServer): Promise<Record<string, string[]>> {
  const [tables] = await server.database.raw(SNAPSHOT_QUERY);
  const snapshot: Record<string, string[]> = {};
  for (const table of ALL_TABLES) {
    const name = getTableName(table);
    const rows = tables?.[name];
    if (!Array.isArray(rows)) throw new Error(`snapshotTables: no rows read of ${name}`);
    snapshot[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}

/** The number of rows of every table. */
export function rowCounts(snapshot: Record<string, string[]>): Record<string, number> {
  return Object.fromEntries(Object.entries(snapshot).map(([table, rows]) => [table, rows.length]));
}
