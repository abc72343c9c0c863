import { beforeEach, describe, expect, it } from 'vitest';
import { createLocalIdentityProvider } from '@causeway/adapters/identity/local.identity-provider';
import { createMemoryMailer } from '@causeway/adapters/memory/mailer.fake';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import { auditTrail } from '../audit/audit-trail';
import { authServiceFactory } from '../auth/auth.service';
import type { Actor } from '../auth/authorization';
import { MAIL_UNAVAILABLE, mailServiceFactory } from '../email/mail.service';
import type { IdentityProvider } from '../ports/identity.port';
import type { Mailbox, Mailer } from '../ports/mailer.port';
import type { DataStore, UnitOfWork } from '../ports/unit-of-work.port';
import { hashRegistrationToken } from './registration-token.entity';
import {
  ALREADY_REGISTERED,
  INVITATION_EXPIRED,
  INVITATION_USED,
  registrationServiceFactory,
  type RegistrationService,
} from './registration.service';

const PASSWORD = 'a long enough password';
const PUBLIC_URL = 'https://give.example';
const DAY = 24 * 60 * 60 * 1000;

const platformAdmin: Actor = {
  uid: 'admin-1',
  role: 'admin',
  organizationId: null,
  demoUser: false,
  displayName: 'Alex Morgan',
};
const actor = (overrides: Partial<Actor>): Actor => ({ ...platformAdmin, ...overrides });

let clock: ManualClock;
let store: DataStore;
let identity: IdentityProvider;
let mailbox: Mailer & Mailbox;
let service: RegistrationService;

function build(options: { mailer?: Mailer; unitOfWork?: UnitOfWork } = {}): RegistrationService {
  const ids = new SequentialIds();
  const { repositories } = store;
  return registrationServiceFactory({
    unitOfWork: options.unitOfWork ?? store.unitOfWork,
    registrationTokens: repositories.registrationTokens,
    organizations: repositories.organizations,
    users: repositories.users,
    identity,
    auth: authServiceFactory({ identity, users: repositories.users, organizations: repositories.organizations, clock }),
    mail: mailServiceFactory({ mailer: options.mailer ?? mailbox, emailLogs: repositories.emailLogs, clock, ids }),
    audit: auditTrail({ clock, ids }),
    clock,
    ids,
    publicUrl: PUBLIC_URL,
  });
}

beforeEach(async () => {
  clock = new ManualClock('2026-03-02T09:30:00.000Z');
  store = createMemoryDataStore({ clock, ids: new SequentialIds('rec') });
  identity = createLocalIdentityProvider({
    credentials: store.repositories.credentials,
    clock,
    ids: new SequentialIds('uid'),
    sessionTtlMs: DAY,
  });
  mailbox = createMemoryMailer(clock);
  for (const [organizationId, name] of [
    ['org-1', 'Harbor Light Food Bank'],
    ['org-2', 'Riverbend Shelter'],
  ]) {
    await store.repositories.organizations.create({
      organizationId: organizationId!,
      name: name!,
      headerColor: '#0f3d3e',
      imageLogin: `https://files.example/${organizationId}/login.png`,
      created_date: clock.now().toISOString(),
    });
  }
  service = build();
});

const invite = (by: Actor = platformAdmin, overrides: Partial<{ email: string; organizationId: string }> = {}) =>
  service.createToken(by, { email: 'Ada@Example.org', name: 'Ada Lovelace', organizationId: 'org-1', ...overrides });

const signUp = (token: string, overrides: Partial<{ email: string; password: string }> = {}) =>
  service.signUp({
    email: 'ada@example.org',
    token,
    password: PASSWORD,
    fName: 'Ada',
    lName: 'Lovelace',
    ...overrides,
  });

