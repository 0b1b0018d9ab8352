/**
 * A lean page's first screen painted by the server (docs/architecture.md, "First screens from the server"): the page's
 * server build, from the release the browser gets (live or canary), says which call its first screen shows; the API
 * answers it as it would the phone (in process, without a session: only a public call that reads is made), and the
 * build renders the screen from the result. The HTML goes into the page's root and the call with its result into a
 * JSON block, which the page's script hydrates from. Whatever fails (no server build, a call refused or slow, a render
 * that throws) leaves the page as built, which draws its first screen itself.
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import {
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_BLOCK_ID,
  type FirstScreenCall,
  type FirstScreenInput,
  type PaintedFirstScreen,
} from '@app/contract/first-screen';
import { mayBeSentEarly } from './first-calls';
import { scriptJson } from './first-load';
import { callInProcess, successResult } from './in-process-call';
import { BuildThreadEnded, type ReleaseBuildWorker } from './release-build-worker';

/** The root as the lean page's HTML template leaves it (shared/build-config/html/index.html). */
const EMPTY_ROOT = '<div id="root"></div>';
/** A first screen whose call takes longer is not waited for: the page, sent at once, draws it itself. */
export const FIRST_SCREEN_CALL_LIMIT_MS = 500;

/** The result of an API call made in process, or null when it was not answered with success in time. */
type Ask = (call: FirstScreenCall) => Promise<unknown | null>;

function isFirstScreenCall(value: unknown): value is FirstScreenCall {
  const call = value as Partial<FirstScreenCall> | null;
  return typeof call?.path === 'string' && typeof call.body === 'object' && call.body !== null;
}

export class LeanFirstScreens {
  /** Whether a release's server build has its two functions (a release's files never change). */
  private readonly modules = new Map<string, Promise<boolean>>();
  private readonly pages = new Map<string, Promise<string>>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly worker: ReleaseBuildWorker,
    callLimitMs = FIRST_SCREEN_CALL_LIMIT_MS,
    private readonly ask: Ask = (call) => askInProcess(app, call, callLimitMs),
  ) {}

  /** The page's HTML (a file of a release) with its first screen painted in, or null to serve it as built. */
  async paint(htmlFile: string, serverFile: string, pathname: string, userAgent: string): Promise<string | null> {
    if (!(await this.module(serverFile))) return null;
    try {
      const call = await this.worker.call(serverFile, 'firstCall', pathname);
      if (!isFirstScreenCall(call) || !mayBeSentEarly(call.path, call.body)) return null;
      const [result, config] = await Promise.all([this.ask(call), this.ask({ path: 'sysConfig/get', body: {} })]);
      if (result === null || config === null) return null;
      const page = await this.page(htmlFile);
      if (!page.includes(EMPTY_ROOT) || !page.includes('</head>')) return null;
      const input: FirstScreenInput = { pathname, result, config, userAgent };
      const screen = await this.worker.call(serverFile, 'render', input);
      if (typeof screen !== 'string') return null;
      const block: PaintedFirstScreen = { path: call.path, body: call.body, result };
      return page
        .replace('</head>', `<script type="application/json" id="${FIRST_SCREEN_BLOCK_ID}">${scriptJson(block)}</script></head>`)
        .replace(EMPTY_ROOT, () => `<div id="root" ${FIRST_SCREEN_ATTRIBUTE}>${screen}</div>`);
    } catch (error) {
      this.app.log.warn({ err: error, serverFile, pathname }, '首屏未能在服务端渲染，页面自行渲染');
      return null;
    }
  }

  /** Whether a release's server build loads and has its two functions, asked once; false when it has not. */
  private module(file: string): Promise<boolean> {
    let module = this.modules.get(file);
    if (!module) {
      module = this.worker.functions(file).then(
        (names) => {
          if (names.includes('firstCall') && names.includes('render')) return true;
          this.app.log.warn({ file }, '精简页的服务端构建没有 firstCall 与 render');
          return false;
        },
        (error: unknown) => {
          // Its thread ended before answering: nothing learnt of the build, asked again next time.
          if (error instanceof BuildThreadEnded) this.modules.delete(file);
          this.app.log.warn({ err: error, file }, '精简页的服务端构建无法加载');
          return false;
        },
      );
      this.modules.set(file, module);
    }
    return module;
  }

  /** A lean page's HTML as built (read once: a release's files never change). */
  page(file: string): Promise<string> {
    let page = this.pages.get(file);
    if (!page) {
      page = readFile(file, 'utf8');
      page.catch(() => this.pages.delete(file));
      this.pages.set(file, page);
    }
    return page;
  }
}

/** Asks the API itself, as a phone without a session would: the result of a success within the limit. */
async function askInProcess(app: FastifyInstance, call: FirstScreenCall, limitMs: number): Promise<unknown | null> {
  return successResult(await callInProcess(app, call, Date.now() + limitMs));
}
