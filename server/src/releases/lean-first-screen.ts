/**
 * A lean page's first screen painted by the server (docs/architecture.md, "First screens from the server"): the page's
 * server build, from the release the browser gets (live or canary), says which call its first screen shows; the API
 * answers it as it would the phone (in process; only a call that reads is made), and the build renders the screen
 * from the result. The HTML goes into the page's root and the call with its result into a JSON block, which the page's
 * script hydrates from. Whatever fails (no server build, a call refused or slow, a render that throws) leaves the page
 * as built, which draws its first screen itself.
 *
 * A public call is made without a session. A call that needs one (the passenger's trip) is made with the session the
 * request brings: back from signing in, the one its code is exchanged for (page-exchange.ts), else its cookie's. Such a
 * page is that user's alone: it carries the answers it was written with (the exchange's, the user's, the call's, the
 * config's) for the page's start to take, its block names the session, and no cache keeps it. Once the code is
 * exchanged, the page carries that answer even where the screen could not be painted: the code is used up.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_ANSWERS_BLOCK_ID, type PageAnswer } from '@app/contract/first-calls';
import {
  AFTER_PAINT_ATTRIBUTE,
  FIRST_SCREEN_ATTRIBUTE,
  FIRST_SCREEN_BLOCK_ID,
  type FirstScreenCall,
  type FirstScreenInput,
  LEAN_START_ATTRIBUTE,
  type LeanFirstScreenCall,
  type PaintedFirstScreen,
} from '@app/contract/first-screen';
import { clearedSessionCookieHeader, pageSessionTag, sessionInCookie } from '../auth/session-cookie';
import { mayBeSentEarly } from './first-calls';
import { scriptJson } from './first-load';
import { callInProcess, succeeded, successResult } from './in-process-call';
import { exchangeForPage, paintableQuery, SESSION_PAGE_CACHE } from './page-exchange';
import { BuildThreadEnded, type ReleaseBuildWorker } from './release-build-worker';
import { ReleaseTexts } from './release-texts';
import { ScreenStyles } from './screen-style';
import { sessionAnswers } from './session-answers';

/** The root as the lean page's HTML template leaves it (shared/build-config/html/index.html). */
const EMPTY_ROOT = '<div id="root"></div>';
/** A first screen whose call takes longer is not waited for: the page, sent at once, draws it itself. */
export const FIRST_SCREEN_CALL_LIMIT_MS = 500;

/** The result of an API call made in process, or null when it was not answered with success in time. */
type Ask = (call: FirstScreenCall) => Promise<unknown | null>;

function isFirstScreenCall(value: unknown): value is LeanFirstScreenCall {
  const call = value as Partial<LeanFirstScreenCall> | null;
  return (
    typeof call?.path === 'string' &&
    typeof call.body === 'object' &&
    call.body !== null &&
    (call.session === undefined || typeof call.session === 'boolean')
  );
}

/** A lean page as the server writes it: `painted` when its first screen is in it. */
export interface WrittenLeanPage {
  html: string;
  painted: boolean;
}

/** A lean page asked for: its HTML and server build (files of a release), and the request and its reply. */
export interface LeanPageRequest {
  /** The release's folder (`<store>/<app>/<version>`), which its page's files are in. */
  releaseDir: string;
  htmlFile: string;
  serverFile: string;
  pathname: string;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** Whether two calls are the same: the path, and the body as the API client sends it. */
const sameCall = (one: FirstScreenCall, other: FirstScreenCall) =>
  one.path === other.path && JSON.stringify(one.body) === JSON.stringify(other.body);

/** The page's style sheet as its build links it (shared/build-config): a file of the release, by its public path. */
const LINKED_STYLE = /<link href="(\/remotes\/[\w./-]+\.css)" rel="stylesheet">/g;

/** Where a lean page's inline start begins (`@app/build-config` marks it): what it reads must come before. */
const LEAN_START_MARK = `<script ${LEAN_START_ATTRIBUTE}`;

/** The page with the answers it carries before its inline start, which takes them (`@app/host-sdk/lean-start`). */
function withAnswers(page: string, answers: PageAnswer[]): string {
  const block = `<script type="application/json" id="${PAGE_ANSWERS_BLOCK_ID}">${scriptJson(answers)}</script>`;
  const at = page.indexOf(LEAN_START_MARK);
  return `${page.slice(0, at)}${block}${page.slice(at)}`;
}

export class LeanFirstScreens {
  /** Whether a release's server build has its two functions (a release's files never change). */
  private readonly modules = new Map<string, Promise<boolean>>();
  private readonly pages = new Map<string, Promise<string>>();
  private readonly sheets = new ReleaseTexts();
  private readonly styles = new ScreenStyles();

  constructor(
    private readonly app: FastifyInstance,
    private readonly worker: ReleaseBuildWorker,
    private readonly callLimitMs = FIRST_SCREEN_CALL_LIMIT_MS,
    private readonly ask: Ask = (call) => askInProcess(app, call, callLimitMs),
  ) {}

