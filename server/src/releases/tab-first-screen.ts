/**
 * A tab's first screen painted by the server (docs/architecture.md, "First screens from the server"): the first-screen
 * build of the remote that owns the address, from the release the browser gets (live or canary), renders the page in
 * the host's frame from the start-up answers the page carries for the session. The HTML takes the shell's place in the
 * app's root, marked `FIRST_SCREEN_ATTRIBUTE`, with the style it uses inline (`screen-style.ts`), and the app hydrates
 * it (host/src/bootstrap.tsx). No build (an older release), a session answer missing (session-answers.ts, `complete`)
 * or a render that throws or paints nothing: the page is written as ever.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PageAnswer } from '@app/contract/first-calls';
import { type AnsweredCall, FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_FILES, type TabFirstScreenInput } from '@app/contract/first-screen';
import { BuildThreadEnded, type ReleaseBuildWorker } from './release-build-worker';
import { ReleaseTexts } from './release-texts';
import { ScreenStyles } from './screen-style';
import { USER_DETAIL } from './session-answers';

/** The host's root, with the shell the host's HTML template draws in it (shared/build-config/html/host.html). */
const SHELL_ROOT = /<div id="root">[\s\S]*?<\/div><\/div><\/div>/;
/**
 * The host's start-up style sheets, preloaded by its page: a painted screen needs them at its first paint, so the page
 * carries them inline (a style sheet it linked would hold that paint for a request), and the preload stays for the app.
 */
const PRELOADED_STYLE = /<link href="(\/[\w./-]+\.css)" rel="preload" as="style">/g;

interface FirstScreenBuild {
  /** The build's module, rendered in the release build worker. */
  file: string;
  css: string;
}

export interface PaintInput {
  html: string;
  /** The host's version whose page `html` is: its style sheets are in its release folder. */
  hostVersion: string;
  owner: string;
  version: string;
  pathname: string;
  answers: readonly PageAnswer[];
  userAgent: string;
}

/** The successful answers a page carries, as the render takes them. */
function answered(answers: readonly PageAnswer[]): AnsweredCall[] {
  return answers.flatMap(({ path, body, answer }) => {
    const envelope = answer as { success?: boolean; result?: unknown } | null;
    return envelope?.success ? [{ path, body, result: envelope.result ?? null }] : [];
  });
}

export class TabFirstScreens {
  private readonly builds = new Map<string, Promise<FirstScreenBuild | null>>();
  private readonly hostStyles = new ReleaseTexts();
  private readonly styles = new ScreenStyles();

  constructor(
    private readonly app: FastifyInstance,
    private readonly storeDir: string,
    private readonly worker: ReleaseBuildWorker,
  ) {}

  /** The host's page with the tab's first screen painted in, or null to write it as ever. */
  async paint({ html, hostVersion, owner, version, pathname, answers, userAgent }: PaintInput): Promise<string | null> {
    if (!SHELL_ROOT.test(html) || !html.includes('</head>')) return null;
    const calls = answered(answers);
    const config = calls.find((call) => call.path === 'sysConfig/get');
    if (!config || !calls.some((call) => call.path === USER_DETAIL)) return null;
    const build = await this.build(owner, version);
    if (!build) return null;
    // Without the host's style (none named, one unread) the screen would be drawn without the theme: not painted.
    const hrefs = [...html.matchAll(PRELOADED_STYLE)].map((match) => match[1] ?? '');
    const hostStyles = await Promise.all(hrefs.map((href) => this.hostStyle(hostVersion, href)));
    if (!hrefs.length || hostStyles.includes(null)) {
      this.app.log.warn({ hostVersion, hrefs }, '宿主的样式表未能读取，首屏不在服务端渲染');
      return null;
    }
    try {
      const input: TabFirstScreenInput = { pathname, answers: calls, config: config.result, userAgent };
      const screen = await this.worker.call(build.file, 'render', input);
      if (typeof screen !== 'string') return null;
      const painted = `<div id="root" ${FIRST_SCREEN_ATTRIBUTE}>${screen}</div>`;
      // The host's first, then the page's, as the app loads them; of those, what the screen uses.
      const css = await this.styles.styleFor([...hostStyles, build.css].join('\n'), painted);
      const style = `<style>${css.replaceAll('</', '<\\/')}</style>`;
      return html.replace('</head>', () => `${style}</head>`).replace(SHELL_ROOT, () => painted);
    } catch (error) {
      this.app.log.warn({ err: error, owner, version, pathname }, '首屏未能在服务端渲染，页面自行渲染');
      return null;
    }
  }

  /** A style sheet of the host's release (its files never change), or null when it cannot be read. */
  private hostStyle(hostVersion: string, href: string): Promise<string | null> {
    // At the release's public path (`/remotes/host/<version>/static/…`), or at the root for a host built without one.
    const releasePrefix = `/remotes/host/${hostVersion}/`;
    const path = href.startsWith(releasePrefix) ? href.slice(releasePrefix.length) : href;
    if (path.split('/').includes('..')) return Promise.resolve(null);
    return this.hostStyles.read(join(this.storeDir, 'host', hostVersion, path));
  }

  /** A release's first-screen build and its CSS, known once (a release's files never change); null without one. */
  private build(owner: string, version: string): Promise<FirstScreenBuild | null> {
    const key = `${owner}@${version}`;
    let build = this.builds.get(key);
    if (!build) {
      const dir = join(this.storeDir, owner, version);
      build = this.load(join(dir, FIRST_SCREEN_FILES.module), join(dir, FIRST_SCREEN_FILES.css)).catch((error: unknown) => {
        // Its thread ended before answering: nothing learnt of the build, asked again next time.
        this.builds.delete(key);
        this.app.log.warn({ err: error, owner, version }, '首屏构建未能加载，下次再试');
        return null;
      });
      this.builds.set(key, build);
    }
    return build;
  }

  private async load(moduleFile: string, cssFile: string): Promise<FirstScreenBuild | null> {
    // A release without a first-screen build (an older one, a remote with no tab to paint): nothing to paint with.
    if (!(await stat(moduleFile).catch(() => null))) return null;
    try {
      if (!(await this.worker.functions(moduleFile)).includes('render')) {
        this.app.log.warn({ file: moduleFile }, '首屏构建没有 render');
        return null;
      }
      const css = await readFile(cssFile, 'utf8').catch(() => '');
      return { file: moduleFile, css };
    } catch (error) {
      if (error instanceof BuildThreadEnded) throw error;
      this.app.log.warn({ err: error, file: moduleFile }, '首屏构建无法加载');
      return null;
    }
  }
}
