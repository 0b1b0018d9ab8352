/**
 * Bad input on every call (ALL_CALLS is iterated, each call's cases derived from its JSON schema): each is refused with
 * its HTTP status (400; 413 for a body over 256 KiB; 415 for a body that is not JSON) and the envelope
 * `{ success: false, errorCode: 4000, message }`, the message a Chinese sentence naming the field, and nothing is
 * stored (every table of the schema is read before and after). Each call is made by a user allowed to make it, so
 * validation, not permission, is what answers.
 *
 * Unicode: control characters (C0 but tab and line breaks, DEL, C1) and lone surrogates are refused wherever they
 * are (values and keys); they are never typed as text and PostgreSQL refuses NUL. Format characters (RTL override,
 * zero-width joiner), emoji, line separators, tab and newline are legal text: stored and echoed exactly.
 *
 * Then a fast-check property: any JSON value (and any text) as the body of any call never gives a 500, and the
 * answer is always a well-formed envelope.
 */
import { afterAll, beforeAll, expect, test } from '@rstest/core';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { taxAccounts } from '../src/db/schema/tax-accounts';
import { MAX_BODY_DEPTH } from '../src/http/json-body';
import type { CallSpec } from '../src/http/define-call';
import {
  ALL_CALLS,
  allowedLabel,
  demoPermissions,
  expectEnvelope,
  expectRefused,
  fieldLabel,
  isFreeText,
  jsonTypesOf,
  propertiesOf,
  rawCall,
  rowCounts,
  sampleValue,
  sessionFor,
  snapshotTables,
  validBody,
  type DemoLabel,
} from './support/call-kit';
import { createTestServer, DEMO_LABELS, type TestServer } from './support/test-server';
import { describeEachDatabase } from './support/database-suites';

interface BadCase {
  name: string;
  /** The body text as sent (undefined: no body). */
  payload: string | undefined;
  contentType?: string | null;
  headers?: Record<string, string>;
  status: number;
  /** What the message must contain (or match). */
  message: string | RegExp;
}

/** One value of each JSON type, to send where the schema wants another. */
const VALUES_BY_TYPE: { type: string; value: unknown }[] = [
  { type: 'string', value: 'text' },
  { type: 'integer', value: 12345 },
  { type: 'number', value: 1.5 },
  { type: 'boolean', value: true },
  { type: 'null', value: null },
  { type: 'object', value: { nested: 1 } },
  { type: 'array', value: ['a', 1] },
];

function isAccepted(type: string, accepted: string[]): boolean {
  return accepted.includes(type) || (type === 'integer' && accepted.includes('number'));
}

/** Characters that are never text: refused wherever they appear. */
const UNSAFE_STRINGS: { name: string; value: string }[] = [
  { name: 'NUL', value: '\u0000' },
  { name: 'NUL inside', value: 'ab\u0000cd' },
  { name: 'SOH', value: 'a\u0001' },
  { name: 'ESC sequence', value: '\u001b[31mred' },
  { name: 'vertical tab', value: 'a\u000bb' },
  { name: 'DEL', value: 'a\u007f' },
  { name: 'C1 NEL', value: 'a\u0085b' },
  { name: 'C1 CSI', value: '\u009b' },
  { name: 'lone high surrogate', value: '\ud800' },
  { name: 'lone low surrogate', value: 'x\udfff' },
  { name: 'surrogates reversed', value: '\udc00\ud800' },
  { name: 'high surrogate at the end', value: '李明\ud83d' },
];

/** Legal text: format characters, emoji (surrogate pairs), separators, tab and newline, combining marks. */
const ODD_TEXT = '\u202e李明\u200d👨‍👩‍👧\u2028e\u0301\t\n';

const json = (value: unknown) => JSON.stringify(value);