  /**
   * The page's HTML (a file of a release) with its first screen painted in, and for a page written for a session the
   * answers it was written with; or null to serve it as built.
   */
  async write({ releaseDir, htmlFile, serverFile, pathname, request, reply }: LeanPageRequest): Promise<WrittenLeanPage | null> {
    if (!(await this.module(serverFile))) return null;
    const userAgent = request.headers['user-agent'] ?? '';
    try {
      const call = await this.worker.call(serverFile, 'firstCall', pathname);
      if (!isFirstScreenCall(call) || !mayBeSentEarly(call.path, call.body)) return null;
      const { path, body } = call;
      if (call.session) return await this.writeForSession({ releaseDir, htmlFile, serverFile, pathname, request, reply }, { path, body });
      const [result, config] = await Promise.all([this.ask({ path, body }), this.ask({ path: 'sysConfig/get', body: {} })]);
      if (result === null || config === null) return null;
      const html = await this.paint(
        { serverFile, releaseDir },
        await this.page(htmlFile),
        { pathname, result, config, userAgent },
        { path, body, result },
      );
      return html === null ? null : { html, painted: true };
    } catch (error) {
      this.app.log.warn({ err: error, serverFile, pathname }, '首屏未能在服务端渲染，页面自行渲染');
      return null;
    }
  }

  /**
   * A page whose call needs the session: painted for the request's session, with the answers it was written from. The
   * reply's headers are set here (private, the session's cookies) even where it is then served as built.
   */
  private async writeForSession(page: LeanPageRequest, call: FirstScreenCall): Promise<WrittenLeanPage | null> {
    const { request, reply, releaseDir, htmlFile, serverFile, pathname } = page;
    // Whatever would stop the page from carrying an exchange is checked before the code is used up: the page's HTML,
    // its inline start that takes the answers, and a query the page would change.
    const html = await this.page(htmlFile);
    if (!html.includes(LEAN_START_MARK) || !paintableQuery(request.url, true)) return null;
    const exchange = await exchangeForPage(this.app, request, reply);
    const token = exchange?.token ?? (paintableQuery(request.url, false) ? sessionInCookie(request.headers.cookie) : null);
    if (!token) return null;
    reply.header('Cache-Control', SESSION_PAGE_CACHE);
    const [session, configAnswer] = await Promise.all([
      sessionAnswers(this.app, request, token, [call], this.callLimitMs, { companyData: false }),
      callInProcess(this.app, { path: 'sysConfig/get', body: {} }, Date.now() + this.callLimitMs),
    ]);
    if (session.stale) reply.header('Set-Cookie', clearedSessionCookieHeader(request.protocol === 'https'));
    for (const cookie of session.setCookies) reply.header('Set-Cookie', cookie);
    const config = successResult(configAnswer);
    const answers: PageAnswer[] = [
      ...(succeeded(configAnswer) ? [{ path: 'sysConfig/get', body: {}, answer: configAnswer.envelope }] : []),
      ...(exchange ? [exchange.answer] : []),
      ...session.answers,
    ];
    const answered = session.answers.find((item) => sameCall(item, call))?.answer as { result?: unknown } | undefined;
    const painted =
      answered?.result !== undefined && config !== null
        ? await this.paint(
            { serverFile, releaseDir },
            html,
            { pathname, result: answered.result, config, userAgent: request.headers['user-agent'] ?? '' },
            { ...call, result: answered.result, session: pageSessionTag(token) },
          ).catch((error: unknown) => {
            this.app.log.warn({ err: error, serverFile, pathname }, '首屏未能在服务端渲染，页面自行渲染');
            return null;
          })
        : null;
    // The exchange used the code up: the page carries its answer, painted or not.
    return painted || exchange ? { html: withAnswers(painted ?? html, answers), painted: painted !== null } : null;
  }

  /**
   * The page with the screen its build renders from `input`, the block the page's script hydrates from, and of its
   * style sheet the rules the screen uses, inline: the sheet itself loads once the screen is drawn (after-paint.ts),
   * for what the page draws afterwards, so the first paint waits for no request.
   */
  private async paint(
    { serverFile, releaseDir }: { serverFile: string; releaseDir: string },
    page: string,
    input: FirstScreenInput,
    block: PaintedFirstScreen,
  ): Promise<string | null> {
    if (!page.includes(EMPTY_ROOT) || !page.includes('</head>')) return null;
    const screen = await this.worker.call(serverFile, 'render', input);
    if (typeof screen !== 'string') return null;
    const root = `<div id="root" ${FIRST_SCREEN_ATTRIBUTE}>${screen}</div>`;
    const painted = page
      .replace('</head>', `<script type="application/json" id="${FIRST_SCREEN_BLOCK_ID}">${scriptJson(block)}</script></head>`)
      .replace(EMPTY_ROOT, () => root);
    const linked = [...painted.matchAll(LINKED_STYLE)];
    const sheets = await Promise.all(linked.map(([, href = '']) => this.style(releaseDir, href)));
    if (!linked.length || sheets.includes(null)) return painted;
    // Where the first sheet was linked, the rules of all of them (in their order) that the screen uses; each sheet
    // itself then loads after the paint, a task before the page's scripts, in that same order.
    const style = (await this.styles.styleFor(sheets.join('\n'), root)).replaceAll('</', '<\\/');
    let first = true;
    return painted.replace(LINKED_STYLE, (_link, href: string) => {
      const held = `<link href="${href}" ${AFTER_PAINT_ATTRIBUTE}="stylesheet">`;
      if (!first) return held;
      first = false;
      return `<style>${style}</style>${held}`;
    });
  }

  /** A style sheet of the release at `releaseDir` by its public path, or null when it is not one or cannot be read. */
  private style(releaseDir: string, href: string): Promise<string | null> {
    const prefix = `/remotes/${basename(dirname(releaseDir))}/${basename(releaseDir)}/`;
    if (!href.startsWith(prefix) || href.split('/').includes('..')) return Promise.resolve(null);
    return this.sheets.read(join(releaseDir, href.slice(prefix.length)));
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
