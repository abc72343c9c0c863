import { beforeEach, describe, expect, it } from 'vitest';
import type { IdentityProvider } from '@causeway/core/ports/identity.port';
import type { DataStore } from '@causeway/core/ports/unit-of-work.port';
import { ManualClock } from '../memory/manual-clock';
import { createMemoryDataStore } from '../memory/memory.data-store';
import { SequentialIds } from '../memory/sequential-ids';
import { createLocalIdentityProvider, SESSION_RENEWAL_INTERVAL_MS } from './local.identity-provider';

const DAY = 24 * 3600 * 1000;
let clock: ManualClock;
let store: DataStore;
let identity: IdentityProvider;

beforeEach(() => {
  clock = new ManualClock('2026-03-01T09:00:00.000Z');
  store = createMemoryDataStore({ clock, ids: new SequentialIds() });
  identity = createLocalIdentityProvider({
    credentials: store.repositories.credentials,
    clock,
    ids: new SequentialIds('u'),
    sessionTtlMs: 14 * DAY,
  });
});

describe('local identity', () => {
  it('stores an argon2id hash, never the password', async () => {
    const { uid } = await identity.createUser({ email: 'Ada@Example.org', password: 'correct horse battery' });
    const stored = await store.repositories.credentials.findCredentialsByEmail('ada@example.org');
    expect(stored?.uid).toBe(uid);
    expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored?.passwordHash).not.toContain('correct horse');
  });

  it('refuses a password shorter than 10 characters, naming the field', async () => {
    await expect(identity.createUser({ email: 'a@example.org', password: 'short' })).rejects.toMatchObject({
      code: 'invalid',
      fields: { password: 'Use at least 10 characters.' },
    });
  });

  it('signs in with the right password (e-mail in any case) and not with a wrong one', async () => {
    const { uid } = await identity.createUser({ email: 'ada@example.org', password: 'correct horse battery' });
    const session = await identity.signInWithPassword('ADA@example.org', 'correct horse battery');
    expect(session).toMatchObject({ uid, expiresAt: new Date(clock.now().getTime() + 14 * DAY).toISOString() });
    expect(session?.token.length).toBeGreaterThanOrEqual(43);
    expect(await identity.signInWithPassword('ada@example.org', 'wrong horse battery')).toBeNull();
    expect(await identity.signInWithPassword('bob@example.org', 'correct horse battery')).toBeNull();
  });

  it('keeps only a hash of the session token', async () => {
    await identity.createUser({ email: 'ada@example.org', password: 'correct horse battery' });
    const session = await identity.signInWithPassword('ada@example.org', 'correct horse battery');
    expect(await store.repositories.credentials.findSession(session!.token)).toBeNull();
  });

  it('renews a session at most every 10 minutes, sliding its expiry', async () => {
    await identity.createUser({ email: 'ada@example.org', password: 'correct horse battery' });
    const session = (await identity.signInWithPassword('ada@example.org', 'correct horse battery'))!;
    clock.advance(SESSION_RENEWAL_INTERVAL_MS - 1000);
    expect(await identity.verifySession(session.token)).toMatchObject({ renewed: false, expiresAt: session.expiresAt });
    clock.advance(1000);
    const renewed = await identity.verifySession(session.token);
    expect(renewed).toMatchObject({
      renewed: true,
      expiresAt: new Date(clock.now().getTime() + 14 * DAY).toISOString(),
    });
    clock.advance(60_000);
    expect(await identity.verifySession(session.token)).toMatchObject({
      renewed: false,
      expiresAt: renewed!.expiresAt,
    });
  });

  it('ends a session at its expiry when unused', async () => {
    await identity.createUser({ email: 'ada@example.org', password: 'correct horse battery' });
    const session = (await identity.signInWithPassword('ada@example.org', 'correct horse battery'))!;
    clock.advance(14 * DAY);
    expect(await identity.verifySession(session.token)).toBeNull();
  });

  it('revokes a session, and a new password ends every session', async () => {
    const { uid } = await identity.createUser({ email: 'ada@example.org', password: 'correct horse battery' });
    const first = (await identity.signInWithPassword('ada@example.org', 'correct horse battery'))!;
    const second = (await identity.signInWithPassword('ada@example.org', 'correct horse battery'))!;
    await identity.revokeSession(first.token);
    expect(await identity.verifySession(first.token)).toBeNull();
    expect(await identity.verifySession(second.token)).not.toBeNull();
    await identity.setPassword(uid, 'a brand new passphrase');
    expect(await identity.verifySession(second.token)).toBeNull();
    expect(await identity.signInWithPassword('ada@example.org', 'a brand new passphrase')).not.toBeNull();
  });

  it('answers null for an unknown token', async () => {
    expect(await identity.verifySession('not-a-token')).toBeNull();
  });
});
