/**
 * Fastify's own schema compilers (Ajv for the bodies, fast-json-stringify for the answers), each route's compiled on
 * its first request instead of before the server is ready: compiling every call's schemas is most of the CPU a warm
 * start spends (docs/server.md, "Starting"). What was not yet used is compiled soon after start, a route at a time
 * between requests (`compileRest`), so a broken schema is still reported at start and no early request pays for it.
 */
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type Compile = (route: unknown) => (...args: unknown[]) => unknown;
type Factory = (externalSchemas: unknown, options: unknown) => Compile;

// The compilers Fastify itself would use: its own dependencies, at the versions it was released with. Loaded by the
// first compilation (Ajv alone is nearly two hundred modules), one factory each for the process, as Fastify keeps them.
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
const factories = new Map<string, Factory>();
const factoryOf = (name: string) => () => {
  let factory = factories.get(name);
  if (!factory) {
    factory = (fastifyRequire(name) as () => Factory)();
    factories.set(name, factory);
  }
  return factory;
};
const ajvFactory = factoryOf('@fastify/ajv-compiler');
const serializerFactory = factoryOf('@fastify/fast-json-stringify-compiler');

/** A function standing for the one `compile` makes, compiled on first use; Ajv's `errors` and `schemaEnv` read through. */
function lazily(compile: () => (...args: unknown[]) => unknown, pending: Set<() => void>) {
  let compiled: ((...args: unknown[]) => unknown) | null = null;
  const ensure = () => {
    if (!compiled) {
      compiled = compile();
      pending.delete(ensure);
    }
    return compiled;
  };
  pending.add(ensure);
  const standIn = (...args: unknown[]) => ensure()(...args);
  for (const property of ['errors', 'schemaEnv'] as const) {
    Object.defineProperty(standIn, property, { get: () => (ensure() as unknown as Record<string, unknown>)[property] });
  }
  return standIn;
}

export interface LazySchemaCompilers {
  /** For `Fastify({ schemaController })`. */
  schemaController: NonNullable<FastifyServerOptions['schemaController']>;
  /** Compiles what no request compiled yet, one schema a turn of the event loop; a broken schema rejects. */
  compileRest(): Promise<void>;
  /** How many schemas are not compiled yet. */
  readonly uncompiled: number;
}

export function lazySchemaCompilers(): LazySchemaCompilers {
  const pending = new Set<() => void>();
  const deferred =
    (factory: () => Factory): Factory =>
    (externalSchemas, options) => {
      let compile: Compile | null = null;
      return (route) =>
        lazily(() => {
          compile ??= factory()(externalSchemas, options);
          return compile(route);
        }, pending);
    };
  return {
    schemaController: {
      compilersFactory: {
        buildValidator: deferred(ajvFactory) as never,
        buildSerializer: deferred(serializerFactory) as never,
      },
    },
    async compileRest() {
      for (const ensure of [...pending]) {
        await new Promise((resolve) => setImmediate(resolve));
        ensure();
      }
    },
    get uncompiled() {
      return pending.size;
    },
  };
}
