import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { TYPES } from './types';

let app: TestApp;
const cookies = { super: '', admin: '', campaigner: '', promoter: '', organizationAdmin: '' };
let superUid: string;
let adminUid: string;
let campaignerUid: string;
/** Someone the admins edit, so their entries can be told apart from anything else in the log. */
let subjectUid: string;

interface Entry {
  id: string;
  created_by: string;
  created_date: string;
  document: string;
  event: string;
  action: string;
  trigger_id: string | null;
  trigger_name: string | null;
}

const logs = async (query = '', cookie = cookies.super) => {
  const response = await callApi<{ entries: Entry[] }>(app, 'GET', `/api/logs${query}`, { cookie });
  expect(response.status).toBe(200);
  return response.body.entries;
};

beforeAll(async () => {
  app = await startTestApp();
  const users = app.server.container.get(TYPES.Repositories).users;
  cookies.super = await signInAs(app, 'super@demo.local');
  cookies.admin = await signInAs(app, 'admin@demo.local');
  cookies.campaigner = await signInAs(app, 'campaigner@demo.local');
  cookies.promoter = await signInAs(app, 'promoter@demo.local');
  superUid = (await users.findByEmail('super@demo.local'))!.uid;
  adminUid = (await users.findByEmail('admin@demo.local'))!.uid;
  const campaigner = (await users.findByEmail('campaigner@demo.local'))!;
  campaignerUid = campaigner.uid;
  cookies.organizationAdmin = (
    await addPerson(app, { email: 'harbor-admin@example.org', admin: true, organizationId: campaigner.organizationId })
  ).cookie;
  subjectUid = (
    await addPerson(app, { email: 'subject@example.org', firstName: 'Sol', organizationId: campaigner.organizationId })
  ).uid;

  // Three audited changes, in this order: two by the super user, one by the platform admin.
  const edit = async (cookie: string, body: object) => {
    const response = await callApi(app, 'PATCH', `/api/users/${subjectUid}`, { cookie, body });
    expect(response.status).toBe(200);
    // Entries a moment apart, so their order is the order of the changes.
    await new Promise((resolve) => setTimeout(resolve, 5));
  };
  await edit(cookies.super, { Title: 'Volunteer' });
  await edit(cookies.super, { Title: 'Coordinator' });
  await edit(cookies.admin, { admin: true });
  const own = await callApi(app, 'PATCH', '/api/users/me', {
    cookie: cookies.campaigner,
    body: { Title: 'Organizer' },
  });
  expect(own.status).toBe(200);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('GET /api/logs', () => {
  it('answers 401 when signed out', async () => {
    const response = await callApi(app, 'GET', '/api/logs');
    expect(response.status).toBe(401);
  });

  it.each(['campaigner', 'promoter', 'organizationAdmin'] as const)('refuses the %s with 403', async (role) => {
    const response = await callApi(app, 'GET', '/api/logs', { cookie: cookies[role] });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe('Only super users and platform admins can read the audit log.');
  });

  it('shows platform staff what was done to a record, newest first', async () => {
    for (const cookie of [cookies.super, cookies.admin]) {
      const entries = await logs(`?triggerId=${subjectUid}`, cookie);
      expect(entries.map((entry) => [entry.created_by, entry.action])).toEqual([
        [adminUid, 'Made Sol an admin.'],
        [superUid, 'Changed the title of Sol.'],
        [superUid, 'Changed the title of Sol.'],
      ]);
      expect(entries[0]).toMatchObject({ document: 'users', event: 'update', trigger_name: 'Sol' });
      const dates = entries.map((entry) => entry.created_date);
      expect([...dates].sort().reverse()).toEqual(dates);
    }
  });

  it('filters by author, collection and event', async () => {
    const byAdmin = await logs(`?createdBy=${adminUid}&triggerId=${subjectUid}`);
    expect(byAdmin.map((entry) => entry.action)).toEqual(['Made Sol an admin.']);
    const ownProfile = await logs(`?document=users&event=updateProfile&createdBy=${campaignerUid}`);
    expect(ownProfile).toEqual([
      expect.objectContaining({ trigger_id: campaignerUid, action: 'Casey Nguyen changed their title.' }),
    ]);
    expect(await logs(`?document=no-such-collection`)).toEqual([]);
  });

  it('pages with limit and before', async () => {
    const all = await logs(`?triggerId=${subjectUid}`);
    const first = await logs(`?triggerId=${subjectUid}&limit=1`);
    expect(first).toEqual([all[0]]);
    const rest = await logs(`?triggerId=${subjectUid}&before=${encodeURIComponent(all[0]!.created_date)}`);
    expect(rest.every((entry) => entry.created_date < all[0]!.created_date)).toBe(true);
    expect(rest.map((entry) => entry.id)).toEqual(
      all.filter((entry) => entry.created_date < all[0]!.created_date).map((entry) => entry.id),
    );
  });

  it('answers 400 naming each bad filter', async () => {
    const response = await callApi(app, 'GET', '/api/logs?limit=0&before=yesterday&createdBy=', {
      cookie: cookies.super,
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields).sort()).toEqual(['before', 'createdBy', 'limit']);
    const tooMany = await callApi(app, 'GET', '/api/logs?limit=501', { cookie: cookies.super });
    expect(Object.keys(tooMany.body.error.fields)).toEqual(['limit']);
  });
});
