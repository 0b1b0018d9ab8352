/**
 * The API contract (`@app/contract`) is what the server serves: exactly its calls, each body validated by its schema
 * and each answer serialised by its result schema (nothing else leaves the server), and a refused field named by its
 * path in the body (`result.fields`), which the forms put under the field.
 */
import { afterAll, beforeAll, describe, expect, test } from '@rstest/core';
import Fastify from 'fastify';
import Type from 'typebox';
import { API } from '@app/contract/api';
import { usccCheckCharacter } from '@app/domain/tax-number';
import { ALL_CALLS } from '../src/calls/all-calls';
import type { CallSpec } from '../src/http/define-call';
import { registerCalls } from '../src/http/register-calls';
import type { AppServices } from '../src/services';
import { createTestServer, type TestServer } from './support/test-server';

test("the server mounts exactly the contract's calls, each once, with the contract's schemas", () => {
  const paths = ALL_CALLS.map((spec) => spec.path);
  expect(new Set(paths).size).toBe(paths.length);
  expect([...paths].sort()).toEqual(Object.keys(API).sort());
  for (const spec of ALL_CALLS) {
    expect(spec.body).toBe(API[spec.path].body);
    expect(spec.result).toBe(API[spec.path].result);
  }
});

test("an answer is serialised by the call's result schema: what the contract does not name never leaves the server", async () => {
  const app = Fastify();
  const leaky = {
    path: 'sysConfig/get',
    body: Type.Object({}, { additionalProperties: false }),
    result: Type.Object({ id: Type.Integer(), name: Type.String() }),
    access: { kind: 'public' },
    handler: async () => ({ id: 1, name: '优税通', passwordEncrypted: 'v1:secret', internalNote: '不外传' }),
  } as unknown as CallSpec;
  await registerCalls(app, {} as AppServices, [leaky]);
  const answer = await app.inject({ method: 'POST', url: '/api/sysConfig/get', payload: {} });
  expect(answer.json()).toEqual({ success: true, result: { id: 1, name: '优税通' }, message: null, errorCode: null });
  expect(answer.body).not.toContain('secret');
  await app.close();
});

describe('a refused field is named by its path in the body', () => {
  let server: TestServer;
  let manager: string;
  let goodsId: string;

  beforeAll(async () => {
    server = await createTestServer('pglite');
    manager = await server.tokenFor('企业管理员');
    const goods = await server.call<{ list: { id: string }[] }>('goods/list', {}, manager);
    goodsId = goods.body.result.list[0]!.id;
  });
  afterAll(async () => server.close());

  const fieldsOf = (body: { result: unknown }) => (body.result as { fields: Record<string, string> }).fields;

  test('by the schema: a wrong type, a missing property, a nested property, an unknown property', async () => {
    const wrongType = await server.call('task/getTaskProcess', { id: 1 }, manager);
    expect(wrongType.status).toBe(400);
    expect(fieldsOf(wrongType.body)).toEqual({ id: '任务编号(id) 必须是字符串' });
    const missing = await server.call('title/save', { kind: '个人' }, manager);
    expect(fieldsOf(missing.body)).toEqual({ name: '缺少参数 抬头名称(name)' });
    const unknown = await server.call('goods/list', { colour: 'red' }, manager);
    expect(fieldsOf(unknown.body)).toEqual({ colour: '不支持的参数 colour' });
    const nested = await server.call(
      'task/createBlueInvoiceTask',
      {
        requestSerial: 'fields-nested-1',
        type: '数电普票',
        buyer: { name: '买方', taxNumber: '', address: '', phone: '', bankName: '', bankAccount: '', naturalPerson: 'yes' },
        lines: [{ goodsId, quantity: null, grossFen: 100, rate: 60 }],
        remarks: '',
        deliverPhone: '',
        deliverEmail: '',
      },
      manager,
    );
    expect(fieldsOf(nested.body)).toEqual({ 'buyer.naturalPerson': '是否自然人(buyer.naturalPerson) 必须是布尔值' });
  });

  test("by the domain's rules: every refused buyer field, a line's amount, the delivery address", async () => {
    const badCode = `91330106MA27Y8K3P${usccCheckCharacter('91330106MA27Y8K3P') === 'A' ? 'B' : 'A'}`;
    const answer = await server.call(
      'task/createBlueInvoiceTask',
      {
        requestSerial: 'fields-domain-1',
        type: '数电专票',
        buyer: { name: '', taxNumber: badCode, address: '', phone: '123', bankName: '', bankAccount: '', naturalPerson: false },
        lines: [{ goodsId, quantity: null, grossFen: 100, rate: 60 }],
        remarks: '',
        deliverPhone: '',
        deliverEmail: '',
      },
      manager,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.errorCode).toBe(4000);
    expect(Object.keys(fieldsOf(answer.body)).sort()).toEqual(['buyer.name', 'buyer.phone', 'buyer.taxNumber']);
    expect(answer.body.message).toBe(fieldsOf(answer.body)['buyer.name']);

    const buyer = {
      name: '杭州西湖文化传媒有限公司',
      taxNumber: `91330106MA27Y8K3P${usccCheckCharacter('91330106MA27Y8K3P')}`,
      address: '',
      phone: '',
      bankName: '',
      bankAccount: '',
      naturalPerson: false,
    };
    const line = await server.call(
      'task/createBlueInvoiceTask',
      {
        requestSerial: 'fields-domain-2',
        type: '数电普票',
        buyer,
        lines: [{ goodsId, quantity: null, grossFen: 0, rate: 60 }],
        remarks: '',
        deliverPhone: '',
        deliverEmail: '',
      },
      manager,
    );
    expect(fieldsOf(line.body)).toEqual({ 'lines.0.grossFen': '第 1 行的金额应大于 0' });
    const delivery = await server.call(
      'task/createBlueInvoiceTask',
      {
        requestSerial: 'fields-domain-3',
        type: '数电普票',
        buyer,
        lines: [{ goodsId, quantity: null, grossFen: 100, rate: 60 }],
        remarks: '',
        deliverPhone: '123',
        deliverEmail: '',
      },
      manager,
    );
    expect(Object.keys(fieldsOf(delivery.body))).toEqual(['deliverPhone']);
  });

  test('other failures carry no fields: their result is their own (the running task of 2001) or null', async () => {
    const notFound = await server.call('task/getTaskDetail', { id: '00000000-0000-4000-8000-000000000000' }, manager);
    expect(notFound.body).toMatchObject({ success: false, errorCode: 4004, result: null });
  });
});
