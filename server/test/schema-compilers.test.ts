/**
 * Every route's body and answer schemas compile: the test servers compile only what their calls use (their
 * `precompileSchemas` is off), so this is where a broken schema is caught; a server with it on (the default) compiles
 * them all soon after it is ready, without a request.
 */
import { afterEach, describe, expect, test } from '@rstest/core';
import Fastify from 'fastify';
import { lazySchemaCompilers } from '../src/http/lazy-schema-compilers';
import { createTestServer, eventually, type TestServer } from './support/test-server';

let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the schemas of the routes', () => {
  test('every call’s body and answer schemas compile', async () => {
    server = await createTestServer();
    const compilers = server.app.schemaCompilers;
    expect(compilers.uncompiled).toBeGreaterThan(100);
    await compilers.compileRest();
    expect(compilers.uncompiled).toBe(0);
  });

  test('a server started as in production compiles them all once ready, with no request', async () => {
    server = await createTestServer('pglite', { precompileSchemas: true });
    const compilers = server.app.schemaCompilers;
    await eventually(async () => compilers.uncompiled === 0);
  });

  test('a broken schema is reported by compileRest, not by the start', async () => {
    const compilers = lazySchemaCompilers();
    const app = Fastify({ schemaController: compilers.schemaController });
    app.post('/broken', { schema: { body: { type: 'no-such-type' } } }, async () => ({}));
    await app.ready();
    expect(compilers.uncompiled).toBe(1);
    await expect(compilers.compileRest()).rejects.toThrow(/no-such-type|type/);
    await app.close();
  });
});