describe('creating a registration token', () => {
  it('answers a token valid for 7 days and keeps only its hash, with the e-mail lowercased', async () => {
    const { token, expiresAt } = await invite();
    expect(token.length).toBeGreaterThanOrEqual(40);
    expect(expiresAt).toBe('2026-03-09T09:30:00.000Z');
    const stored = await store.repositories.registrationTokens.findByHash(await hashRegistrationToken(token));
    expect(stored).toMatchObject({
      email: 'ada@example.org',
      name: 'Ada Lovelace',
      organizationId: 'org-1',
      accountType: 'campaigner',
      createdBy: 'admin-1',
      usedAt: null,
    });
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('writes an invite entry to the audit log with the token', async () => {
    await invite();
    const [entry] = await store.repositories.auditLogs.list();
    expect(entry).toMatchObject({
      created_by: 'admin-1',
      document: 'registrationTokens',
      event: 'invite',
      action: 'Invited Ada Lovelace (ada@example.org) to join Harbor Light Food Bank as a campaigner',
      trigger_name: 'ada@example.org',
    });
  });

  it.each([
    ['a super user, into any organization', actor({ role: 'superUser' }), 'org-2'],
    ['a platform admin, into any organization', platformAdmin, 'org-2'],
    ['an organization admin, into their own', actor({ organizationId: 'org-1' }), 'org-1'],
  ])('lets %s invite', async (_who, by, organizationId) => {
    await expect(invite(by, { organizationId })).resolves.toMatchObject({ token: expect.any(String) });
  });

  it.each([
    ['a campaigner', actor({ role: 'campaigner', organizationId: 'org-1' }), 'org-1'],
    ['a promoter', actor({ role: 'promoter' }), 'org-1'],
    ['an organization admin into another organization', actor({ organizationId: 'org-1' }), 'org-2'],
    ['a demo admin', actor({ demoUser: true }), 'org-1'],
  ])('refuses %s with 403', async (_who, by, organizationId) => {
    await expect(invite(by, { organizationId })).rejects.toMatchObject({ code: 'forbidden' });
    expect(await store.repositories.auditLogs.list()).toEqual([]);
  });

  it('refuses an unknown organization (404) and a closed one (400)', async () => {
    await expect(invite(platformAdmin, { organizationId: 'org-404' })).rejects.toMatchObject({ code: 'not_found' });
    await store.repositories.organizations.softDelete('org-2');
    await expect(invite(platformAdmin, { organizationId: 'org-2' })).rejects.toMatchObject({
      code: 'invalid',
      fields: { organizationId: expect.stringContaining('closed') },
    });
  });

  it('refuses an e-mail that already has an account with 409', async () => {
    const { token } = await invite();
    await signUp(token);
    await expect(invite()).rejects.toMatchObject({ code: 'conflict', message: ALREADY_REGISTERED });
  });
});

describe('validating a token', () => {
  it("answers valid with the invitee's name and the organization's branding", async () => {
    const { token } = await invite();
    expect(await service.validateToken({ email: 'ADA@example.org', token })).toEqual({
      valid: true,
      name: 'Ada Lovelace',
      organizationId: 'org-1',
      branding: {
        organizationId: 'org-1',
        name: 'Harbor Light Food Bank',
        logo: null,
        imageLogin: 'https://files.example/org-1/login.png',
        headerColor: '#0f3d3e',
        footerColor: null,
        sideBarColor: null,
        backGroundColor: null,
      },
    });
  });

  it('answers unknown for a wrong token, or a right token with another e-mail', async () => {
    const { token } = await invite();
    expect(await service.validateToken({ email: 'ada@example.org', token: `${token}x` })).toEqual({
      valid: false,
      reason: 'unknown',
    });
    expect(await service.validateToken({ email: 'eve@example.org', token })).toEqual({
      valid: false,
      reason: 'unknown',
    });
  });

  it('answers expired after 7 days, and used once signed up with', async () => {
    const first = await invite();
    clock.advance(7 * DAY);
    expect(await service.validateToken({ email: 'ada@example.org', token: first.token })).toEqual({
      valid: false,
      reason: 'expired',
    });
    const second = await invite();
    await signUp(second.token);
    expect(await service.validateToken({ email: 'ada@example.org', token: second.token })).toEqual({
      valid: false,
      reason: 'used',
    });
  });
});

describe('sending the invitation e-mail', () => {
  it('sends the sign-up link with the organization, the name and the expiry, and records it', async () => {
    const { token } = await invite();
    const sent = await service.sendInvitation(platformAdmin, {
      email: 'ada@example.org',
      name: 'Ada Lovelace',
      organizationId: 'org-1',
      token,
    });
    const [mail] = await mailbox.list();
    expect(mail?.messageId).toBe(sent.messageId);
    const link = `${PUBLIC_URL}/sign-up?email=ada%40example.org&token=${token}`;
    expect(mail).toMatchObject({
      to: 'ada@example.org',
      kind: 'invitation',
      subject: 'Alex Morgan invited you to join Harbor Light Food Bank on Causeway',
    });
    expect(mail?.text).toContain('Hello Ada Lovelace,');
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain('March 9, 2026 at 9:30 AM UTC');
    expect(mail?.html).toContain(`href="${link.replace('&', '&amp;')}"`);
    expect(mail?.html).toMatch(/^<!DOCTYPE html>/);
    expect(await store.repositories.emailLogs.listSent()).toEqual([
      expect.objectContaining({ to: 'ada@example.org', kind: 'invitation', messageId: sent.messageId }),
    ]);
  });

  it('escapes names in the HTML version', async () => {
    const { token } = await service.createToken(platformAdmin, {
      email: 'ada@example.org',
      name: '<b>Ada</b>',
      organizationId: 'org-1',
    });
    await service.sendInvitation(platformAdmin, {
      email: 'ada@example.org',
      name: '<b>Ada</b>',
      organizationId: 'org-1',
      token,
    });
    const [mail] = await mailbox.list();
    expect(mail?.html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt;,');
    expect(mail?.html).not.toContain('<b>Ada</b>');
  });

  it('refuses a token made for another person or organization, and an organization admin of another one', async () => {
    const { token } = await invite();
    const body = { email: 'ada@example.org', name: 'Ada', organizationId: 'org-1', token };
    await expect(service.sendInvitation(platformAdmin, { ...body, email: 'eve@example.org' })).rejects.toMatchObject({
      code: 'invalid',
      fields: { token: expect.any(String) },
    });
    await expect(service.sendInvitation(platformAdmin, { ...body, organizationId: 'org-2' })).rejects.toMatchObject({
      code: 'invalid',
    });
    await expect(service.sendInvitation(actor({ organizationId: 'org-2' }), body)).rejects.toMatchObject({
      code: 'forbidden',
    });
    expect(await mailbox.list()).toEqual([]);
  });

  it('records a failure in errorEmails and says the mail could not be sent', async () => {
    const broken: Mailer = {
      send: async () => {
        throw new Error('connect ECONNREFUSED 127.0.0.1:587');
      },
    };
    service = build({ mailer: broken });
    const { token } = await invite();
    await expect(
      service.sendInvitation(platformAdmin, { email: 'ada@example.org', name: 'Ada', organizationId: 'org-1', token }),
    ).rejects.toMatchObject({ code: 'unavailable', message: MAIL_UNAVAILABLE });
    expect(await store.repositories.emailLogs.listFailures()).toEqual([
      expect.objectContaining({
        to: 'ada@example.org',
        kind: 'invitation',
        error: 'Error: connect ECONNREFUSED 127.0.0.1:587',
      }),
    ]);
    expect(await store.repositories.emailLogs.listSent()).toEqual([]);
  });
});

describe('signing up', () => {
  it('creates the credentials and the profile in the organization, uses the token and signs in', async () => {
    const { token } = await service.createToken(platformAdmin, {
      email: 'ada@example.org',
      name: 'Ada',
      organizationId: 'org-1',
      accountType: 'promoter',
    });
    clock.advance(60_000);
    const { user, session } = await signUp(token, { email: 'ADA@Example.org' });
    expect(user).toMatchObject({
      email: 'ada@example.org',
      fName: 'Ada',
      lName: 'Lovelace',
      accountType: 'promoter',
      organizationId: 'org-1',
      orgName: 'Harbor Light Food Bank',
      admin: false,
      superUser: false,
    });
    expect(session.uid).toBe(user.uid);
    expect(await store.repositories.users.findById(user.uid)).toMatchObject({
      Email: 'ada@example.org',
      AccountType: 'promoter',
      organizationId: 'org-1',
      OrganisationName: 'Harbor Light Food Bank',
    });
    expect(await identity.signInWithPassword('ada@example.org', PASSWORD)).not.toBeNull();
    const stored = await store.repositories.registrationTokens.findByHash(await hashRegistrationToken(token));
    expect(stored).toMatchObject({ usedAt: '2026-03-02T09:31:00.000Z', usedBy: user.uid });
    const entries = await store.repositories.auditLogs.list({ event: 'registration' });
    expect(entries).toEqual([
      expect.objectContaining({
        created_by: user.uid,
        document: 'users',
        trigger_id: user.uid,
        action: 'Ada Lovelace (ada@example.org) joined Harbor Light Food Bank by invitation',
      }),
    ]);
  });

  it('refuses a token already used with 409, and an expired one with 400', async () => {
    const { token } = await invite();
    await signUp(token);
    await expect(signUp(token)).rejects.toMatchObject({ code: 'conflict', message: INVITATION_USED });

    const other = await service.createToken(platformAdmin, {
      email: 'grace@example.org',
      name: 'Grace',
      organizationId: 'org-1',
    });
    clock.advance(7 * DAY + 1);
    await expect(signUp(other.token, { email: 'grace@example.org' })).rejects.toMatchObject({
      code: 'invalid',
      message: INVITATION_EXPIRED,
      fields: { token: INVITATION_EXPIRED },
    });
    expect(await store.repositories.users.findByEmail('grace@example.org')).toBeNull();
  });

  it('refuses a token given with another e-mail', async () => {
    const { token } = await invite();
    await expect(signUp(token, { email: 'eve@example.org' })).rejects.toMatchObject({
      code: 'invalid',
      fields: { token: expect.any(String) },
    });
    expect(await identity.signInWithPassword('eve@example.org', PASSWORD)).toBeNull();
  });

  it('refuses with 409 when credentials exist for the e-mail, keeping the token unused', async () => {
    const { token } = await invite();
    await identity.createUser({ email: 'ada@example.org', password: 'somebody else entirely' });
    await expect(signUp(token)).rejects.toMatchObject({ code: 'conflict' });
    expect((await service.validateToken({ email: 'ada@example.org', token })).valid).toBe(true);
    // The credentials of the earlier account are left as they were.
    expect(await identity.signInWithPassword('ada@example.org', 'somebody else entirely')).not.toBeNull();
  });

  it('removes the credentials again and keeps the token unused when the profile cannot be written', async () => {
    const { token } = await invite();
    const failing: UnitOfWork = {
      run: (work) =>
        store.unitOfWork.run((repositories) =>
          work({
            ...repositories,
            users: {
              ...repositories.users,
              create: async () => {
                throw new Error('the data store went away');
              },
            },
          }),
        ),
    };
    service = build({ unitOfWork: failing });
    await expect(signUp(token)).rejects.toThrow('the data store went away');
    expect(await identity.signInWithPassword('ada@example.org', PASSWORD)).toBeNull();
    expect(await store.repositories.users.findByEmail('ada@example.org')).toBeNull();
    expect((await service.validateToken({ email: 'ada@example.org', token })).valid).toBe(true);
    expect(await store.repositories.auditLogs.list({ event: 'registration' })).toEqual([]);

    service = build();
    await expect(signUp(token)).resolves.toMatchObject({ user: { email: 'ada@example.org' } });
  });

  it('lets one of two concurrent sign-ups with one token win; the other leaves no credentials behind', async () => {
    const { token } = await invite();
    const results = await Promise.allSettled([signUp(token), signUp(token, { password: 'another long password' })]);
    const won = results.filter((result) => result.status === 'fulfilled');
    expect(won).toHaveLength(1);
    const lost = results.find((result) => result.status === 'rejected');
    expect(lost?.reason).toMatchObject({ code: 'conflict' });
    const winnerPassword = results[0]?.status === 'fulfilled' ? PASSWORD : 'another long password';
    expect(await identity.signInWithPassword('ada@example.org', winnerPassword)).not.toBeNull();
    expect((await store.repositories.users.list()).filter((u) => u.Email === 'ada@example.org')).toHaveLength(1);
  });
});
