import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { mirrorCaughtUp, mirrorSnapshot, mirrorStatus } from '@causeway/tests/support/reporting';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { REPORTING_API } from '@causeway/core/contracts/reporting.contract';
import { REPORTING_DATABASE } from './modules/reporting-database';
import { TYPES } from './types';

let app: TestApp;
const cookies = { super: '', admin: '', campaigner: '', promoter: '', organizationAdmin: '' };

const status = (cookie = cookies.super) => mirrorStatus(app, cookie);
const caughtUp = (timeoutMs = 10_000) => mirrorCaughtUp(app, cookies.super, timeoutMs);

beforeAll(async () => {
  app = await startTestApp();
  const users = app.server.container.get(TYPES.Repositories).users;
  cookies.super = await signInAs(app, 'super@demo.local');
  cookies.admin = await signInAs(app, 'admin@demo.local');
  cookies.campaigner = await signInAs(app, 'campaigner@demo.local');
  cookies.promoter = await signInAs(app, 'promoter@demo.local');
  const campaigner = (await users.findByEmail('campaigner@demo.local'))!;
  cookies.organizationAdmin = (
    await addPerson(app, { email: 'harbor-admin@example.org', admin: true, organizationId: campaigner.organizationId })
  ).cookie;
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('The reporting mirror over HTTP', () => {
  it('shows its health and takes a rebuild from platform staff only', async () => {
    for (const [method, path] of [
      ['GET', REPORTING_API.status],
      ['POST', REPORTING_API.rebuild],
    ] as const) {
      expect((await callApi(app, method, path)).status).toBe(401);
      for (const cookie of [cookies.campaigner, cookies.promoter, cookies.organizationAdmin]) {
        expect((await callApi(app, method, path, { cookie })).status).toBe(403);
      }
    }
    const seen = await status(cookies.admin);
    // Beside Postgres the mirror is a schema of the same database; beside Firestore, a server database of
    // its own, or an embedded one.
    const where = app.store !== 'firestore' ? 'same-database' : app.reportingDatabaseUrl ? 'own-database' : 'embedded';
    expect(seen.mirror).toBe(where);
  });

  it('applies a change within seconds, and a rebuild gives the same mirror', async () => {
    const before = await caughtUp();
    const created = await callApi<{ organization: { organizationId: string } }>(app, 'POST', '/api/organizations', {
      cookie: cookies.super,
      body: { name: 'Mirror Test Fund' },
    });
    expect(created.status).toBe(201);
    const started = Date.now();
    const after = await caughtUp(5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(after.eventsApplied).toBeGreaterThan(before.eventsApplied);
    expect(after.lastEvent).not.toBeNull();
    expect(after.lagMs).toBe(0);
    // The outbox keeps nothing once applied.
    expect(await app.server.container.get(TYPES.DataStore).outbox.after(0, 10)).toEqual([]);

    const db = app.server.container.get(REPORTING_DATABASE).db;
    const organization = await db
      .selectFrom('reporting.organizations')
      .selectAll()
      .where('organization_id', '=', created.body.organization.organizationId)
      .executeTakeFirst();
    expect(organization).toMatchObject({ name: 'Mirror Test Fund', is_deleted: false });

    const live = await mirrorSnapshot(db);
    const rebuilt = await callApi<{ rows: Record<string, number>; rebuiltAt: string }>(
      app,
      'POST',
      REPORTING_API.rebuild,
      {
        cookie: cookies.super,
      },
    );
    expect(rebuilt.status).toBe(200);
    expect(rebuilt.body.rows.organizations).toBe(live.organizations!.length);
    expect(rebuilt.body.rows.people).toBe(live.people!.length);
    expect(await mirrorSnapshot(db)).toEqual(live);
    expect((await status()).lastRebuildAt).toBe(rebuilt.body.rebuiltAt);
  });
});
