import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE } from '@causeway/core/users/avatar';
import { DEMO_NEVER_ADMIN, USER_NOT_FOUND } from '@causeway/core/users/user.service';
import { addPerson, type NewPerson } from '@causeway/tests/support/add-person';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { pngOfSize } from '@causeway/tests/support/images';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { TYPES } from './types';

let app: TestApp;
let harborId: string;
let riversideId: string;
const cookies = { super: '', admin: '', campaigner: '', promoter: '', riversideAdmin: '', harborAdmin: '' };
const uids = { super: '', admin: '', campaigner: '', promoter: '', riversideAdmin: '', harborAdmin: '', bob: '' };

let counter = 0;
/** A new person with a unique e-mail, signed in. */
async function newPerson(person: Omit<NewPerson, 'email'> & { label?: string } = {}) {
  const email = `${person.label ?? 'person'}-${++counter}@example.org`;
  return { email, ...(await addPerson(app, { ...person, email })) };
}

const repositories = () => app.server.container.get(TYPES.Repositories);

/** An upload of raw bytes, as the shell sends an avatar. */
async function putAvatar(cookie: string | undefined, content: Uint8Array, contentType: string) {
  const response = await fetch(`${app.url}/api/users/me/avatar`, {
    method: 'PUT',
    headers: { 'content-type': contentType, accept: 'application/json', ...(cookie ? { cookie } : {}) },
    body: Buffer.from(content),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  app = await startTestApp();
  const { organizations, users } = repositories();
  harborId = (await organizations.list())[0]!.organizationId;
  riversideId = (
    await organizations.create({
      organizationId: 'riverside-shelter',
      name: 'Riverside Shelter',
      created_date: new Date().toISOString(),
    })
  ).organizationId;
  for (const [role, email] of [
    ['super', 'super@demo.local'],
    ['admin', 'admin@demo.local'],
    ['campaigner', 'campaigner@demo.local'],
    ['promoter', 'promoter@demo.local'],
  ] as const) {
    cookies[role] = await signInAs(app, email);
    uids[role] = (await users.findByEmail(email))!.uid;
  }
  const riversideAdmin = await newPerson({ label: 'riverside-admin', admin: true, organizationId: riversideId });
  const harborAdmin = await newPerson({ label: 'harbor-admin', admin: true, organizationId: harborId });
  const bob = await newPerson({ label: 'bob', firstName: 'Bob', organizationId: riversideId });
  Object.assign(cookies, { riversideAdmin: riversideAdmin.cookie, harborAdmin: harborAdmin.cookie });
  Object.assign(uids, { riversideAdmin: riversideAdmin.uid, harborAdmin: harborAdmin.uid, bob: bob.uid });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('signed out', () => {
  it.each([
    ['GET', '/api/users', undefined],
    ['GET', '/api/users/me', undefined],
    ['PATCH', '/api/users/me', { Title: 'Volunteer' }],
    ['GET', '/api/users/{campaigner}', undefined],
    ['PATCH', '/api/users/{campaigner}', { Title: 'Volunteer' }],
    ['DELETE', '/api/users/{campaigner}', undefined],
  ])('%s %s answers 401', async (method, path, body) => {
    const response = await callApi(app, method, path.replace('{campaigner}', uids.campaigner), { body });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe('Please sign in to continue.');
  });

  it('PUT /api/users/me/avatar answers 401', async () => {
    expect(await putAvatar(undefined, pngOfSize(64, 64), 'image/png')).toMatchObject({
      status: 401,
      body: { error: { code: 'unauthenticated' } },
    });
  });
});

describe('GET /api/users', () => {
  it('lists everyone for platform staff, filtered by organization and account type', async () => {
    const all = await callApi(app, 'GET', '/api/users', { cookie: cookies.admin });
    expect(all.status).toBe(200);
    const emails = all.body.users.map((user: { Email: string }) => user.Email);
    expect(emails).toEqual(
      expect.arrayContaining(['super@demo.local', 'admin@demo.local', 'campaigner@demo.local', 'promoter@demo.local']),
    );
    const riversideCampaigners = await callApi(
      app,
      'GET',
      `/api/users?organizationId=${riversideId}&accountType=campaigner`,
      { cookie: cookies.super },
    );
    expect(riversideCampaigners.body.users.map((user: { uid: string }) => user.uid).sort()).toEqual(
      [uids.riversideAdmin, uids.bob].sort(),
    );
    const promoters = await callApi(app, 'GET', '/api/users?accountType=promoter', { cookie: cookies.super });
    expect(promoters.body.users.every((user: { AccountType: string }) => user.AccountType === 'promoter')).toBe(true);
    expect(promoters.body.users.map((user: { uid: string }) => user.uid)).toContain(uids.promoter);
  });

  it("keeps an organization admin to their own organization's people", async () => {
    const own = await callApi(app, 'GET', '/api/users', { cookie: cookies.riversideAdmin });
    expect(own.status).toBe(200);
    expect(own.body.users.length).toBeGreaterThanOrEqual(2);
    expect(own.body.users.every((user: { organizationId: string }) => user.organizationId === riversideId)).toBe(true);
    const other = await callApi(app, 'GET', `/api/users?organizationId=${harborId}`, {
      cookie: cookies.riversideAdmin,
    });
    expect(other.status).toBe(403);
  });

  it.each(['campaigner', 'promoter'] as const)('refuses a %s with 403', async (role) => {
    const response = await callApi(app, 'GET', '/api/users', { cookie: cookies[role] });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toMatch(/Only admins can list people/);
  });

  it('answers 400 naming each bad filter', async () => {
    const response = await callApi(app, 'GET', '/api/users?accountType=wizard&includeDeleted=maybe', {
      cookie: cookies.super,
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields).sort()).toEqual(['accountType', 'includeDeleted']);
  });
});

describe('your own profile', () => {
  it('is answered at /api/users/me', async () => {
    const response = await callApi(app, 'GET', '/api/users/me', { cookie: cookies.promoter });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ uid: uids.promoter, Email: 'promoter@demo.local' });
  });

  it('changes your name, title and description, and nothing else', async () => {
    const { cookie, uid } = await newPerson({ label: 'editor' });
    const response = await callApi(app, 'PATCH', '/api/users/me', {
      cookie,
      body: { FirstName: 'Edie', LastName: 'Tor', Title: 'Volunteer lead', Description: 'Food drives.', admin: true },
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({
      uid,
      FirstName: 'Edie',
      LastName: 'Tor',
      Title: 'Volunteer lead',
      Description: 'Food drives.',
      admin: false,
    });
    const session = await callApi(app, 'GET', '/api/auth/session', { cookie });
    expect(session.body.user).toMatchObject({ fName: 'Edie', lName: 'Tor' });
  });

  it('answers 400 naming each bad field', async () => {
    const response = await callApi(app, 'PATCH', '/api/users/me', {
      cookie: cookies.campaigner,
      body: { FirstName: '  ', Title: 'x'.repeat(201) },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toMatchObject({ FirstName: 'Enter your first name.' });
    expect(Object.keys(response.body.error.fields).sort()).toEqual(['FirstName', 'Title']);
  });

  it('stores an avatar and serves it at the address saved on the profile', async () => {
    const { cookie, uid } = await newPerson({ label: 'avatar' });
    const picture = pngOfSize(96, 96);
    const response = await putAvatar(cookie, picture, 'image/png');
    expect(response.status).toBe(200);
    // A same-origin path: it loads whatever name the site is opened by.
    expect(response.body.user.avatar).toMatch(/^\/files\//);
    const avatar = new URL(response.body.user.avatar, app.url);
    expect(avatar.pathname).toBe(`/files/avatars/avatar_${uid}.png`);
    const served = await fetch(`${app.url}${avatar.pathname}${avatar.search}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(picture);
    const me = await callApi(app, 'GET', '/api/users/me', { cookie });
    expect(me.body.user.avatar).toBe(response.body.user.avatar);
  });

  it.each([
    {
      name: 'a text file',
      content: new TextEncoder().encode('hello'),
      type: 'text/plain',
      message: /cannot be an avatar/,
    },
    {
      name: 'an SVG',
      content: new TextEncoder().encode('<svg/>'),
      type: 'image/svg+xml',
      message: /cannot be an avatar/,
    },
    {
      name: 'bytes that are no picture',
      content: new Uint8Array(200),
      type: 'image/png',
      message: /not a readable PNG/,
    },
    { name: 'a picture too small', content: pngOfSize(16, 16), type: 'image/png', message: /at least 32 × 32/ },
  ])('refuses $name with 400 naming the avatar', async ({ content, type, message }) => {
    const response = await putAvatar(cookies.campaigner, content, type);
    expect(response.status).toBe(400);
    expect(response.body.error.fields.avatar).toMatch(message);
  });

  it('refuses a picture over 2 MB with 413 and says so', async () => {
    const content = new Uint8Array(AVATAR_MAX_BYTES + 1);
    content.set(pngOfSize(64, 64));
    const response = await putAvatar(cookies.campaigner, content, 'image/png');
    expect(response).toMatchObject({
      status: 413,
      body: { error: { code: 'too_large', message: AVATAR_TOO_LARGE, fields: { avatar: AVATAR_TOO_LARGE } } },
    });
  });
});

describe('GET /api/users/{id}', () => {
  it('lets staff read anyone, and everyone themselves', async () => {
    const bySuper = await callApi(app, 'GET', `/api/users/${uids.bob}`, { cookie: cookies.super });
    expect(bySuper.status).toBe(200);
    expect(bySuper.body.user.uid).toBe(uids.bob);
    const own = await callApi(app, 'GET', `/api/users/${uids.campaigner}`, { cookie: cookies.campaigner });
    expect(own.body.user.Email).toBe('campaigner@demo.local');
  });

  it("refuses another person to a campaigner, and another organization's to an organization admin", async () => {
    expect((await callApi(app, 'GET', `/api/users/${uids.promoter}`, { cookie: cookies.campaigner })).status).toBe(403);
    const response = await callApi(app, 'GET', `/api/users/${uids.campaigner}`, { cookie: cookies.riversideAdmin });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe('You can only see the people of your own organization.');
  });

  it('answers 404 for an unknown user and 400 for an impossible id', async () => {
    const missing = await callApi(app, 'GET', '/api/users/no-such-user', { cookie: cookies.super });
    expect(missing).toMatchObject({ status: 404, body: { error: { message: USER_NOT_FOUND } } });
    const bad = await callApi(app, 'GET', `/api/users/${'x'.repeat(200)}`, { cookie: cookies.super });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['id']);
  });
});

describe('PATCH /api/users/{id}', () => {
  it("lets an organization admin edit their organization's people, with an audit entry", async () => {
    const { uid } = await newPerson({ label: 'harbor-volunteer', organizationId: harborId, firstName: 'Vera' });
    const response = await callApi(app, 'PATCH', `/api/users/${uid}`, {
      cookie: cookies.harborAdmin,
      body: { Title: 'Pantry lead', admin: true },
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ Title: 'Pantry lead', admin: true });
    const log = await callApi(app, 'GET', `/api/logs?triggerId=${uid}`, { cookie: cookies.super });
    expect(log.body.entries).toEqual([
      expect.objectContaining({
        created_by: uids.harborAdmin,
        document: 'users',
        event: 'update',
        action: 'Made Vera an admin; changed the title of Vera.',
      }),
    ]);
  });

  it("refuses an organization admin editing another organization's user", async () => {
    const response = await callApi(app, 'PATCH', `/api/users/${uids.campaigner}`, {
      cookie: cookies.riversideAdmin,
      body: { Title: 'Taken over' },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe('You can only change the people of your own organization.');
  });

  it.each(['campaigner', 'promoter'] as const)("refuses a %s editing someone's profile", async (role) => {
    const response = await callApi(app, 'PATCH', `/api/users/${uids.bob}`, {
      cookie: cookies[role],
      body: { Title: 'x' },
    });
    expect(response.status).toBe(403);
  });

  it('lets only a super user grant super user rights', async () => {
    const { uid } = await newPerson({ label: 'rising' });
    for (const role of ['admin', 'harborAdmin'] as const) {
      const refused = await callApi(app, 'PATCH', `/api/users/${uid}`, {
        cookie: cookies[role],
        body: { superUser: true },
      });
      expect(refused.status).toBe(403);
    }
    const granted = await callApi(app, 'PATCH', `/api/users/${uid}`, {
      cookie: cookies.super,
      body: { superUser: true },
    });
    expect(granted.body.user.superUser).toBe(true);
  });

  it('never makes a demo user an admin', async () => {
    const { uid, cookie } = await newPerson({ label: 'demo', admin: true, organizationId: harborId });
    const demoted = await callApi(app, 'PATCH', `/api/users/${uid}`, {
      cookie: cookies.super,
      body: { isDemo: true },
    });
    expect(demoted.body.user).toMatchObject({ isDemo: true, admin: false });
    const refused = await callApi(app, 'PATCH', `/api/users/${uid}`, { cookie: cookies.super, body: { admin: true } });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { message: DEMO_NEVER_ADMIN, fields: { admin: DEMO_NEVER_ADMIN } } },
    });
    const session = await callApi(app, 'GET', '/api/auth/session', { cookie });
    expect(session.body.user).toMatchObject({ admin: false, demoUser: true });
  });

  it('moves the sign-in e-mail with the profile e-mail, refusing one already used', async () => {
    const { uid } = await newPerson({ label: 'mover', organizationId: harborId });
    const taken = await callApi(app, 'PATCH', `/api/users/${uid}`, {
      cookie: cookies.admin,
      body: { Email: 'campaigner@demo.local' },
    });
    expect(taken.status).toBe(409);
    const moved = await callApi(app, 'PATCH', `/api/users/${uid}`, {
      cookie: cookies.admin,
      body: { Email: 'Moved.Person@Example.org' },
    });
    expect(moved.body.user.Email).toBe('moved.person@example.org');
    await expect(signInAs(app, 'moved.person@example.org')).resolves.toContain('__session=');
  });

  it('answers 400 naming each bad field, and 404 for an unknown user', async () => {
    const bad = await callApi(app, 'PATCH', `/api/users/${uids.bob}`, {
      cookie: cookies.super,
      body: { Email: 'not-an-e-mail', AccountType: 'wizard', admin: 'yes', isDeleted: true },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['AccountType', 'Email', 'admin', 'isDeleted']);
    const missing = await callApi(app, 'PATCH', '/api/users/no-such-user', {
      cookie: cookies.super,
      body: { Title: 'x' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('DELETE /api/users/{id}', () => {
  it.each([
    ['super', ''],
    ['admin', '?hard=true'],
    ['harborAdmin', ''],
    ['campaigner', ''],
  ] as const)('refuses the %s deleting themselves (%s)', async (role, query) => {
    const response = await callApi(app, 'DELETE', `/api/users/${uids[role]}${query}`, { cookie: cookies[role] });
    expect(response.status).toBe(403);
    expect((await repositories().users.findById(uids[role]))?.isDeleted).toBe(false);
  });

  it('refuses an organization admin a hard delete, even in their organization', async () => {
    const { uid } = await newPerson({ organizationId: harborId });
    const response = await callApi(app, 'DELETE', `/api/users/${uid}?hard=true`, { cookie: cookies.harborAdmin });
    expect(response.status).toBe(403);
    expect(await repositories().users.findById(uid)).not.toBeNull();
  });

  it("refuses an organization admin deleting another organization's user, and non-admins", async () => {
    const byOther = await callApi(app, 'DELETE', `/api/users/${uids.campaigner}`, { cookie: cookies.riversideAdmin });
    expect(byOther.status).toBe(403);
    const byPromoter = await callApi(app, 'DELETE', `/api/users/${uids.bob}`, { cookie: cookies.promoter });
    expect(byPromoter.status).toBe(403);
  });

  it('soft delete ends the session; restoring lets the person sign in again', async () => {
    const person = await newPerson({ label: 'leaving', organizationId: harborId });
    expect((await callApi(app, 'GET', '/api/users/me', { cookie: person.cookie })).status).toBe(200);
    const deleted = await callApi(app, 'DELETE', `/api/users/${person.uid}`, { cookie: cookies.harborAdmin });
    expect(deleted.status).toBe(204);
    expect((await callApi(app, 'GET', '/api/users/me', { cookie: person.cookie })).status).toBe(401);
    expect((await callApi(app, 'GET', '/api/auth/session', { cookie: person.cookie })).body.user).toBeNull();
    await expect(signInAs(app, person.email)).rejects.toThrow(/401/);
    const listed = await callApi(app, 'GET', `/api/users?organizationId=${harborId}&includeDeleted=true`, {
      cookie: cookies.harborAdmin,
    });
    expect(listed.body.users.find((user: { uid: string }) => user.uid === person.uid)).toMatchObject({
      isDeleted: true,
    });

    const restored = await callApi(app, 'PATCH', `/api/users/${person.uid}`, {
      cookie: cookies.harborAdmin,
      body: { isDeleted: false },
    });
    expect(restored.body.user.isDeleted).toBe(false);
    await expect(signInAs(app, person.email)).resolves.toContain('__session=');
  });

  it('hard delete keeps a deletedUsers copy, ends sign-in, and frees the e-mail for a new invitation', async () => {
    const person = await newPerson({ label: 'gone', organizationId: riversideId, firstName: 'Gwen' });
    const response = await callApi(app, 'DELETE', `/api/users/${person.uid}?hard=true`, { cookie: cookies.admin });
    expect(response.status).toBe(204);
    expect((await callApi(app, 'GET', `/api/users/${person.uid}`, { cookie: cookies.admin })).status).toBe(404);
    const copy = await repositories().users.findDeleted(person.uid);
    expect(copy).toMatchObject({ uid: person.uid, Email: person.email, FirstName: 'Gwen' });
    expect(Date.parse(copy!.deletedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await callApi(app, 'GET', '/api/users/me', { cookie: person.cookie })).status).toBe(401);
    await expect(signInAs(app, person.email)).rejects.toThrow(/401/);
    const log = await callApi(app, 'GET', `/api/logs?event=hardDelete&triggerId=${person.uid}`, {
      cookie: cookies.super,
    });
    expect(log.body.entries).toEqual([
      expect.objectContaining({ created_by: uids.admin, trigger_name: 'Gwen', document: 'users' }),
    ]);
    const again = await app.server.container
      .get(TYPES.Identity)
      .createUser({ email: person.email, password: app.demoPassword });
    expect(again.uid).not.toBe(person.uid);
  });

  it('answers 400 for a bad hard flag and 404 for an unknown user', async () => {
    const bad = await callApi(app, 'DELETE', `/api/users/${uids.bob}?hard=maybe`, { cookie: cookies.super });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields)).toEqual(['hard']);
    const missing = await callApi(app, 'DELETE', '/api/users/no-such-user?hard=true', { cookie: cookies.super });
    expect(missing).toMatchObject({ status: 404, body: { error: { message: USER_NOT_FOUND } } });
  });
});
