/**
 * The first calls of the address a page load asks for (docs/architecture.md, "One fast first load"): read from the
 * release of the app that owns the address (`first-calls.json`, written by its build from its declaration), with the
 * placeholders filled in for now, and written into the host's page (first-load.ts) for its early calls to send.
 *
 * Only what the contract allows is written: a call that reads (`readOnly`) and a body its schema accepts once the
 * placeholders are filled. The rest is left out (and said once in the log): the page then asks the server itself, as
 * it always may.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Value from 'typebox/value';
import { API, type ApiPath } from '@app/contract/api';
import type { CallContract } from '@app/contract/schema-kit';
import {
  FIRST_CALL_AUDIENCES,
  FIRST_CALL_PLACEHOLDERS,
  FIRST_CALLS_FILE,
  type FirstCallAudience,
  type WrittenFirstCall,
} from '@app/contract/first-calls';
import { chinaDate, chinaMonth } from '@app/domain/china-time';
import { matchesRoute } from '@app/deploy/route-pattern';

/** At most this many first calls for one address: a page shows one screen. */
export const MAX_FIRST_CALLS = 4;

interface DeclaredCall {
  path: string;
  body: Record<string, unknown>;
  for?: FirstCallAudience;
}

const isAudience = (value: unknown): value is FirstCallAudience => (FIRST_CALL_AUDIENCES as readonly unknown[]).includes(value);

type Declared = Map<string, DeclaredCall[]>;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The declared calls of a release's file, by route pattern; whatever is not shaped as one is left out. */
export function readDeclaredCalls(text: string): Declared {
  const declared: Declared = new Map();
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    return declared;
  }
  if (!isObject(document)) return declared;
  for (const [pattern, calls] of Object.entries(document)) {
    if (!pattern.startsWith('/') || !Array.isArray(calls)) continue;
    // A call for an audience this server does not know is left out: sent to everyone, it could ask for what the user may not see.
    const valid = calls.filter(
      (call): call is DeclaredCall =>
        isObject(call) && typeof call.path === 'string' && isObject(call.body) && (call.for === undefined || isAudience(call.for)),
    );
    declared.set(pattern, valid.slice(0, MAX_FIRST_CALLS));
  }
  return declared;
}

/** The body with its placeholders filled in for `now`. */
export function filledBody(body: Record<string, unknown>, now: Date): Record<string, unknown> {
  const values: Record<string, string> = {
    [FIRST_CALL_PLACEHOLDERS.chinaMonth]: chinaMonth(now),
    [FIRST_CALL_PLACEHOLDERS.chinaDay]: chinaDate(now),
  };
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, typeof value === 'string' && value in values ? values[value] : value]),
  );
}

/** Whether the contract lets the call be sent before the page asks: it reads, and its body is one the call accepts. */
export function mayBeSentEarly(path: string, body: Record<string, unknown>): boolean {
  if (!Object.hasOwn(API, path)) return false;
  const contract = API[path as ApiPath] as CallContract;
  return contract.readOnly === true && Value.Check(contract.body, body);
}

/** Reads each release's first calls once (a release's files never change) and answers those of an address. */
export class FirstCallsReader {
  private readonly releases = new Map<string, Promise<Declared>>();
  private readonly refused = new Set<string>();

  constructor(
    private readonly storeDir: string,
    private readonly warn: (message: string) => void = () => {},
  ) {}

  async forAddress(app: string, version: string, pathname: string, now = new Date()): Promise<WrittenFirstCall[]> {
    const declared = await this.declared(app, version);
    for (const [pattern, calls] of declared) {
      if (!matchesRoute(pattern, pathname)) continue;
      return calls
        .map((call): WrittenFirstCall => ({ path: call.path, body: filledBody(call.body, now), ...(call.for ? { for: call.for } : {}) }))
        .filter((call) => {
          if (mayBeSentEarly(call.path, call.body)) return true;
          const key = `${app}@${version} ${pattern} ${call.path}`;
          if (!this.refused.has(key)) {
            this.refused.add(key);
            this.warn(`首屏请求未写入页面: ${key} (只读接口且请求体合法才可提前发送)`);
          }
          return false;
        });
    }
    return [];
  }

  private declared(app: string, version: string): Promise<Declared> {
    const key = `${app}@${version}`;
    let declared = this.releases.get(key);
    if (!declared) {
      declared = readFile(join(this.storeDir, app, version, FIRST_CALLS_FILE), 'utf8').then(readDeclaredCalls, () => new Map());
      this.releases.set(key, declared);
    }
    return declared;
  }
}
