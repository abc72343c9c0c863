import { z } from 'zod';
import { Id, Timestamp } from '../shared/primitives';

/** One admin or workflow action, `logs` collection. */
export const AuditLogEntry = z.object({
  id: Id,
  created_by: Id,
  created_date: Timestamp,
  /** The collection the action touched, e.g. "organizations". */
  document: z.string().max(100),
  /** What happened, e.g. "update". */
  event: z.string().max(100),
  /** A human-readable description of the action. */
  action: z.string().max(2000),
  /** The id of the record acted upon. */
  trigger_id: Id.nullable().default(null),
  /** Its display name. */
  trigger_name: z.string().max(300).nullable().default(null),
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;