function badCases(spec: CallSpec): BadCase[] {
  const base = validBody(spec);
  const cases: BadCase[] = [];
  const add = (name: string, body: unknown, status: number, message: string | RegExp) =>
    cases.push({ name, payload: json(body), status, message });

  for (const { key, schema, required } of propertiesOf(spec)) {
    const label = fieldLabel(key, schema);
    const accepted = jsonTypesOf(schema);
    // A set of values: a union (anyOf), or an enum (which also states its type, so a value of another type is refused as such).
    const union = !!schema.anyOf || !!schema.enum;
    const typeMessage = schema.anyOf ? `${label} 的取值无效` : new RegExp(`^${escapeRegExp(label)} 必须是`);

    for (const { type, value } of VALUES_BY_TYPE) {
      if (!isAccepted(type, accepted)) add(`${key}: ${type} instead of ${accepted.join('|')}`, { ...base, [key]: value }, 400, typeMessage);
    }
    if (required)
      add(`${key} missing`, Object.fromEntries(Object.entries(base).filter(([name]) => name !== key)), 400, `缺少参数 ${label}`);

    if (schema.type === 'integer' || schema.type === 'number') {
      if (schema.minimum !== undefined)
        add(`${key} below minimum`, { ...base, [key]: schema.minimum - 1 }, 400, `${label} 不能小于 ${schema.minimum}`);
      if (schema.maximum !== undefined) {
        add(`${key} above maximum`, { ...base, [key]: schema.maximum + 1 }, 400, `${label} 不能大于 ${schema.maximum}`);
        add(`${key} huge number`, { ...base, [key]: 1e300 }, 400, `${label} 不能大于 ${schema.maximum}`);
      }
      // 1e400 is Infinity once parsed: not an integer.
      cases.push({
        name: `${key} overflowing number`,
        payload: json({ ...base, [key]: 0 }).replace(`"${key}":0`, `"${key}":1e400`),
        status: 400,
        message: typeMessage,
      });
    }
    if (accepted.includes('string')) {
      const huge = 'x'.repeat(100_000);
      add(
        `${key} 100 000 characters`,
        { ...base, [key]: huge },
        400,
        union ? `${label} 的取值无效` : `${label} 不能超过 ${schema.maxLength} 个字符`,
      );
      if (schema.maxLength !== undefined && !union)
        add(
          `${key} one character too long`,
          { ...base, [key]: '1'.repeat(schema.maxLength + 1) },
          400,
          `${label} 不能超过 ${schema.maxLength} 个字符`,
        );
      if (schema.minLength)
        add(
          `${key} too short`,
          { ...base, [key]: 'a'.repeat(schema.minLength - 1) },
          400,
          schema.minLength <= 1 ? `${label} 不能为空` : `${label} 至少 ${schema.minLength} 个字符`,
        );
      if (schema.pattern)
        add(
          `${key} not matching its pattern`,
          { ...base, [key]: '!'.repeat(Math.max(schema.minLength ?? 0, 1)) },
          400,
          `${label} 格式不正确`,
        );
      if (union) add(`${key} not one of its values`, { ...base, [key]: 'zzz' }, 400, `${label} 的取值无效`);
    }
    for (const { name, value } of UNSAFE_STRINGS)
      add(`${key} with ${name}`, { ...base, [key]: value }, 400, `参数 ${label} 含有不允许的字符`);
    // Prototype keys inside a property's value.
    cases.push({
      name: `${key}.__proto__`,
      payload: `{"${key}":{"__proto__":{"polluted":"yes"}}}`,
      status: 400,
      message: `不支持的参数 ${key}.__proto__`,
    });
  }

  // Unknown properties, whatever they hold.
  add('unknown property', { ...base, unknownField: 1 }, 400, '不支持的参数 unknownField');
  add('unknown property named constructor', { ...base, constructor: 1 }, 400, '不支持的参数 constructor');
  add('unknown property named toString', { ...base, toString: 'x' }, 400, '不支持的参数 toString');
  add('unknown property named prototype', { ...base, prototype: {} }, 400, '不支持的参数 prototype');
  add('unknown property with 100 000 characters', { ...base, note: 'x'.repeat(100_000) }, 400, '不支持的参数 note');
  add('unknown property named with 100 000 characters', { ...base, ['k'.repeat(100_000)]: 1 }, 400, /^不支持的参数 k{40}…$/);
  add('unknown property holding NUL', { ...base, note: '\u0000' }, 400, '参数 note 含有不允许的字符');
  add('a key with NUL', { ...base, 'a\u0000b': 1 }, 400, '参数 a\uFFFDb 含有不允许的字符');
  add('a key with a lone surrogate', { ...base, '\ud800x': 1 }, 400, '参数 \uFFFDx 含有不允许的字符');
  add('a key with RTL override', { ...base, '\u202eevil': 1 }, 400, '不支持的参数 \u202eevil');

  // Bodies that are not an object.
  for (const [name, payload] of [
    ['array', '[]'],
    ['array of objects', json([base])],
    ['string', '"text"'],
    ['number', '12'],
    ['boolean', 'true'],
    ['null', 'null'],
  ]) {
    cases.push({ name: `body is ${name}`, payload, status: 400, message: '请求体 必须是对象' });
  }
  cases.push({ name: 'body is a string with NUL', payload: '"\\u0000"', status: 400, message: '参数 请求体 含有不允许的字符' });

  // Not JSON.
  for (const payload of ['', '{', '{"a":}', "{'a':1}", '{"a":1,}', 'undefined', 'NaN', '{"a":1}garbage', '{"a":"\u0000"', '\u0000']) {
    cases.push({ name: `invalid JSON ${json(payload)}`, payload, status: 400, message: '请求体不是有效的 JSON' });
  }
  for (const contentType of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/vnd.api+json',
    null,
  ]) {
    cases.push({
      name: `content type ${contentType}`,
      payload: json(base),
      contentType,
      status: 415,
      message: '请以 application/json 发送请求',
    });
  }
  cases.push({ name: 'body over 256 KiB', payload: json({ ...base, note: 'a'.repeat(257 * 1024) }), status: 413, message: '请求体过大' });
  cases.push({
    name: 'Content-Length larger than the body',
    payload: json(base),
    headers: { 'content-length': String(json(base).length + 10) },
    status: 400,
    message: '请求体长度与 Content-Length 不一致',
  });

  // Prototype pollution.
  cases.push({ name: '__proto__', payload: '{"__proto__":{"polluted":"yes"}}', status: 400, message: '不支持的参数 __proto__' });
  cases.push({
    name: '__proto__ beside valid properties',
    payload: json(base).replace(/^\{/, `{"__proto__":{"polluted":"yes"}${Object.keys(base).length ? ',' : ''}`),
    status: 400,
    message: '不支持的参数 __proto__',
  });
  cases.push({
    name: 'constructor.prototype',
    payload: '{"constructor":{"prototype":{"polluted":"yes"}}}',
    status: 400,
    message: '不支持的参数 constructor',
  });
  cases.push({
    name: 'nested __proto__',
    payload: '{"x":[{"__proto__":{"polluted":"yes"}}]}',
    status: 400,
    message: '不支持的参数 x.0.__proto__',
  });

  // Nesting deeper than any call needs (a recursive walk of it would overflow the stack: a 500).
  const deep = MAX_BODY_DEPTH + 1;
  cases.push({
    name: 'deeply nested arrays',
    payload: `{"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
    status: 400,
    message: `请求体嵌套过深，最多 ${MAX_BODY_DEPTH} 层`,
  });
  cases.push({
    name: 'deeply nested objects',
    payload: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
    status: 400,
    message: '请求体嵌套过深',
  });
  cases.push({ name: `nested ${deep} levels`, payload: `${'['.repeat(deep)}${']'.repeat(deep)}`, status: 400, message: '请求体嵌套过深' });
  return cases;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describeEachDatabase('bad input on every call (%s)', (kind) => {
  let server: TestServer;
  const tokens = {} as Record<DemoLabel, string>;
  let permissions: Record<DemoLabel, string[]>;
  const tokenFor = (spec: CallSpec) => tokens[allowedLabel(spec, permissions)];
  let sent = 0;

  beforeAll(async () => {
    server = await createTestServer(kind);
    for (const label of DEMO_LABELS) tokens[label] = await server.tokenFor(label);
    permissions = await demoPermissions(server);
  });
  afterAll(async () => server?.close());

  for (const spec of ALL_CALLS) {
    test(`${spec.path}: refused with 4000 and a message naming the field; nothing stored`, async () => {
      const token = tokenFor(spec);
      const before = await snapshotTables(server);
      const cases = badCases(spec);
      for (const bad of cases) {
        const answer = await rawCall(server, spec.path, bad.payload, { token, contentType: bad.contentType, headers: bad.headers });
        try {
          expectRefused(answer, bad.status, bad.message);
        } catch (error) {
          throw new Error(`${spec.path} — ${bad.name}: ${(error as Error).message}\n${answer.text.slice(0, 300)}`);
        }
      }
      sent += cases.length;
      const after = await snapshotTables(server);
      expect(rowCounts(after)).toEqual(rowCounts(before));
      expect(after).toEqual(before);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    });
  }

  test('the bad-input cases above were many per call', () => {
    expect(sent).toBeGreaterThan(ALL_CALLS.length * 30);
  });

  test('legal odd text is not refused, and is stored and echoed exactly', async () => {
    const fitted = (min = 0, max = Infinity) => {
      const characters = Array.from(ODD_TEXT);
      while (characters.length < min) characters.push('a');
      return characters.slice(0, max).join('');
    };
    let tried = 0;
    for (const spec of ALL_CALLS) {
      for (const { key, schema } of propertiesOf(spec).filter((property) => isFreeText(property.schema))) {
        const answer = await rawCall(server, spec.path, json(validBody(spec, { [key]: fitted(schema.minLength, schema.maxLength) })), {
          token: await sessionFor(server, spec, tokenFor(spec)),
        });
        expectEnvelope(answer.body);
        expect(answer.status).toBeLessThan(500);
        expect(answer.body.message ?? '').not.toContain('不允许的字符');
        tried++;
      }
    }
    expect(tried).toBeGreaterThanOrEqual(4);

    const manager = tokens.企业管理员;
    const personName = fitted(1, 30);
    const saved = await server.call<{ personName: string }>(
      'taxAccount/setTaxAccount',
      { loginIdentity: '03', personName, phone: '13800001111' },
      manager,
    );
    expect(saved.body.result.personName).toBe(personName);
    expect((await server.call<{ personName: string }>('taxAccount/getTaxAccount', {}, tokens.企业员工)).body.result.personName).toBe(
      personName,
    );
    const rows = await server.database.db.select({ personName: taxAccounts.personName }).from(taxAccounts);
    expect(rows.map((row) => row.personName)).toContain(personName);

    expect((await server.call('company/getMyCompanies', { keyword: '\u202e杭州' }, manager)).body.result).toEqual({ total: 0, list: [] });
    expect((await server.call<{ total: number }>('company/getMyCompanies', { keyword: '优税通' }, manager)).body.result.total).toBe(1);
    expectRefused(await server.call('taxAccount/getAgreement', { version: '\u202e2026.1' }, manager), 404, '协议不存在', 4004);
    const [row] = await server.database.db.select().from(taxAccounts).where(eq(taxAccounts.personName, personName));
    expect(row?.personName).toBe(personName);
  });

  // One test a call: each gets the whole time budget, so the suite does not slow towards a time-out as calls are added.
  const statuses = new Set<number>();
  const check = async (spec: CallSpec, payload: string) => {
    const answer = await rawCall(server, spec.path, payload, { token: await sessionFor(server, spec, tokenFor(spec)) });
    statuses.add(answer.status);
    expect(answer.status).not.toBe(500);
    expect([200, 400, 403, 404, 409, 429]).toContain(answer.status);
    expectEnvelope(answer.body);
    if (answer.status === 400) expect(answer.body.errorCode).toBe(4000);
  };
  const anyJson = fc.jsonValue({ maxDepth: 4, stringUnit: 'binary' });
  for (const spec of ALL_CALLS) {
    test(`property: any JSON value or text as the body of ${spec.path} never gives a 500; the answer is always the envelope`, async () => {
      const properties = propertiesOf(spec);
      const keys = properties.map((property) => property.key);
      const body = fc.oneof(
        anyJson,
        fc.dictionary(fc.constantFrom(...keys, 'x', '__proto__', 'constructor', 'prototype'), anyJson, { maxKeys: 4 }),
        fc.record(Object.fromEntries(properties.map(({ key, schema }) => [key, fc.oneof(fc.constant(sampleValue(schema)), anyJson)])), {
          requiredKeys: [],
        }),
      );
      await fc.assert(
        fc.asyncProperty(body, (value) => check(spec, json(value))),
        { seed: 20260101, numRuns: 40 },
      );
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 40 }), (text) => check(spec, text)),
        { seed: 20260102, numRuns: 15 },
      );
    });
  }

  test('the property runs met refusals (400) and never a 500', () => {
    expect(statuses.has(400)).toBe(true);
    expect(statuses.has(500)).toBe(false);
  });
});
