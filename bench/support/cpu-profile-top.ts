// Where the CPU went in a bench run's V8 profiles (`node --cpu-prof`), phase by phase: for each profile in
// a run directory written by `bench/gift-flow.ts --profile DIR` (DIR/<store>-<sandbox>: app/ and sandbox/,
// one profile a thread, and phases.json with each phase's start and end on the profiles' clock), the
// samples taken within each phase, mapped back to the TypeScript sources through the server bundle's
// source maps, and summed three ways: by area (the innermost frame of the project's own code on the stack,
// else the package or Node's internals doing the work), by function's own time (self), and by function
// with what it called (inclusive; an `await` ends a synchronous stretch, so an async function counts only
// its stretches between awaits). Each sample is weighted by the time to the next one; idle samples are left
// out. Figures are per run and per gift (per checkout in the checkouts-alone phase, per read in the
// receipts-alone phase).
// Run: npx tsx bench/support/cpu-profile-top.ts DIR/<store>-<sandbox> [--top 25] [--phase gifts]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, phase: { type: 'string' } },
});
const runDir = positionals[0];
if (!runDir)
  throw new Error('Usage: npx tsx bench/support/cpu-profile-top.ts DIR/<store>-<sandbox> [--top 25] [--phase gifts]');
const TOP = Number(values.top);
const ROOT = resolve(import.meta.dirname, '../..');

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface Phases {
  payers: number;
  paid: number;
  phases: { phase: string; startUs: number; endUs: number }[];
  /** Seconds of CPU by phase and by `<process> <thread>` (app 0, app 1, sandbox 0), from /proc. */
  cpu?: Record<string, Record<string, number | null>>;
}

// ── Source positions ─────────────────────────────────────────────────────────────────────────────

const maps = new Map<string, SourceMap | null>();
function sourceMapOf(path: string): SourceMap | null {
  if (!maps.has(path)) {
    const mapPath = `${path}.map`;
    maps.set(path, existsSync(mapPath) ? new SourceMap(JSON.parse(readFileSync(mapPath, 'utf8'))) : null);
  }
  return maps.get(path)!;
}

interface Place {
  /** A path from the repository's root, `node:…`, or empty for V8's own entries. */
  file: string;
  line: number;
}

const places = new Map<string, Place>();
/** Where a frame's code was written: the TypeScript source behind the bundle, where a source map says. */
function placeOf(frame: CallFrame): Place {
  const key = `${frame.url}:${frame.lineNumber}:${frame.columnNumber}`;
  let place = places.get(key);
  if (place) return place;
  place = { file: frame.url, line: frame.lineNumber + 1 };
  if (frame.url.startsWith('file://')) {
    const path = fileURLToPath(frame.url);
    const map = path.endsWith('.mjs') ? sourceMapOf(path) : null;
    const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as
      { originalSource?: string; originalLine?: number } | undefined;
    if (entry?.originalSource) {
      const source = entry.originalSource.startsWith('file://')
        ? fileURLToPath(entry.originalSource)
        : resolve(path, '..', entry.originalSource);
      place = { file: relative(ROOT, source), line: (entry.originalLine ?? 0) + 1 };
    } else {
      place = { file: relative(ROOT, path), line: frame.lineNumber + 1 };
    }
  }
  places.set(key, place);
  return place;
}

/** The project's own code (not a package, not Node; the standalone sandbox's entry in bench/support counts). */
const isProject = (file: string) =>
  /^(core|adapters|apps|shells)\//.test(file) ||
  (file.startsWith('bench/support/') && !file.endsWith('cpu-profile-top.ts'));

/** A package's name from a path into node_modules. */
function packageOf(file: string): string | null {
  const at = file.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const rest = file.slice(at + 'node_modules/'.length).split('/');
  return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
}

function areaOf(stack: { frame: CallFrame; place: Place }[]): string {
  for (const { place } of stack) if (isProject(place.file)) return place.file;
  const leaf = stack[0];
  if (!leaf) return '(none)';
  const name = leaf.frame.functionName;
  if (name === '(garbage collector)' || name === '(program)') return name;
  const pkg = packageOf(leaf.place.file);
  if (pkg) return `package ${pkg}`;
  if (leaf.place.file.startsWith('node:')) return `Node: ${leaf.place.file.slice(5).split('/').slice(0, 2).join('/')}`;
  return leaf.place.file ? leaf.place.file : `V8: ${name || '(native)'}`;
}

const functionKey = (frame: CallFrame, place: Place) =>
  `${frame.functionName || '(anonymous)'}  ${place.file ? `${place.file}:${place.line}` : '(native)'}`;

// ── Summing a profile over a phase ───────────────────────────────────────────────────────────────

