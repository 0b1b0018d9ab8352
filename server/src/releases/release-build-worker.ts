/**
 * Runs the server builds of releases (a lean page's, a tab's first screen: docs/architecture.md, "First screens from
 * the server") in a worker thread instead of the server's own. A module Node has imported stays loaded for the life of
 * its thread, so every version ever painted with would stay in the server's memory; in a worker, a thread that has
 * loaded `MAX_BUILDS_PER_THREAD` builds is retired (ended once its calls have answered) and the next call starts a
 * fresh one, which loads only the builds still asked for. Renders also run beside the API's requests, not between them.
 */
import { Worker } from 'node:worker_threads';

/** How many release builds one thread may load before a fresh one takes over. */
export const MAX_BUILDS_PER_THREAD = 8;

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

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

interface Answer {
  id: number;
  value?: unknown;
  error?: string;
}

class BuildThread {
  readonly files = new Set<string>();
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private retired = false;

  constructor(maxOldGenerationSizeMb: number) {
    this.worker = new Worker(THREAD_SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb } });
    // A thread never keeps the server's process alive (a stop ends it).
    this.worker.unref();
    this.worker.on('message', (answer: Answer) => {
      const call = this.pending.get(answer.id);
      if (!call) return;
      this.pending.delete(answer.id);
      if (answer.error === undefined) call.resolve(answer.value);
      else call.reject(new Error(answer.error));
      this.endWhenIdle();
    });
    // A thread that dies (out of memory, a build that ends it) fails what it was asked; the next call starts another.
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', () => this.fail(new Error('the release build thread ended')));
  }

  get alive(): boolean {
    return !this.retired;
  }

  call(file: string, name: string | null, args: unknown[]): Promise<unknown> {
    this.files.add(file);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, file, name, args });
    });
  }

  /** Takes no more calls; ends once those it has are answered. */
  retire(): void {
    this.retired = true;
    this.endWhenIdle();
  }

  private endWhenIdle(): void {
    if (this.retired && this.pending.size === 0) void this.worker.terminate();
  }

  private fail(error: Error): void {
    this.retired = true;
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }
}

export class ReleaseBuildWorker {
  private thread: BuildThread | null = null;
  /** Threads started so far (a test reads it to see a thread retired). */
  threadsStarted = 0;

  constructor(
    private readonly maxBuilds = MAX_BUILDS_PER_THREAD,
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

  private send(file: string, name: string | null, args: unknown[]): Promise<unknown> {
    let thread = this.thread;
    if (thread?.alive && !thread.files.has(file) && thread.files.size >= this.maxBuilds) thread.retire();
    if (!thread?.alive) {
      thread = new BuildThread(this.maxOldGenerationSizeMb);
      this.thread = thread;
      this.threadsStarted += 1;
    }
    return thread.call(file, name, args);
  }

  /** Ends the thread (the server's stop). */
  close(): void {
    this.thread?.retire();
    this.thread = null;
  }
}
