/**
 * The live host's index.html for a client address, with the live registry and what the remote that owns the address
 * runs first written in (first-load.ts), for a phone's first load.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PageAnswer } from '@app/contract/first-calls';
import { NO_CACHE } from '@app/deploy/cache-policy';
import type { Viewer } from '@app/deploy/canary-audience';
import type { LiveApps } from '@app/deploy/live-apps';
import { clearedSessionCookieHeader, sessionInCookie } from '../auth/session-cookie';
import { holdBackUntilPainted } from './after-paint';
import { sendCompressedPage } from './compressed-page';
import { FirstCallsReader } from './first-calls';
import { ownerRemote, writeFirstLoad, type OwnerFirstFiles } from './first-load';
import { callInProcess } from './in-process-call';
import { inlineScriptHashes, policyWithScripts } from './inline-scripts';
import { exchangeForPage, paintableQuery, SESSION_PAGE_CACHE } from './page-exchange';
import type { ReleaseBuildWorker } from './release-build-worker';
import { RemoteManifests } from './remote-manifests';
import { sessionAnswers } from './session-answers';
import { TabFirstScreens } from './tab-first-screen';

/** The public calls every start-up makes first whose answers are the same for everyone: the page carries them. */
const PAGE_ANSWERED_CALLS = ['sysConfig/get'] as const;

export interface HostIndexOptions {
  /** A remote's manifest is carried by the page (traffic for metrics). */
  onRemoteLoad?: (app: string, version: string) => void;
  /** How long the page waits for its cookie's session's start-up answers (session-answers.ts). */
  sessionAnswersMs?: number;
}

export class HostIndex {
  private readonly pages = new Map<string, { html: string; policy: string }>();
  private readonly manifests: RemoteManifests;
  private readonly firstCalls: FirstCallsReader;
  private readonly firstScreens: TabFirstScreens;

  constructor(
    private readonly app: FastifyInstance,
    private readonly storeDir: string,
    private readonly live: LiveApps,
    builds: ReleaseBuildWorker,
    private readonly options: HostIndexOptions = {},
  ) {
    this.manifests = new RemoteManifests(storeDir);
    this.firstCalls = new FirstCallsReader(storeDir, (message) => app.log.warn(message));
    this.firstScreens = new TabFirstScreens(app, storeDir, builds);
  }

  /** The live host's page for `pathname`, with the live registry and what the remote that owns the path runs first. */
  async send(pathname: string, request: FastifyRequest, reply: FastifyReply, viewer: Viewer | null) {
    const hostVersion = await this.live.liveVersion('host');
    if (!hostVersion) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><p>宿主尚未发布：请运行 npm start 或 npm run release -- host</p>');
    }
    const { html, policy } = await this.hostPage(hostVersion);
    const remotes = await this.live.remotesDocument(viewer);
    const owner = ownerRemote(pathname, remotes);
    const ownerVersion = owner ? remotes[owner]?.version : undefined;
    const firstCalls = owner && ownerVersion ? await this.firstCalls.forAddress(owner, ownerVersion, pathname) : [];
    const first = owner && ownerVersion ? await this.ownerFirstFiles(owner, ownerVersion) : { startFiles: [] };
    // Back from signing in with the verifier's cookie: the page is written for the session the code is exchanged for.
    const exchange = await exchangeForPage(this.app, request, reply);
    const token = exchange?.token ?? sessionInCookie(request.headers.cookie);
    const [answers, session] = await Promise.all([
      this.pageAnswers(),
      token ? sessionAnswers(this.app, request, token, firstCalls, this.options.sessionAnswersMs) : null,
    ]);
    // The page carries the owner's manifest: served, as a fetch of it is.
    if (owner && ownerVersion && first.manifest !== undefined) this.options.onRemoteLoad?.(owner, ownerVersion);
    if (session?.stale) reply.header('Set-Cookie', clearedSessionCookieHeader(request.protocol === 'https'));
    for (const cookie of session?.setCookies ?? []) reply.header('Set-Cookie', cookie);
    // A page with a user's answers in it, or a session's token, is that user's alone: no cache keeps it.
    reply.header('Cache-Control', exchange || session?.answers.length ? SESSION_PAGE_CACHE : NO_CACHE);
    reply.header('Content-Security-Policy', policy);
    const data = { firstCalls, answers: [...answers, ...(exchange ? [exchange.answer] : []), ...(session?.answers ?? [])] };
    const painted =
      owner && ownerVersion && session?.complete && paintableQuery(request.url, exchange !== null)
        ? await this.firstScreens.paint({
            html,
            hostVersion,
            owner,
            version: ownerVersion,
            pathname,
            answers: data.answers,
            userAgent: request.headers['user-agent'] ?? '',
          })
        : null;
    const page = writeFirstLoad(painted ?? html, pathname, remotes, data, first);
    return sendCompressedPage(request, reply, painted ? holdBackUntilPainted(page) : page, token ? ['Cookie'] : []);
  }

  /** The live host's index.html and its page policy (read once per version: a release's files never change). */
  private async hostPage(version: string): Promise<{ html: string; policy: string }> {
    let page = this.pages.get(version);
    if (page === undefined) {
      const html = await readFile(join(this.storeDir, 'host', version, 'index.html'), 'utf8');
      page = { html, policy: policyWithScripts(inlineScriptHashes(html)) };
      this.pages.set(version, page);
    }
    return page;
  }

  /**
   * The answers of the start-up's public calls, asked of the API itself as the page is written (the same handler,
   * access rules and test hooks as a phone's call): one call fewer for a phone before its first screen. A call that
   * fails is left out, and the page asks it as ever.
   */
  private async pageAnswers(): Promise<PageAnswer[]> {
    const answers = await Promise.all(
      PAGE_ANSWERED_CALLS.map(async (path): Promise<PageAnswer | null> => {
        const answer = await callInProcess(this.app, { path, body: {} });
        return answer?.status === 200 ? { path, body: {}, answer: answer.envelope } : null;
      }),
    );
    return answers.filter((answer): answer is PageAnswer => answer !== null);
  }

  /** What the owner of the address runs first: its manifest, and its entry and `./routes` as paths of this origin. */
  private async ownerFirstFiles(app: string, version: string): Promise<OwnerFirstFiles> {
    const manifest = await this.manifests.of(app, version);
    const startFiles = [manifest.entry, ...manifest.routesFiles]
      .filter((file): file is string => !!file)
      .map((file) => `/remotes/${app}/${version}/${file}`);
    return { startFiles, manifest: manifest.document };
  }
}
