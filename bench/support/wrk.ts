// What the wrk benches share: a wrk run read back as requests a second and p99, the Express 5 hello-world
// every figure is put beside, medians, and one table row of a route's rounds against the baseline's.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const WRK = process.env.WRK_PATH ?? '/usr/bin/wrk';
const run = promisify(execFile);

export interface Figure {
  perSecond: number;
  p99Ms: number;
  non2xx: number;
  /** The server process's CPU time a request (all its threads), when its process was named. */
  cpuUs?: number;
}

const MS = { us: 0.001, ms: 1, s: 1000 } as Record<string, number>;

/** `wrk -t1 -c50` for `seconds` against one URL with these headers. */
export async function wrk(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Figure & { requests: number }> {
  const args = [
    '-t1',
    '-c50',
    `-d${seconds}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    url,
  ];
  const { stdout } = await run(WRK, args, { maxBuffer: 1 << 20 });
  const requests = Number(/(\d+) requests in/.exec(stdout)?.[1]);
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(stdout);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(stdout)?.[1] ?? 0);
  if (!p99 || !Number.isFinite(perSecond)) throw new Error(`wrk said:\n${stdout}`);
  return { perSecond, p99Ms: Number(p99[1]) * MS[p99[2]!]!, non2xx, requests };
}

/** The CPU time a process has used so far (user and system, every thread), in microseconds. */
function cpuUsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * A second of load first, so the measured run finds the code optimized and the caches warm. With the
 * server's process id, its CPU time a request too: what the route costs whatever else the machine does.
 */
export async function measure(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  pid?: number,
): Promise<Figure> {
  await wrk(url, headers, 1);
  const before = pid === undefined ? 0 : cpuUsOf(pid);
  const { requests, ...figure } = await wrk(url, headers, seconds);
  if (pid === undefined || !(requests > 0)) return figure;
  return { ...figure, cpuUs: (cpuUsOf(pid) - before) / requests };
}

export { helloServer } from './hello-server';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The table's heading, matching `rowOf`. */
export const tableHeading = (routeWidth = 34, cpu = false) =>
  `${'store'.padEnd(9)} ${'route'.padEnd(routeWidth)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(8)} ${'×hello'.padStart(6)}${cpu ? ` ${'CPU µs'.padStart(7)}` : ''}  rounds (req/s)`;

/**
 * One route's rounds, each beside the baseline measured just before it: medians of the rounds, and the
 * median of each round's ratio to its baseline.
 */
export function rowOf(
  store: string,
  label: string,
  figures: Figure[],
  baselines: Figure[] | null,
  routeWidth = 34,
): string {
  const perSecond = median(figures.map((figure) => figure.perSecond));
  const p99 = median(figures.map((figure) => figure.p99Ms));
  const ratio = baselines ? median(figures.map((figure, i) => figure.perSecond / baselines[i]!.perSecond)) : 1;
  const non2xx = figures.reduce((sum, figure) => sum + figure.non2xx, 0);
  const cpus = figures.flatMap((figure) => (figure.cpuUs === undefined ? [] : [figure.cpuUs]));
  const cpu = cpus.length > 0 ? ` ${median(cpus).toFixed(0).padStart(7)}` : '';
  return `${store.padEnd(9)} ${label.padEnd(routeWidth)} ${perSecond.toFixed(0).padStart(8)} ${p99.toFixed(2).padStart(8)} ${ratio.toFixed(2).padStart(6)}${cpu}  ${figures.map((figure) => figure.perSecond.toFixed(0)).join(' / ')}${non2xx ? `  (${non2xx} not 2xx)` : ''}`;
}
