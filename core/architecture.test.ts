import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const coreDir = import.meta.dirname;
const repoRoot = dirname(coreDir);

function sourceFiles(dir: string, { tests = false } = {}): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path, { tests });
    if (!/\.(ts|tsx|mts)$/.test(entry.name)) return [];
    return tests || !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module a file imports or re-exports, as written. */
function importsOf(text: string): string[] {
  const specifiers = text.matchAll(
    /(?:(?:import|export)\s[^'"]*?from\s*|import\s*\(\s*|import\s+|vi\.mock\(\s*)['"]([^'"]+)['"]/g,
  );
  return [...specifiers].map((match) => match[1]!);
}

/** The layer a repository path belongs to: core, adapters, a front end or the API, a shell, a test kind. */
function layerOf(path: string): string {
  const [top, second] = path.split('/');
  if (top === 'apps' || top === 'shells') return `${top}/${second}`;
  if (top === 'tests') return path.split('/').length > 2 ? `tests/${second}` : 'tests';
  return top!;
}

describe('the dependency rule', () => {
  it('core imports only zod and its own files', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(coreDir)) {
      for (const target of importsOf(readFileSync(file, 'utf8'))) {
        const allowed =
          target === 'zod' ||
          target.startsWith('zod/') ||
          (target.startsWith('.') && !/(^|\/)(adapters|apps|shells)\//.test(target));
        if (!allowed) offenders.push(`${relative(coreDir, file)} imports ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('adapters import core and packages, never the apps, the shells or the tests', () => {
    const offenders = sourceFiles(join(repoRoot, 'adapters')).flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((target) => /^@causeway\/(api|apps|shells|tests|scripts)\//.test(target))
        .map((target) => `${relative(repoRoot, file)} imports ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the front ends import no adapter and nothing of the API', () => {
    const frontEnds = ['apps/admin', 'apps/campaigner', 'apps/donor', 'apps/reporting', 'shells'];
    const offenders = frontEnds.flatMap((dir) =>
      sourceFiles(join(repoRoot, dir)).flatMap((file) =>
        importsOf(readFileSync(file, 'utf8'))
          .filter((target) => /^@causeway\/(adapters|api)\//.test(target))
          .map((target) => `${relative(repoRoot, file)} imports ${target}`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});

describe('imports name their layer', () => {
  it('no relative import climbs out of its own layer', () => {
    const offenders: string[] = [];
    for (const dir of ['core', 'adapters', 'apps', 'shells', 'tests', 'bench']) {
      for (const file of sourceFiles(join(repoRoot, dir), { tests: true })) {
        const from = relative(repoRoot, file);
        for (const target of importsOf(readFileSync(file, 'utf8'))) {
          if (!target.startsWith('.')) continue;
          const to = relative(repoRoot, normalize(join(dirname(file), target)));
          // Vite loads a build configuration before it knows the names: configurations import by path.
          if (/vite[.-]config\.ts$/.test(file)) continue;
          if (layerOf(to) !== layerOf(from)) offenders.push(`${from} imports ${target}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
