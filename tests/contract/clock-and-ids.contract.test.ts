import { describe, expect, it } from 'vitest';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import { randomIds } from '@causeway/adapters/system/random-ids';
import { systemClock } from '@causeway/adapters/system/system-clock';

describe.each([
  { name: 'system', clock: systemClock as Clock },
  { name: 'manual', clock: new ManualClock() as Clock },
])('Clock contract on $name', ({ clock }) => {
  it('answers a valid Date that never goes backwards', () => {
    const first = clock.now();
    const second = clock.now();
    expect(Number.isNaN(first.getTime())).toBe(false);
    expect(second.getTime()).toBeGreaterThanOrEqual(first.getTime());
  });

  it('answers a new Date each time, so a caller cannot move it', () => {
    const first = clock.now();
    first.setFullYear(1990);
    expect(clock.now().getFullYear()).not.toBe(1990);
  });
});

describe.each([
  { name: 'random', ids: randomIds as IdGenerator },
  { name: 'sequential', ids: new SequentialIds() as IdGenerator },
])('IdGenerator contract on $name', ({ ids }) => {
  it('never answers the same id twice', () => {
    const seen = new Set(Array.from({ length: 1000 }, () => ids.newId()));
    expect(seen.size).toBe(1000);
  });

  it('answers url-safe secrets of at least 256 bits, never twice', () => {
    const secrets = Array.from({ length: 100 }, () => ids.newSecret());
    expect(new Set(secrets).size).toBe(100);
    for (const secret of secrets) {
      expect(secret).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(secret.length).toBeGreaterThanOrEqual(43);
    }
  });
});
