import { expect, it } from 'vitest';
import type { EmailRecord, ErrorEmailRecord } from '@causeway/core/email/email-record.entity';
import { describeContract } from '@causeway/tests/support/contract';

const day = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;

const sentEmail = (id: string, to: string, createdAt: string): EmailRecord => ({
  id,
  to,
  subject: `Subject ${id}`,
  kind: 'registration',
  messageId: `<${id}@mail.example.org>`,
  createdAt,
});

const failedEmail = (id: string, to: string, createdAt: string): ErrorEmailRecord => ({
  id,
  to,
  subject: `Subject ${id}`,
  kind: 'registration',
  error: 'connect ECONNREFUSED',
  createdAt,
});

describeContract('EmailLogRepository', (subject) => {
  it('records a sent e-mail and lists it, with the address lowercased', async () => {
    const { emailLogs } = subject().store.repositories;
    const recorded = await emailLogs.recordSent(sentEmail('e-1', 'Ada@Example.org', day(1)));
    expect(recorded).toEqual(sentEmail('e-1', 'ada@example.org', day(1)));
    expect(await emailLogs.listSent()).toEqual([recorded]);
    expect(await emailLogs.listFailures()).toEqual([]);
  });

  it('lists sent e-mails newest first, ties by id, up to the limit', async () => {
    const { emailLogs } = subject().store.repositories;
    await emailLogs.recordSent(sentEmail('e-1', 'a@example.org', day(1)));
    await emailLogs.recordSent(sentEmail('e-2', 'b@example.org', day(3)));
    await emailLogs.recordSent(sentEmail('e-3', 'a@example.org', day(2)));
    await emailLogs.recordSent(sentEmail('e-4', 'b@example.org', day(2)));
    expect((await emailLogs.listSent()).map((e) => e.id)).toEqual(['e-2', 'e-4', 'e-3', 'e-1']);
    expect((await emailLogs.listSent({ limit: 2 })).map((e) => e.id)).toEqual(['e-2', 'e-4']);
  });

  it('lists the e-mails sent to one address, whatever its case', async () => {
    const { emailLogs } = subject().store.repositories;
    await emailLogs.recordSent(sentEmail('e-1', 'a@example.org', day(1)));
    await emailLogs.recordSent(sentEmail('e-2', 'b@example.org', day(2)));
    await emailLogs.recordSent(sentEmail('e-3', 'A@Example.org', day(3)));
    expect((await emailLogs.listSent({ to: 'A@EXAMPLE.ORG' })).map((e) => e.id)).toEqual(['e-3', 'e-1']);
    expect((await emailLogs.listSent({ to: 'a@example.org', limit: 1 })).map((e) => e.id)).toEqual(['e-3']);
    expect(await emailLogs.listSent({ to: 'nobody@example.org' })).toEqual([]);
  });

  it('records failures apart from sent e-mails and lists them newest first, up to the limit', async () => {
    const { emailLogs } = subject().store.repositories;
    await emailLogs.recordSent(sentEmail('e-1', 'a@example.org', day(1)));
    const first = await emailLogs.recordFailure(failedEmail('f-1', 'B@example.org', day(1)));
    expect(first).toEqual(failedEmail('f-1', 'b@example.org', day(1)));
    await emailLogs.recordFailure(failedEmail('f-2', 'c@example.org', day(3)));
    await emailLogs.recordFailure(failedEmail('f-3', 'd@example.org', day(2)));
    expect((await emailLogs.listFailures()).map((e) => e.id)).toEqual(['f-2', 'f-3', 'f-1']);
    expect((await emailLogs.listFailures({ limit: 1 })).map((e) => e.id)).toEqual(['f-2']);
    expect((await emailLogs.listSent()).map((e) => e.id)).toEqual(['e-1']);
  });

  it('refuses a second record with the same id with a conflict', async () => {
    const { emailLogs } = subject().store.repositories;
    await emailLogs.recordSent(sentEmail('e-1', 'a@example.org', day(1)));
    await expect(emailLogs.recordSent(sentEmail('e-1', 'b@example.org', day(2)))).rejects.toMatchObject({
      code: 'conflict',
    });
    await emailLogs.recordFailure(failedEmail('f-1', 'a@example.org', day(1)));
    await expect(emailLogs.recordFailure(failedEmail('f-1', 'b@example.org', day(2)))).rejects.toMatchObject({
      code: 'conflict',
    });
    expect((await emailLogs.listSent()).map((e) => e.to)).toEqual(['a@example.org']);
    expect((await emailLogs.listFailures()).map((e) => e.to)).toEqual(['a@example.org']);
  });

  it('writes email.sent and email.failed events with the records, and nothing on reads', async () => {
    const { store } = subject();
    await store.repositories.emailLogs.recordSent(sentEmail('e-1', 'a@example.org', day(1)));
    await store.repositories.emailLogs.recordFailure(failedEmail('f-1', 'b@example.org', day(2)));
    await store.repositories.emailLogs.listSent({ to: 'a@example.org' });
    await store.repositories.emailLogs.listFailures();
    const events = await store.outbox.pending(10);
    expect(events.map((event) => [event.type, event.aggregateType, event.aggregateId])).toEqual([
      ['email.sent', 'email', 'e-1'],
      ['email.failed', 'email', 'f-1'],
    ]);
    expect(events[0]?.payload).toEqual({ email: sentEmail('e-1', 'a@example.org', day(1)) });
    expect(events[1]?.payload).toEqual({ email: failedEmail('f-1', 'b@example.org', day(2)) });
  });
});
