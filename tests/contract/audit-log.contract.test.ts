import { expect, it } from 'vitest';
import type { AuditLogEntry } from '@causeway/core/audit/audit-log.entity';
import { describeContract } from '@causeway/tests/support/contract';

const entry = (id: string, createdDate: string, extra: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id,
  created_by: 'u-admin',
  created_date: createdDate,
  document: 'organizations',
  event: 'update',
  action: `Action ${id}`,
  trigger_id: null,
  trigger_name: null,
  ...extra,
});

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;

describeContract('AuditLogRepository', (subject) => {
  it('appends an entry and lists it as stored', async () => {
    const { auditLogs } = subject().store.repositories;
    const appended = await auditLogs.append(
      entry('l-1', day(1), {
        trigger_id: 'org-1',
        trigger_name: 'Clean Water Trust',
        action: 'Updated the organization',
      }),
    );
    expect(appended).toEqual({
      id: 'l-1',
      created_by: 'u-admin',
      created_date: day(1),
      document: 'organizations',
      event: 'update',
      action: 'Updated the organization',
      trigger_id: 'org-1',
      trigger_name: 'Clean Water Trust',
    });
    expect(await auditLogs.list()).toEqual([appended]);
  });

  it('refuses a second entry with the same id with a conflict', async () => {
    const { auditLogs } = subject().store.repositories;
    await auditLogs.append(entry('l-1', day(1)));
    await expect(auditLogs.append(entry('l-1', day(2), { action: 'Other' }))).rejects.toMatchObject({
      code: 'conflict',
    });
    expect((await auditLogs.list()).map((e) => e.action)).toEqual(['Action l-1']);
  });

  it('lists newest first', async () => {
    const { auditLogs } = subject().store.repositories;
    await auditLogs.append(entry('l-1', day(1)));
    await auditLogs.append(entry('l-2', day(4)));
    await auditLogs.append(entry('l-3', day(2)));
    await auditLogs.append(entry('l-4', day(3)));
    expect((await auditLogs.list()).map((e) => e.id)).toEqual(['l-2', 'l-4', 'l-3', 'l-1']);
  });

  it('filters by document, event, createdBy and triggerId, alone or together', async () => {
    const { auditLogs } = subject().store.repositories;
    await auditLogs.append(entry('l-1', day(1), { document: 'organizations', event: 'update', trigger_id: 'org-1' }));
    await auditLogs.append(entry('l-2', day(2), { document: 'organizations', event: 'delete', trigger_id: 'org-2' }));
    await auditLogs.append(
      entry('l-3', day(3), { document: 'users', event: 'update', created_by: 'u-super', trigger_id: 'u-9' }),
    );
    await auditLogs.append(entry('l-4', day(4), { document: 'organizations', event: 'update', created_by: 'u-super' }));
    const ids = async (filter: Parameters<typeof auditLogs.list>[0]) => (await auditLogs.list(filter)).map((e) => e.id);
    expect(await ids({ document: 'organizations' })).toEqual(['l-4', 'l-2', 'l-1']);
    expect(await ids({ event: 'update' })).toEqual(['l-4', 'l-3', 'l-1']);
    expect(await ids({ createdBy: 'u-super' })).toEqual(['l-4', 'l-3']);
    expect(await ids({ triggerId: 'org-1' })).toEqual(['l-1']);
    expect(await ids({ document: 'organizations', event: 'update', createdBy: 'u-admin' })).toEqual(['l-1']);
    expect(await ids({ document: 'campaigns' })).toEqual([]);
  });

  it('answers only entries strictly older than `before`, for paging', async () => {
    const { auditLogs } = subject().store.repositories;
    for (const n of [1, 2, 3, 4]) await auditLogs.append(entry(`l-${n}`, day(n)));
    expect((await auditLogs.list({ before: day(3) })).map((e) => e.id)).toEqual(['l-2', 'l-1']);
    const firstPage = await auditLogs.list({ limit: 2 });
    expect(firstPage.map((e) => e.id)).toEqual(['l-4', 'l-3']);
    const secondPage = await auditLogs.list({ limit: 2, before: firstPage[1]!.created_date });
    expect(secondPage.map((e) => e.id)).toEqual(['l-2', 'l-1']);
    expect((await auditLogs.list({ before: day(3), document: 'organizations', limit: 1 })).map((e) => e.id)).toEqual([
      'l-2',
    ]);
  });

  it('answers at most 100 entries when no limit is given, the newest', async () => {
    const { store } = subject();
    await store.unitOfWork.run(async (repositories) => {
      const start = Date.parse(day(1));
      for (let n = 0; n < 101; n++) {
        await repositories.auditLogs.append(
          entry(`l-${String(n).padStart(3, '0')}`, new Date(start + n * 60_000).toISOString()),
        );
      }
    });
    const listed = await store.repositories.auditLogs.list();
    expect(listed).toHaveLength(100);
    expect(listed[0]?.id).toBe('l-100');
    expect(listed[99]?.id).toBe('l-001');
    expect(await store.repositories.auditLogs.list({ limit: 101 })).toHaveLength(101);
  });

  it('writes an auditLog.logged event with each entry, and nothing on reads', async () => {
    const { store } = subject();
    await store.repositories.auditLogs.append(entry('l-1', day(1)));
    await store.repositories.auditLogs.list({ document: 'organizations' });
    const events = await store.outbox.pending(10);
    expect(events.map((event) => [event.type, event.aggregateType, event.aggregateId])).toEqual([
      ['auditLog.logged', 'auditLog', 'l-1'],
    ]);
    expect(events[0]?.payload).toEqual({ entry: entry('l-1', day(1)) });
  });
});
