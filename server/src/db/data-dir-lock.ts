/**
 * PGlite runs inside one process: two server processes on one data folder would both write its files and damage the
 * database. A process that opens the folder writes its pid beside it (`<folder>.pid`); another process that finds a
 * living process's pid there stops with a clear message (run several instances on PostgreSQL, DATABASE_URL). A pid
 * left by a process that died (a crash, kill -9) is taken over, so a restart is never held up.
 */
import { open, readFile, rm } from 'node:fs/promises';

export class DataDirInUse extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `数据目录 ${dataDir} 正由另一个服务器进程（pid ${pid}）使用：PGlite 只能由一个进程打开。要运行多个实例，请使用 PostgreSQL（DATABASE_URL）。`,
    );
    this.name = 'DataDirInUse';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, owned by another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Claims `dataDir` for this process; resolves with what gives it back. Throws DataDirInUse while another holds it. */
export async function claimDataDir(dataDir: string): Promise<() => Promise<void>> {
  const pidFile = `${dataDir}.pid`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(pidFile, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(pidFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await readFile(pidFile, 'utf8').catch(() => '')).trim());
    // This process (a test opening its folder again) or one that is gone: the folder is free.
    if (holder === process.pid) return async () => {};
    if (Number.isInteger(holder) && holder > 0 && alive(holder)) throw new DataDirInUse(dataDir, holder);
    await rm(pidFile, { force: true });
  }
  throw new Error(`无法占用数据目录 ${dataDir}`);
}