interface Sums {
  busyMs: number;
  wallMs: number;
  area: Map<string, number>;
  self: Map<string, number>;
  inclusive: Map<string, number>;
}

const add = (map: Map<string, number>, key: string, ms: number) => map.set(key, (map.get(key) ?? 0) + ms);

function summarize(profile: Profile, fromUs: number, toUs: number): Sums {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stacks = new Map<number, { frame: CallFrame; place: Place }[]>();
  const stackOf = (id: number) => {
    let stack = stacks.get(id);
    if (stack) return stack;
    stack = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.functionName === '(root)') break;
      stack.push({ frame, place: placeOf(frame) });
    }
    stacks.set(id, stack);
    return stack;
  };
  const sums: Sums = {
    busyMs: 0,
    wallMs: (toUs - fromUs) / 1000,
    area: new Map(),
    self: new Map(),
    inclusive: new Map(),
  };
  let time = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i]!;
    if (time < fromUs || time > toUs) continue;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const stack = stackOf(profile.samples[i]!);
    const leaf = stack[0];
    if (!leaf || leaf.frame.functionName === '(idle)') continue;
    sums.busyMs += ms;
    add(sums.area, areaOf(stack), ms);
    add(sums.self, functionKey(leaf.frame, leaf.place), ms);
    const seen = new Set<string>();
    for (const { frame, place } of stack) {
      if (!isProject(place.file)) continue;
      const key = functionKey(frame, place);
      if (seen.has(key)) continue;
      seen.add(key);
      add(sums.inclusive, key, ms);
    }
  }
  return sums;
}

// ── Report ───────────────────────────────────────────────────────────────────────────────────────

function profilesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return profilesIn(path);
    return name.endsWith('.cpuprofile') ? [path] : [];
  });
}

/** `CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile`: thread 0 is the main thread. */
const threadOf = (path: string) => Number(/\.(\d+)\.\d+\.cpuprofile$/.exec(path)?.[1] ?? 0);

const phases = JSON.parse(readFileSync(join(runDir, 'phases.json'), 'utf8')) as Phases;
const wanted = phases.phases.filter((phase) =>
  values.phase ? phase.phase === values.phase : phase.phase !== 'baseline',
);
const row = (ms: number, per: number, busy: number, label: string) =>
  `    ${ms.toFixed(0).padStart(7)} ${(ms / per).toFixed(2).padStart(8)} ${((100 * ms) / busy).toFixed(1).padStart(5)}%  ${label}`;

for (const path of profilesIn(runDir).sort()) {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const processName = relative(runDir, path).split('/')[0]!;
  const thread = threadOf(path);
  const who = `${processName} ${thread === 0 ? 'main thread' : `thread ${thread}`}`;
  for (const phase of wanted) {
    const sums = summarize(profile, phase.startUs, phase.endUs);
    if (sums.busyMs < 1) continue;
    const per = phase.phase === 'checkouts alone' ? phases.payers : phases.paid;
    const unit = { gifts: 'gift', 'receipts alone': 'read' }[phase.phase] ?? 'checkout';
    console.log(
      `\n${who}, ${phase.phase}: not idle ${sums.busyMs.toFixed(0)} ms of ${sums.wallMs.toFixed(0)} ms (${((100 * sums.busyMs) / sums.wallMs).toFixed(0)}%), ${(sums.busyMs / per).toFixed(2)} ms a ${unit} (${per})`,
    );
    // The samples count the time the thread was not idle, waiting for a core included; /proc says how
    // much of it was CPU. The figures below are the samples' times scaled to that CPU.
    const cpuSeconds = phases.cpu?.[phase.phase]?.[`${processName} ${thread}`];
    if (cpuSeconds) {
      const scale = (1000 * cpuSeconds) / sums.busyMs;
      console.log(
        `  CPU (from /proc): ${(1000 * cpuSeconds).toFixed(0)} ms, ${((1000 * cpuSeconds) / per).toFixed(2)} ms a ${unit}; the figures below are scaled by ${scale.toFixed(2)} to it`,
      );
      for (const map of [sums.area, sums.self, sums.inclusive]) for (const [key, ms] of map) map.set(key, ms * scale);
      sums.busyMs *= scale;
    }
    const top = (map: Map<string, number>, title: string) => {
      console.log(`  ${title}\n         ms  ms/${unit}  share`);
      for (const [label, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
        console.log(row(ms, per, sums.busyMs, label));
      }
    };
    top(sums.area, "by area (the innermost of the project's own frames; else the package or Node's part at work):");
    top(sums.self, 'by function, its own time:');
    top(sums.inclusive, "the project's functions with what they called (synchronous stretches):");
  }
}
