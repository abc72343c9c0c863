import { afterEach, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread';

const opened: PgliteThread[] = [];
async function open(from?: Blob): Promise<PgliteThread> {
  const thread = await PgliteThread.open({ from });
  opened.push(thread);
  return thread;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((thread) => thread.close()));
});

// Each test opens a database or two (initdb in WebAssembly): seconds each on a busy machine.
describe('the embedded database on its own thread', { timeout: 30_000 }, () => {
  it('answers queries with their rows, counts as numbers and dates as dates', async () => {
    const db = await open();
    await db.exec(`create table gifts (id text primary key, cents bigint not null, at timestamptz not null);
      insert into gifts values ('a', 2500, '2026-11-01T10:00:00Z'), ('b', 1000, '2026-11-02T10:00:00Z');`);
    const { rows } = await db.query<{ count: number; total: number; first: Date }>(
      'select count(*) as count, sum(cents) as total, min(at) as first from gifts where cents > $1',
      [0],
    );
    expect(rows).toEqual([{ count: 2, total: 3500, first: new Date('2026-11-01T10:00:00Z') }]);
    const updated = await db.query('update gifts set cents = cents + 1');
    expect(updated.affectedRows).toBe(2);
  });

  it("fails a query with Postgres's own error fields, which a unique violation is told apart by", async () => {
    const db = await open();
    await db.exec('create table keys (key text primary key)');
    await db.query('insert into keys values ($1)', ['once']);
    const failure = await db.query('insert into keys values ($1)', ['once']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).toMatchObject({ code: '23505', message: expect.stringContaining('duplicate key') });
    // The thread goes on after a failed query.
    expect((await db.query<{ n: number }>('select count(*) as n from keys')).rows).toEqual([{ n: 1 }]);
  });

  it('runs queries asked at once in turn, none lost', async () => {
    const db = await open();
    await db.exec('create table hits (n int)');
    await Promise.all(Array.from({ length: 50 }, (_, n) => db.query('insert into hits values ($1)', [n])));
    expect((await db.query<{ n: number }>('select count(distinct n) as n from hits')).rows).toEqual([{ n: 50 }]);
  });

  it('hands its whole data over as a tarball another one starts from', async () => {
    const first = await open();
    await first.exec("create table notes (text text); insert into notes values ('kept')");
    const second = await open(await first.dumpDataDir());
    expect((await second.query('select text from notes')).rows).toEqual([{ text: 'kept' }]);
  });

  it('fails to open, saying why, where its data cannot be kept', async () => {
    await expect(PgliteThread.open({ dataDir: '/proc/version/pglite' })).rejects.toThrow(/\S/);
  });

  it('refuses queries once closed, and closes once however often asked', async () => {
    const db = await open();
    await Promise.all([db.close(), db.close()]);
    expect(db.closed).toBe(true);
    await expect(db.query('select 1')).rejects.toThrow(/thread ended/);
  });
});
