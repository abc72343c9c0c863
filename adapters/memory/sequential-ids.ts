import { randomBytes } from 'node:crypto';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';

/** Readable, predictable ids for tests ("id-1", "id-2", ...); secrets stay random. */
export class SequentialIds implements IdGenerator {
  private next = 1;

  constructor(private readonly prefix = 'id') {}

  newId(): string {
    return `${this.prefix}-${this.next++}`;
  }

  newSecret(): string {
    return randomBytes(32).toString('base64url');
  }
}
