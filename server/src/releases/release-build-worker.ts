/**
 * Runs the server builds of releases (a lean page's, a tab's first screen: docs/architecture.md, "First screens from
 * the server", "Where the builds run") in a worker thread instead of the server's own. A module Node has imported
 * stays loaded for the life of its thread, so every version ever painted with would stay in the server's memory; here
 * a thread asked for a build beyond its `MAX_BUILDS_PER_THREAD` is retired (ended once its calls have answered) and a
 * fresh one takes the call, loading only the builds still asked for. Renders also run beside the API's requests.
 */
import { Worker } from 'node:worker_threads';

/** How many release builds one thread may load before a fresh one takes over. */
export const MAX_BUILDS_PER_THREAD = 8;
/** A call not answered within this ends its thread: a render that hangs holds neither a page nor a thread. */
export const BUILD_CALL_LIMIT_MS = 2_000;
/** The same for starting a thread and loading a build, which a busy machine may take long over. */
const BUILD_LOAD_LIMIT_MS = 30_000;
/** A build whose calls were running when its thread ended this many times is not run again. */
const ENDINGS_BEFORE_REFUSAL = 3;

// Plain JavaScript, run with `eval`: the server runs from its sources or from one bundle, and neither has a file of
// its own for the thread. It imports each build once, by its file, and answers a call of one of its exports (or,
// asked for none, the names of its functions).
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
const builds = new Map();
parentPort.on('message', async ({ id, file, name, args }) => {
  try {
    let build = builds.get(file);
    if (!build) {
      build = import(pathToFileURL(file).href);
      builds.set(file, build);
    }
    const module = await build;
    parentPort.postMessage({ id, loaded: true });
    if (name === null) {
      parentPort.postMessage({ id, value: Object.keys(module).filter((key) => typeof module[key] === 'function') });
      return;
    }
    if (typeof module[name] !== 'function') throw new Error(file + ' exports no function ' + name);
    parentPort.postMessage({ id, value: await module[name](...args) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.stack || error.message : String(error) });
  }
});
`;

/**
 * The thread a call ran in ended before answering it (another build's crash, a limit, the server's stop): says
 * nothing of the build itself, so a caller that remembers what a build can do asks again next time.
 */
export class BuildThreadEnded extends Error {}

interface Pending {
  file: string;
  limitMs: number;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Answer {
  id: number;
  /** Sent when the build is loaded, before the call runs: the call's own limit starts then. */
  loaded?: true;
  value?: unknown;
  error?: string;
}

class BuildThread {
  readonly files = new Set<string>();
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private retired = false;

  constructor(
    maxOldGenerationSizeMb: number,
    private readonly ended: (filesRunning: string[]) => void,
  ) {
    this.worker = new Worker(THREAD_SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb } });
    // A thread never keeps the server's process alive (a stop ends it).
    this.worker.unref();
    this.worker.on('message', (answer: Answer) => this.answer(answer));
    // An answer that cannot be read, a thread that dies (out of memory, a build that exits): its calls fail.
    this.worker.on('messageerror', () => this.end('an answer of the release build thread could not be read'));
    this.worker.on('error', (error) => this.end(error.message));
    this.worker.on('exit', () => this.end('the release build thread ended'));
  }

  get alive(): boolean {
    return !this.retired;
  }

  onExit(listener: () => void): void {
    this.worker.once('exit', listener);
  }

  call(file: string, name: string | null, args: unknown[], limitMs: number): Promise<unknown> {
    this.files.add(file);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.end(`${file} took over ${BUILD_LOAD_LIMIT_MS} ms to load`), BUILD_LOAD_LIMIT_MS);
      this.pending.set(id, { file, limitMs, resolve, reject, timer });
      try {
        this.worker.postMessage({ id, file, name, args });
      } catch (error) {
        clearTimeout(timer);
        this.pending.delete(id);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** Takes no more calls; ends once those it has are answered. */
  retire(): void {
    this.retired = true;
    this.endWhenIdle();
  }

  private answer(answer: Answer): void {
    const call = this.pending.get(answer.id);
    if (!call) return;
    clearTimeout(call.timer);
    if (answer.loaded) {
      call.timer = setTimeout(() => this.end(`a call of ${call.file} took over ${call.limitMs} ms`), call.limitMs);
      return;
    }
    this.pending.delete(answer.id);
    if (answer.error === undefined) call.resolve(answer.value);
    else call.reject(new Error(answer.error));
    this.endWhenIdle();
  }

  private endWhenIdle(): void {
    if (this.retired && this.pending.size === 0) void this.worker.terminate();
  }

  /** Fails every call still running and ends the thread (once). */
  private end(reason: string): void {
    const running = [...this.pending.values()];
    this.pending.clear();
    this.retired = true;
    void this.worker.terminate();
    if (running.length) this.ended(running.map((call) => call.file));
    for (const call of running) {
      clearTimeout(call.timer);
      call.reject(new BuildThreadEnded(reason));
    }
  }
}

export class ReleaseBuildWorker {
  private thread: BuildThread | null = null;
  private closed = false;
  /** How many times a thread ended while a call of the build was running. */
  private readonly endings = new Map<string, number>();
  /** Threads started so far, and those that have ended (a test reads them). */
  threadsStarted = 0;
  threadsEnded = 0;

  constructor(
    private readonly maxBuilds = MAX_BUILDS_PER_THREAD,
    private readonly callLimitMs = BUILD_CALL_LIMIT_MS,
    private readonly maxOldGenerationSizeMb = 256,
  ) {}

  /** The names of the functions the build at `file` exports; rejects when it cannot be loaded. */
  async functions(file: string): Promise<string[]> {
    const names = await this.send(file, null, []);
    return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
  }

  /** Calls `name`, an export of the build at `file`, with `args` (structured-cloneable), in the thread. */
  call(file: string, name: string, ...args: unknown[]): Promise<unknown> {
    return this.send(file, name, args);
  }

  /** Ends the thread (the server's stop); a call after it is refused. */
  close(): void {
    this.closed = true;
    this.thread?.retire();
    this.thread = null;
  }

  private send(file: string, name: string | null, args: unknown[]): Promise<unknown> {
    if (this.closed) return Promise.reject(new BuildThreadEnded('the server is stopping'));
    // A build that keeps ending its thread would start a thread per request: it is not run again.
    if ((this.endings.get(file) ?? 0) >= ENDINGS_BEFORE_REFUSAL) {
      return Promise.reject(new Error(`${file} ended its thread ${ENDINGS_BEFORE_REFUSAL} times: not run again`));
    }
    let thread = this.thread;
    if (thread?.alive && !thread.files.has(file) && thread.files.size >= this.maxBuilds) thread.retire();
    if (!thread?.alive) {
      thread = new BuildThread(this.maxOldGenerationSizeMb, (running) => {
        for (const each of new Set(running)) this.endings.set(each, (this.endings.get(each) ?? 0) + 1);
      });
      thread.onExit(() => {
        this.threadsEnded += 1;
      });
      this.thread = thread;
      this.threadsStarted += 1;
    }
    return thread.call(file, name, args, this.callLimitMs);
  }
}
