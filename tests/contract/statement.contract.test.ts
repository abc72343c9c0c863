import { expect, it } from 'vitest';
import type { StatementRun } from '@causeway/core/statements/statement-run.entity';
import { describeContract } from '@causeway/tests/support/contract';

const run = (overrides: Partial<StatementRun> = {}): StatementRun => ({
  organizationId: 'org-1',
  year: 2026,
  runId: 'run-1',
  status: 'running',
  total: 3,
  startedBy: 'u-admin',
  startedAt: '2027-01-05T10:00:00.000Z',
  finishedAt: null,
  ...overrides,
});
const claim = (email: string, runId = 'run-1', claimedAt = '2027-01-05T10:00:01.000Z') => ({
  organizationId: 'org-1',
  year: 2026,
  email,
  runId,
  claimedAt,
});
const LONG_AGO = '2027-01-05T09:00:00.000Z';

describeContract('StatementRepository', (subject) => {
  it('starts a run of an organization’s year, answers the running one to a second start, and replaces it once done', async () => {
    const { statements } = subject().store.repositories;
    expect(await statements.startRun(run())).toEqual({ run: run(), started: true });
    expect(await statements.startRun(run({ runId: 'run-2', startedBy: 'u-other' }))).toEqual({
      run: run(),
      started: false,
    });
    // Another year, or another organization, is a run of its own.
    expect((await statements.startRun(run({ year: 2025, runId: 'run-3' }))).started).toBe(true);
    expect((await statements.startRun(run({ organizationId: 'org-2', runId: 'run-4' }))).started).toBe(true);

    expect(await statements.updateRun('org-1', 2026, 'run-2', { status: 'done' })).toBe(false);
    expect(
      await statements.updateRun('org-1', 2026, 'run-1', {
        total: 4,
        status: 'done',
        finishedAt: '2027-01-05T10:05:00.000Z',
      }),
    ).toBe(true);
    expect(await statements.findRun('org-1', 2026)).toEqual(
      run({ total: 4, status: 'done', finishedAt: '2027-01-05T10:05:00.000Z' }),
    );
    const next = run({ runId: 'run-5', startedAt: '2027-02-01T10:00:00.000Z' });
    expect(await statements.startRun(next)).toEqual({ run: next, started: true });
    expect(await statements.findRun('org-1', 2026)).toEqual(next);
    expect(await statements.findRun('org-1', 2024)).toBeNull();
    expect((await statements.listRuns('org-1')).map((found) => found.year)).toEqual([2026, 2025]);
    expect((await statements.listRunning()).map((found) => found.runId).sort()).toEqual(['run-3', 'run-4', 'run-5']);
  });

  it('starts only one of two concurrent runs of a year', async () => {
    const { statements } = subject().store.repositories;
    const results = await Promise.all([
      statements.startRun(run({ runId: 'run-a' })),
      statements.startRun(run({ runId: 'run-b' })),
    ]);
    expect(results.filter((result) => result.started)).toHaveLength(1);
    expect(new Set(results.map((result) => result.run.runId)).size).toBe(1);
  });

  it('claims a donor’s statement once, lowercased, and marks it sent', async () => {
    const { statements } = subject().store.repositories;
    expect(await statements.claimSend(claim('Ada@Example.org'), LONG_AGO)).toBe(true);
    expect(await statements.claimSend(claim('ada@example.org', 'run-2'), LONG_AGO)).toBe(false);
    await statements.finishSend(
      { organizationId: 'org-1', year: 2026, email: 'ada@example.org', runId: 'run-1' },
      { status: 'sent', at: '2027-01-05T10:00:02.000Z' },
    );
    expect(await statements.claimSend(claim('ada@example.org', 'run-2'), '2030-01-01T00:00:00.000Z')).toBe(false);
    // Another year or organization is another statement.
    expect(await statements.claimSend({ ...claim('ada@example.org'), year: 2025 }, LONG_AGO)).toBe(true);
    expect(await statements.claimSend({ ...claim('ada@example.org'), organizationId: 'org-2' }, LONG_AGO)).toBe(true);
    expect(await statements.listSends('org-1', 2026)).toEqual([
      {
        organizationId: 'org-1',
        year: 2026,
        email: 'ada@example.org',
        runId: 'run-1',
        status: 'sent',
        claimedAt: '2027-01-05T10:00:01.000Z',
        finishedAt: '2027-01-05T10:00:02.000Z',
        error: null,
      },
    ]);
  });

  it('lets a later run claim a statement that failed, or one left sending since before the stale instant', async () => {
    const { statements } = subject().store.repositories;
    await statements.claimSend(claim('ada@example.org'), LONG_AGO);
    await statements.claimSend(claim('bob@example.org'), LONG_AGO);
    await statements.finishSend(
      { organizationId: 'org-1', year: 2026, email: 'ada@example.org', runId: 'run-1' },
      { status: 'failed', at: '2027-01-05T10:00:02.000Z', error: 'The mail server refused it.' },
    );
    // Only the claiming run marks it.
    await statements.finishSend(
      { organizationId: 'org-1', year: 2026, email: 'bob@example.org', runId: 'run-other' },
      { status: 'sent', at: '2027-01-05T10:00:02.000Z' },
    );
    expect((await statements.listSends('org-1', 2026)).map((send) => [send.email, send.status, send.error])).toEqual([
      ['ada@example.org', 'failed', 'The mail server refused it.'],
      ['bob@example.org', 'sending', null],
    ]);
    const later = '2027-01-05T11:00:00.000Z';
    expect(await statements.claimSend(claim('ada@example.org', 'run-2', later), LONG_AGO)).toBe(true);
    // Bob's claim is recent: it is being sent.
    expect(await statements.claimSend(claim('bob@example.org', 'run-2', later), LONG_AGO)).toBe(false);
    // Left sending since before the stale instant: taken over.
    expect(await statements.claimSend(claim('bob@example.org', 'run-2', later), '2027-01-05T10:30:00.000Z')).toBe(true);
    expect((await statements.listSends('org-1', 2026)).map((send) => [send.runId, send.status])).toEqual([
      ['run-2', 'sending'],
      ['run-2', 'sending'],
    ]);
  });

  it('lets only one of two concurrent claims of a statement succeed', async () => {
    const { statements } = subject().store.repositories;
    const results = await Promise.all([
      statements.claimSend(claim('ada@example.org', 'run-a'), LONG_AGO),
      statements.claimSend(claim('ada@example.org', 'run-b'), LONG_AGO),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
