import { expect, it } from 'vitest';
import { describeContract } from '@causeway/tests/support/contract';

const at = '2026-01-01T00:00:00.000Z';
const credentials = (uid: string, email: string) => ({
  uid,
  email,
  passwordHash: `hash-${uid}`,
  createdAt: at,
  updatedAt: at,
});
const session = (tokenHash: string, uid: string, expiresAt = '2026-01-15T00:00:00.000Z') => ({
  tokenHash,
  uid,
  createdAt: at,
  renewedAt: at,
  expiresAt,
});

describeContract('CredentialRepository', (subject) => {
  it('stores e-mails lowercased and finds them case-insensitively', async () => {
    const { credentials: repo } = subject().store.repositories;
    await repo.createCredentials(credentials('u-1', 'Ada@Example.org'));
    expect(await repo.findCredentialsByEmail('ADA@example.ORG')).toMatchObject({
      uid: 'u-1',
      email: 'ada@example.org',
    });
    expect(await repo.findCredentialsByEmail('nobody@example.org')).toBeNull();
  });

  it('refuses a second account with the same e-mail with a conflict', async () => {
    const { credentials: repo } = subject().store.repositories;
    await repo.createCredentials(credentials('u-1', 'ada@example.org'));
    await expect(repo.createCredentials(credentials('u-2', 'ADA@example.org'))).rejects.toMatchObject({
      code: 'conflict',
    });
  });

  it('updates a password hash and says whether the account existed', async () => {
    const { credentials: repo } = subject().store.repositories;
    await repo.createCredentials(credentials('u-1', 'ada@example.org'));
    expect(await repo.updatePasswordHash('u-1', 'new-hash', '2026-01-02T00:00:00.000Z')).toBe(true);
    expect(await repo.findCredentialsByEmail('ada@example.org')).toMatchObject({
      passwordHash: 'new-hash',
      updatedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(await repo.updatePasswordHash('u-missing', 'x', at)).toBe(false);
  });

  it('moves an account to a new e-mail, lowercased, refusing one another account has', async () => {
    const { credentials: repo } = subject().store.repositories;
    await repo.createCredentials(credentials('u-1', 'ada@example.org'));
    await repo.createCredentials(credentials('u-2', 'bob@example.org'));
    expect(await repo.updateEmail('u-1', 'Ada.Lovelace@Example.org', '2026-01-02T00:00:00.000Z')).toBe(true);
    expect(await repo.findCredentialsByEmail('ada@example.org')).toBeNull();
    expect(await repo.findCredentialsByEmail('ada.lovelace@example.org')).toMatchObject({
      uid: 'u-1',
      email: 'ada.lovelace@example.org',
      updatedAt: '2026-01-02T00:00:00.000Z',
    });
    await expect(repo.updateEmail('u-2', 'ADA.LOVELACE@example.org', at)).rejects.toMatchObject({ code: 'conflict' });
    expect(await repo.findCredentialsByEmail('bob@example.org')).toMatchObject({ uid: 'u-2' });
    expect(await repo.updateEmail('u-1', 'ada.lovelace@example.org', at)).toBe(true);
    expect(await repo.updateEmail('u-missing', 'carol@example.org', at)).toBe(false);
    expect(await repo.findCredentialsByEmail('carol@example.org')).toBeNull();
  });

  it('creates, finds, renews and deletes sessions', async () => {
    const { credentials: repo } = subject().store.repositories;
    await repo.createCredentials(credentials('u-1', 'ada@example.org'));
    await repo.createSession(session('h-1', 'u-1'));
    expect(await repo.findSession('h-1')).toEqual(session('h-1', 'u-1'));
    await repo.renewSession('h-1', '2026-01-02T00:00:00.000Z', '2026-01-16T00:00:00.000Z');
    expect(await repo.findSession('h-1')).toMatchObject({
      renewedAt: '2026-01-02T00:00:00.000Z',
      expiresAt: '2026-01-16T00:00:00.000Z',
    });
    await repo.deleteSession('h-1');
    expect(await repo.findSession('h-1')).toBeNull();
  });

  it('deletes every session of a user, and sessions go with deleted credentials', async () => {
    const { credentials: repo } = subject().store.repositories;
    await repo.createCredentials(credentials('u-1', 'ada@example.org'));
    await repo.createCredentials(credentials('u-2', 'bob@example.org'));
    await repo.createSession(session('h-1', 'u-1'));
    await repo.createSession(session('h-2', 'u-1'));
    await repo.createSession(session('h-3', 'u-2'));
    await repo.deleteSessionsOf('u-1');
    expect(await repo.findSession('h-1')).toBeNull();
    expect(await repo.findSession('h-2')).toBeNull();
    expect(await repo.findSession('h-3')).not.toBeNull();
    await repo.deleteCredentials('u-2');
    expect(await repo.findSession('h-3')).toBeNull();
    expect(await repo.findCredentialsByEmail('bob@example.org')).toBeNull();
  });

  it('purges expired sessions only', async () => {
    const { credentials: repo } = subject().store.repositories;
    await repo.createCredentials(credentials('u-1', 'ada@example.org'));
    await repo.createSession(session('old', 'u-1', '2026-01-01T00:00:00.000Z'));
    await repo.createSession(session('new', 'u-1', '2026-03-01T00:00:00.000Z'));
    expect(await repo.purgeExpiredSessions('2026-02-01T00:00:00.000Z')).toBe(1);
    expect(await repo.findSession('old')).toBeNull();
    expect(await repo.findSession('new')).not.toBeNull();
  });
});
