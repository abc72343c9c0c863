import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { TYPES } from './types';

let app: TestApp;
let superCookie = '';
let organizationId: string | null = null;

interface Listed {
  nextCursor: string | null;
  [list: string]: unknown;
}

/** Every page of a list through the API, `limit` at a time, following nextCursor. */
async function everyPage(path: string, field: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const query: string = `${separator}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const response: { status: number; body: Listed } = await callApi<Listed>(app, 'GET', `${path}${query}`, {
      cookie: superCookie,
    });
    expect(response.status).toBe(200);
    const items = response.body[field] as { uid?: string; id?: string }[];
    expect(items.length).toBeLessThanOrEqual(limit);
    ids.push(...items.map((item) => item.uid ?? item.id ?? ''));
    cursor = response.body.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (cursor !== null);
  return { ids, pages };
}

beforeAll(async () => {
  app = await startTestApp();
  superCookie = await signInAs(app, 'super@demo.local');
  const users = app.server.container.get(TYPES.Repositories).users;
  organizationId = (await users.findByEmail('campaigner@demo.local'))!.organizationId;
  for (let index = 0; index < 7; index++) {
    await addPerson(app, { email: `listed-${index}@example.org`, organizationId });
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('lists that page', () => {
  it('answers people a page at a time: every person once, in the order of the whole list', async () => {
    const path = `/api/users?organizationId=${organizationId}`;
    const whole = await callApi<{ users: { uid: string }[]; nextCursor: string | null }>(app, 'GET', path, {
      cookie: superCookie,
    });
    expect(whole.status).toBe(200);
    expect(whole.body.nextCursor).toBeNull();
    const paged = await everyPage(path, 'users', 3);
    expect(paged.ids).toEqual(whole.body.users.map((user) => user.uid));
    expect(paged.pages).toBe(Math.ceil(whole.body.users.length / 3));
  });

  it('pages the audit log by cursor', async () => {
    const whole = await callApi<{ entries: { id: string }[] }>(app, 'GET', '/api/logs?limit=500', {
      cookie: superCookie,
    });
    const paged = await everyPage('/api/logs', 'entries', 4);
    expect(paged.ids).toEqual(whole.body.entries.map((entry) => entry.id));
  });

  it('pages live campaigns and the drafts lists, open to their readers', async () => {
    const campaigns = await callApi<Listed>(app, 'GET', '/api/campaigns?limit=1');
    expect(campaigns.status).toBe(200);
    expect(Array.isArray(campaigns.body.campaigns)).toBe(true);
    const drafts = await callApi<Listed>(app, 'GET', '/api/pre-campaigns?list=drafts&limit=2', { cookie: superCookie });
    expect(drafts.status).toBe(200);
    expect('nextCursor' in drafts.body).toBe(true);
  });

  it.each(['not-a-cursor', 'W10', Buffer.from('["yesterday","x"]').toString('base64url')])(
    'refuses a cursor it did not make (%s) with a 400 naming the cursor',
    async (cursor) => {
      const response = await callApi<{ error: { fields?: Record<string, string> } }>(
        app,
        'GET',
        `/api/users?cursor=${cursor}`,
        { cookie: superCookie },
      );
      expect(response.status).toBe(400);
      expect(response.body.error.fields).toHaveProperty('cursor');
    },
  );

  it('refuses a limit over 200', async () => {
    const response = await callApi(app, 'GET', '/api/users?limit=201', { cookie: superCookie });
    expect(response.status).toBe(400);
  });
});
