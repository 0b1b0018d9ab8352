/**
 * The CPU time a process and its descendants have used, from Linux's /proc (in clock ticks):
 * how far a start has got, whatever the machine's load. Null where /proc cannot tell (another system, or the process
 * is gone).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * utime, stime, cutime and cstime of one process (its own time and its ended children's), in ticks; the command name,
 * in parentheses, may hold spaces, so the fields are read after it.
 */
function ownTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // Fields 14 to 17 of proc_pid_stat(5), counted from the state (field 3) after the name.
  return Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Ticks used by `pid` and its running descendants; throws when `pid` is not readable. */
function treeTicks(pid: number): number {
  let ticks = ownTicks(pid);
  for (const child of childrenOf(pid)) {
    try {
      ticks += treeTicks(child);
    } catch {
      // The child ended meanwhile: its time is in its parent's once reaped.
    }
  }
  return ticks;
}

/** Milliseconds of CPU used by `pid` and its running descendants, or null when /proc cannot tell. */
export function processTreeCpuMs(pid: number): number | null {
  try {
    const ticks = treeTicks(pid);
    return Number.isFinite(ticks) ? (ticks * 1000) / clockTicks() : null;
  } catch {
    return null;
  }
}
