import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const coreDir = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the dependency rule', () => {
  it('core imports only zod and its own files', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(coreDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/g)) {
        const target = match[1]!;
        const allowed =
          target === 'zod' ||
          target.startsWith('zod/') ||
          (target.startsWith('.') && !/(^|\/)(adapters|apps|shells)\//.test(target));
        if (!allowed) offenders.push(`${relative(coreDir, file)} imports ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
