import { randomBytes, randomUUID } from 'node:crypto';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';

export const randomIds: IdGenerator = {
  newId: () => randomUUID(),
  newSecret: () => randomBytes(32).toString('base64url'),
};
