import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of processes and their threads from Linux's /proc, for benches that run the app, its
 * vendors' sandboxes and their databases as processes of their own and must tell whose time is whose.
 */

/** Clock ticks a second of /proc's times (USER_HZ: 100 on every Linux build Node runs on). */
const TICKS_PER_SECOND = 100;

interface Stat {
  name: string;
  seconds: number;
}

/** utime + stime of a /proc stat line, and the name in it (which may hold spaces and parentheses). */
function parseStat(text: string): Stat {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  // After the name: state is field 3 of the line, utime 14 and stime 15.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { name: text.slice(open + 1, close), seconds: ticks / TICKS_PER_SECOND };
}

/** The CPU seconds a process has used so far (all its threads); null once it is gone. */
export function processCpuSeconds(pid: number): number | null {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8')).seconds;
  } catch {
    return null;
  }
}

export interface ThreadCpu {
  tid: number;
  name: string;
  seconds: number;
}

/** Each thread of a process with its CPU seconds so far (none once it is gone). */
export function threadCpuSeconds(pid: number): ThreadCpu[] {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  return tids.flatMap((tid) => {
    try {
      const stat = parseStat(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8'));
      return [{ tid: Number(tid), ...stat }];
    } catch {
      return [];
    }
  });
}

/** A reading of several processes' CPU; `since` answers each one's seconds used after `start`. */
export interface CpuReading {
  at: number;
  seconds: Map<number, number>;
  threads: Map<number, ThreadCpu[]>;
}

/** Reads the CPU of each pid (and its threads), with the time of the reading. */
export function readCpu(pids: number[]): CpuReading {
  const seconds = new Map<number, number>();
  const threads = new Map<number, ThreadCpu[]>();
  for (const pid of pids) {
    seconds.set(pid, processCpuSeconds(pid) ?? 0);
    threads.set(pid, threadCpuSeconds(pid));
  }
  return { at: performance.now(), seconds, threads };
}

/** Seconds a pid used between two readings (0 when it was not read in both). */
export function cpuBetween(start: CpuReading, end: CpuReading, pid: number): number {
  return Math.max(0, (end.seconds.get(pid) ?? 0) - (start.seconds.get(pid) ?? 0));
}

/**
 * A process's threads' seconds between two readings: its main thread (whose tid is the pid), its busiest
 * other thread, and the rest together. Linux names all of Node's threads "node" (worker threads, libuv's
 * pool, V8's helpers alike), so the busiest other thread is told by its time: on embedded PGlite it is the
 * database's own thread. Threads that came and went between the readings are missed.
 */
export function threadsBetween(start: CpuReading, end: CpuReading, pid: number): { who: string; seconds: number }[] {
  const before = new Map((start.threads.get(pid) ?? []).map((thread) => [thread.tid, thread.seconds]));
  const used = (end.threads.get(pid) ?? []).map((thread) => ({
    tid: thread.tid,
    seconds: thread.seconds - (before.get(thread.tid) ?? 0),
  }));
  const main = used.find((thread) => thread.tid === pid)?.seconds ?? 0;
  const others = used.filter((thread) => thread.tid !== pid).sort((a, b) => b.seconds - a.seconds);
  return [
    { who: 'main thread', seconds: main },
    { who: 'busiest other thread', seconds: others[0]?.seconds ?? 0 },
    {
      who: `${Math.max(0, others.length - 1)} other threads`,
      seconds: others.slice(1).reduce((sum, t) => sum + t.seconds, 0),
    },
  ];
}
