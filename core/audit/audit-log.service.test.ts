import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import type { Actor } from '../auth/authorization';
import type { DataStore } from '../ports/unit-of-work.port';
import { auditLogServiceFactory, type AuditLogService } from './audit-log.service';
import { auditTrail } from './audit-trail';

const actor = (uid: string, role: Actor['role'], organizationId: string | null = null): Actor => ({
  uid,
  role,
  organizationId,
  demoUser: false,
  displayName: uid,
});

let clock: ManualClock;
let store: DataStore;
let service: AuditLogService;

beforeEach(async () => {
  clock = new ManualClock('2026-04-01T10:00:00.000Z');
  store = createMemoryDataStore({ clock, ids: new SequentialIds() });
  service = auditLogServiceFactory({ auditLogs: store.repositories.auditLogs });
  const trail = auditTrail({ clock, ids: new SequentialIds('log') });
  for (const [who, event, triggerId] of [
    ['super', 'update', 'casey'],
    ['admin', 'delete', 'bob'],
    ['super', 'update', 'bob'],
  ] as const) {
    clock.advance(1000);
    await trail.record(
      store.repositories.auditLogs,
      { uid: who },
      { document: 'users', event, action: '…', triggerId },
    );
  }
});

describe('the audit log', () => {
  it.each([actor('super', 'superUser'), actor('admin', 'admin')])(
    'is read by platform staff ($role)',
    async (reader) => {
      expect((await service.list(reader)).entries.map((entry) => entry.id)).toEqual(['log-3', 'log-2', 'log-1']);
    },
  );

  it('filters by author, event, record and time, and limits', async () => {
    const staff = actor('super', 'superUser');
    expect((await service.list(staff, { createdBy: 'super', triggerId: 'bob' })).entries.map((e) => e.id)).toEqual([
      'log-3',
    ]);
    expect((await service.list(staff, { event: 'delete' })).entries.map((e) => e.id)).toEqual(['log-2']);
    expect(
      (await service.list(staff, { before: '2026-04-01T10:00:03.000Z', limit: 1 })).entries.map((e) => e.id),
    ).toEqual(['log-2']);
  });

  it.each([
    actor('harbor-admin', 'admin', 'org-harbor'),
    actor('casey', 'campaigner', 'org-harbor'),
    actor('priya', 'promoter'),
  ])('is refused to $uid ($role)', async (reader) => {
    await expect(service.list(reader)).rejects.toMatchObject({
      code: 'forbidden',
      message: 'Only super users and platform admins can read the audit log.',
    });
  });
});
