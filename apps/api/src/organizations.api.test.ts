import { mkdir } from 'node:fs/promises';
import { get } from 'node:http';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { bmpOfSize, svgOfSize } from '@causeway/tests/support/image-headers';
import { jpegOfSize, pngOfSize } from '@causeway/tests/support/images';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { TYPES } from './types';

let app: TestApp;
const cookies: Record<'super' | 'admin' | 'campaigner' | 'promoter' | 'harborAdmin' | 'orchardAdmin', string> = {
  super: '',
  admin: '',
  campaigner: '',
  promoter: '',
  harborAdmin: '',
  orchardAdmin: '',
};
let superUid: string;
let harborId: string;
let orchardId: string;

const repositories = () => app.server.container.get(TYPES.Repositories);
const auditOf = (organizationId: string) =>
  repositories().auditLogs.list({ document: 'organizations', triggerId: organizationId });
const stored = (organizationId: string) => repositories().organizations.findById(organizationId);

/** Sends raw bytes as a browser upload does. */
async function upload(path: string, content: Uint8Array | string, contentType: string | null, cookie?: string) {
  const response = await fetch(`${app.url}${path}`, {
    method: 'PUT',
    headers: {
      accept: 'application/json',
      ...(contentType === null ? {} : { 'content-type': contentType }),
      ...(cookie ? { cookie } : {}),
    },
    body: typeof content === 'string' ? content : Buffer.from(content),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** The app-relative address of a stored file (the stored URL names the configured public address). */
const pathOf = (url: string) => new URL(url, 'http://any.host').pathname;

async function createOrganization(name: string): Promise<string> {
  const created = await callApi(app, 'POST', '/api/organizations', { cookie: cookies.super, body: { name } });
  expect(created.status).toBe(201);
  return created.body.organization.organizationId as string;
}

beforeAll(async () => {
  app = await startTestApp();
  for (const name of ['super', 'admin', 'campaigner', 'promoter'] as const) {
    cookies[name] = await signInAs(app, `${name}@demo.local`);
  }
  const superSession = await callApi(app, 'GET', '/api/auth/session', { cookie: cookies.super });
  superUid = superSession.body.user.uid;
  const session = await callApi(app, 'GET', '/api/auth/session', { cookie: cookies.campaigner });
  harborId = session.body.user.organizationId;
  orchardId = await createOrganization('Orchard Youth Trust');
  cookies.harborAdmin = (
    await addPerson(app, { email: 'harbor.admin@example.org', admin: true, organizationId: harborId })
  ).cookie;
  cookies.orchardAdmin = (
    await addPerson(app, { email: 'orchard.admin@example.org', admin: true, organizationId: orchardId })
  ).cookie;
});
afterAll(async () => {
  await app?.close();
});

describe('organizations over HTTP: signed out', () => {
  it.each([
    ['GET', '/api/organizations', undefined],
    ['POST', '/api/organizations', { name: 'Anonymous Org' }],
    ['GET', '/api/organizations/{id}', undefined],
    ['PATCH', '/api/organizations/{id}', { name: 'Anonymous Org' }],
    ['DELETE', '/api/organizations/{id}', undefined],
    ['POST', '/api/organizations/{id}/restore', undefined],
  ])('answers 401 to %s %s', async (method, path, body) => {
    const response = await callApi(app, method, path.replace('{id}', harborId), { body });
    expect(response.status).toBe(401);
    expect(response.body.error.message).toBe('Please sign in to continue.');
  });

  it('answers 401 to an image upload, before reading the image', async () => {
    const response = await upload(`/api/organizations/${harborId}/images/logo`, pngOfSize(64, 64), 'image/png');
    expect(response.status).toBe(401);
    expect((await stored(harborId))?.logo).toBeNull();
  });
});

describe('organizations over HTTP: platform staff', () => {
  it('creates an organization (201) and writes the audit entry', async () => {
    const response = await callApi(app, 'POST', '/api/organizations', {
      cookie: cookies.super,
      body: {
        name: '  Cedar Shelter  ',
        email: 'Hello@Cedar.example',
        website: 'https://cedar.example',
        donationPercentage: 72.5,
        headerColor: '#0f3d3e',
      },
    });
    expect(response.status).toBe(201);
    const organization = response.body.organization;
    expect(organization).toMatchObject({
      name: 'Cedar Shelter',
      email: 'hello@cedar.example',
      website: 'https://cedar.example',
      donationPercentage: 72.5,
      headerColor: '#0f3d3e',
      isDeleted: false,
      logo: null,
    });
    expect(await stored(organization.organizationId)).toEqual(organization);
    expect(await auditOf(organization.organizationId)).toEqual([
      expect.objectContaining({ created_by: superUid, event: 'create', action: 'Created organization Cedar Shelter' }),
    ]);
  });

  it('lists organizations alphabetically, and deleted ones only when asked', async () => {
    const doomed = await createOrganization('Aspen Relief');
    expect((await callApi(app, 'DELETE', `/api/organizations/${doomed}`, { cookie: cookies.admin })).status).toBe(200);
    const active = await callApi(app, 'GET', '/api/organizations', { cookie: cookies.admin });
    expect(active.status).toBe(200);
    const names: string[] = active.body.organizations.map((o: { name: string }) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).toEqual(expect.arrayContaining(['Harbor Light Food Bank', 'Orchard Youth Trust']));
    expect(names).not.toContain('Aspen Relief');
    const all = await callApi(app, 'GET', '/api/organizations?includeDeleted=true', { cookie: cookies.admin });
    expect(all.body.organizations.find((o: { name: string }) => o.name === 'Aspen Relief')).toMatchObject({
      isDeleted: true,
    });
  });

  it('reads, updates, deletes and restores, each with its audit entry', async () => {
    const id = await createOrganization('Birch Community Kitchen');
    const read = await callApi(app, 'GET', `/api/organizations/${id}`, { cookie: cookies.admin });
    expect(read.status).toBe(200);
    expect(read.body.organization.name).toBe('Birch Community Kitchen');

    const patched = await callApi(app, 'PATCH', `/api/organizations/${id}`, {
      cookie: cookies.admin,
      body: { phone: '+1 555 0100', sideBarColor: '#abc' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.organization).toMatchObject({ phone: '+1 555 0100', sideBarColor: '#abc' });

    const deleted = await callApi(app, 'DELETE', `/api/organizations/${id}`, { cookie: cookies.super });
    expect(deleted.status).toBe(200);
    expect(deleted.body.organization.isDeleted).toBe(true);
    expect((await stored(id))?.isDeleted).toBe(true);

    const restored = await callApi(app, 'POST', `/api/organizations/${id}/restore`, { cookie: cookies.admin });
    expect(restored.status).toBe(200);
    expect(restored.body.organization).toMatchObject({ isDeleted: false, phone: '+1 555 0100' });

    const events = (await auditOf(id)).map((entry) => [entry.event, entry.action]);
    expect(events).toEqual([
      ['restore', 'Restored organization Birch Community Kitchen'],
      ['delete', 'Deleted organization Birch Community Kitchen'],
      ['update', 'Updated organization Birch Community Kitchen (changed phone, sideBarColor)'],
      ['create', 'Created organization Birch Community Kitchen'],
    ]);
  });

  it('makes a deleted organization active again when it is edited (SPEC §4), audited as a restore', async () => {
    const id = await createOrganization('Willow Arts Fund');
    await callApi(app, 'DELETE', `/api/organizations/${id}`, { cookie: cookies.super });
    const patched = await callApi(app, 'PATCH', `/api/organizations/${id}`, {
      cookie: cookies.admin,
      body: { address: '9 Mill Lane' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.organization).toMatchObject({ isDeleted: false, address: '9 Mill Lane' });
    expect((await stored(id))?.isDeleted).toBe(false);
    const [latest] = await auditOf(id);
    expect(latest).toMatchObject({
      event: 'restore',
      action: 'Restored organization Willow Arts Fund by editing it (changed address)',
    });
  });

  it.each([
    ['GET', '/api/organizations/{id}', undefined],
    ['PATCH', '/api/organizations/{id}', { name: 'Nobody' }],
    ['DELETE', '/api/organizations/{id}', undefined],
    ['POST', '/api/organizations/{id}/restore', undefined],
  ])('answers 404 to %s %s for an unknown id', async (method, path, body) => {
    const response = await callApi(app, method, path.replace('{id}', 'no-such-organization'), {
      cookie: cookies.super,
      body,
    });
    expect(response.status).toBe(404);
    expect(response.body.error).toEqual({ code: 'not_found', message: 'Organization not found' });
  });

  it('answers 404 to an image upload for an unknown id', async () => {
    const response = await upload(
      '/api/organizations/no-such-organization/images/logo',
      pngOfSize(64, 64),
      'image/png',
      cookies.super,
    );
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe('Organization not found');
  });
});

describe('organizations over HTTP: bad input names the field (400)', () => {
  const longId = 'x'.repeat(129);
  it.each([
    ['POST', '/api/organizations', { name: '   ' }, 'name', 'Enter the organization name.'],
    ['POST', '/api/organizations', { name: 'Ok', headerColor: 'red' }, 'headerColor', 'Expected a color like #1a2b3c'],
    ['POST', '/api/organizations', { name: 'Ok', donationPercentage: 150 }, 'donationPercentage', 'Use 0 to 100.'],
    ['POST', '/api/organizations', { name: 'Ok', email: 'not-an-email' }, 'email', undefined],
    [
      'POST',
      '/api/organizations',
      { name: 'Ok', website: 'harbor.example' },
      'website',
      'Enter a full web address, like https://example.org.',
    ],
    ['POST', '/api/organizations', {}, 'name', undefined],
    ['PATCH', `/api/organizations/{harbor}`, { name: '' }, 'name', 'Enter the organization name.'],
    ['PATCH', `/api/organizations/{harbor}`, { footerColor: '#12345g' }, 'footerColor', undefined],
    ['PATCH', `/api/organizations/{harbor}`, { donationPercentage: -1 }, 'donationPercentage', 'Use 0 to 100.'],
    ['PATCH', `/api/organizations/{harbor}`, { email: 'harbor@' }, 'email', undefined],
    ['GET', '/api/organizations?includeDeleted=yes', undefined, 'includeDeleted', undefined],
    ['GET', `/api/organizations/${longId}`, undefined, 'id', undefined],
    ['PATCH', `/api/organizations/${longId}`, { name: 'Ok' }, 'id', undefined],
    ['DELETE', `/api/organizations/${longId}`, undefined, 'id', undefined],
    ['POST', `/api/organizations/${longId}/restore`, undefined, 'id', undefined],
  ])('%s %s %j → 400 naming %s', async (method, path, body, field, message) => {
    const response = await callApi(app, method, path.replace('{harbor}', harborId), { cookie: cookies.super, body });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toEqual([field]);
    if (message) expect(response.body.error.fields[field]).toBe(message);
    expect(await stored(harborId)).toMatchObject({ name: 'Harbor Light Food Bank', donationPercentage: 80 });
  });

  it('names the kind of image when it is not logo or imageLogin', async () => {
    const response = await upload(
      `/api/organizations/${harborId}/images/banner`,
      pngOfSize(64, 64),
      'image/png',
      cookies.super,
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.error.fields)).toEqual(['kind']);
  });
});

describe('organizations over HTTP: who may do what (403)', () => {
  it.each([
    ['a campaigner', 'campaigner', 'GET', '/api/organizations', undefined],
    ['a promoter', 'promoter', 'GET', '/api/organizations', undefined],
    ['an organization admin', 'harborAdmin', 'GET', '/api/organizations', undefined],
    ['a campaigner', 'campaigner', 'POST', '/api/organizations', { name: 'Mine Now' }],
    ['an organization admin', 'harborAdmin', 'POST', '/api/organizations', { name: 'Mine Now' }],
    ['a promoter', 'promoter', 'POST', '/api/organizations', { name: 'Mine Now' }],
    ['a campaigner', 'campaigner', 'GET', '/api/organizations/{orchard}', undefined],
    ['a promoter', 'promoter', 'GET', '/api/organizations/{harbor}', undefined],
    ['an organization admin', 'harborAdmin', 'GET', '/api/organizations/{orchard}', undefined],
    ['an organization admin', 'harborAdmin', 'PATCH', '/api/organizations/{orchard}', { name: 'Taken' }],
    ['a campaigner', 'campaigner', 'PATCH', '/api/organizations/{harbor}', { name: 'Taken' }],
    ['a promoter', 'promoter', 'PATCH', '/api/organizations/{harbor}', { name: 'Taken' }],
    ['a campaigner', 'campaigner', 'DELETE', '/api/organizations/{harbor}', undefined],
    ['an organization admin', 'harborAdmin', 'DELETE', '/api/organizations/{harbor}', undefined],
    ['a campaigner', 'campaigner', 'POST', '/api/organizations/{harbor}/restore', undefined],
    ['an organization admin', 'orchardAdmin', 'POST', '/api/organizations/{orchard}/restore', undefined],
  ] as const)('refuses %s (%s): %s %s', async (_who, cookie, method, path, body) => {
    const before = await repositories().organizations.list({ includeDeleted: true });
    const response = await callApi(app, method, path.replace('{harbor}', harborId).replace('{orchard}', orchardId), {
      cookie: cookies[cookie],
      body,
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('forbidden');
    expect(await repositories().organizations.list({ includeDeleted: true })).toEqual(before);
  });

  it('says why when someone reaches for another organization', async () => {
    const read = await callApi(app, 'GET', `/api/organizations/${orchardId}`, { cookie: cookies.campaigner });
    expect(read.body.error.message).toBe('You can only see your own organization.');
    const edit = await callApi(app, 'PATCH', `/api/organizations/${orchardId}`, {
      cookie: cookies.harborAdmin,
      body: { name: 'Taken' },
    });
    expect(edit.body.error.message).toBe('You can only change your own organization.');
  });

  it('refuses an image upload to the admin of another organization and to a campaigner', async () => {
    for (const cookie of [cookies.harborAdmin, cookies.campaigner]) {
      const response = await upload(
        `/api/organizations/${orchardId}/images/logo`,
        pngOfSize(64, 64),
        'image/png',
        cookie,
      );
      expect(response.status).toBe(403);
    }
    expect((await stored(orchardId))?.logo).toBeNull();
  });

  it('lets members read their own organization, and its admin change it', async () => {
    const read = await callApi(app, 'GET', `/api/organizations/${harborId}`, { cookie: cookies.campaigner });
    expect(read.status).toBe(200);
    expect(read.body.organization.organizationId).toBe(harborId);
    const orchard = await callApi(app, 'PATCH', `/api/organizations/${orchardId}`, {
      cookie: cookies.orchardAdmin,
      body: { paymentDisclaimer: 'Orchard Youth Trust is a registered charity.' },
    });
    expect(orchard.status).toBe(200);
    expect(orchard.body.organization.paymentDisclaimer).toBe('Orchard Youth Trust is a registered charity.');
  });

  it('hides a deleted organization from its members, so its admin cannot undo the deletion', async () => {
    const id = await createOrganization('Maple Literacy Project');
    const { cookie } = await addPerson(app, { email: 'maple.admin@example.org', admin: true, organizationId: id });
    await callApi(app, 'DELETE', `/api/organizations/${id}`, { cookie: cookies.super });
    expect((await callApi(app, 'GET', `/api/organizations/${id}`, { cookie })).status).toBe(404);
    const edit = await callApi(app, 'PATCH', `/api/organizations/${id}`, { cookie, body: { name: 'Maple Again' } });
    expect(edit.status).toBe(404);
    expect(await stored(id)).toMatchObject({ isDeleted: true, name: 'Maple Literacy Project' });
  });
});

describe('organization images over HTTP', () => {
  it("stores the organization's logo, saves its address, audits it and serves it", async () => {
    const png = pngOfSize(96, 48);
    const response = await upload(`/api/organizations/${harborId}/images/logo`, png, 'image/png', cookies.harborAdmin);
    expect(response.status).toBe(200);
    const { logo } = response.body.organization;
    expect(pathOf(logo)).toBe(`/files/organizations/logo_${harborId}.png`);
    expect((await stored(harborId))?.logo).toBe(logo);
    const [latest] = await auditOf(harborId);
    expect(latest).toMatchObject({
      event: 'update',
      action: 'Changed the logo of Harbor Light Food Bank (PNG, 96×48 pixels)',
    });

    const served = await fetch(`${app.url}${pathOf(logo)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('no-cache');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png);
    const etag = served.headers.get('etag');
    expect(etag).toBeTruthy();
    // As a browser revalidates (fetch() would add Cache-Control: no-cache to a conditional request).
    const again = await new Promise<number>((done, fail) =>
      get(`${app.url}${pathOf(logo)}`, { headers: { 'if-none-match': etag! } }, (answer) => {
        answer.resume();
        done(answer.statusCode ?? 0);
      }).on('error', fail),
    );
    expect(again).toBe(304);
  });

  it('stores the login image as the format its bytes show, and serves an SVG under a restrictive policy', async () => {
    const svg = svgOfSize(240, 80, '<script>alert(document.cookie)</script><rect width="240" height="80"/>');
    const response = await upload(
      `/api/organizations/${orchardId}/images/imageLogin`,
      svg,
      'image/svg+xml',
      cookies.super,
    );
    expect(response.status).toBe(200);
    const { imageLogin } = response.body.organization;
    expect(pathOf(imageLogin)).toBe(`/files/organizations/imageLogin_${orchardId}.svg`);
    const served = await fetch(`${app.url}${pathOf(imageLogin)}`);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    const policy = served.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('sandbox');
    expect(policy).not.toContain('script-src');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');

    const jpeg = await upload(
      `/api/organizations/${orchardId}/images/logo`,
      jpegOfSize(300, 300),
      'image/png',
      cookies.super,
    );
    expect(pathOf(jpeg.body.organization.logo)).toBe(`/files/organizations/logo_${orchardId}.jpg`);
    const servedJpeg = await fetch(`${app.url}${pathOf(jpeg.body.organization.logo)}`);
    expect(servedJpeg.headers.get('content-type')).toBe('image/jpeg');
  });

  it.each([
    [
      'a text file',
      'hello',
      'text/plain',
      400,
      'Images must be PNG, JPEG, GIF, WebP or SVG; this file was sent as "text/plain".',
    ],
    [
      'a BMP',
      bmpOfSize(64, 64),
      'image/bmp',
      400,
      'Images must be PNG, JPEG, GIF, WebP or SVG; this file was sent as "image/bmp".',
    ],
    ['no content type', pngOfSize(64, 64), null, 400, undefined],
    ['an empty body', new Uint8Array(0), 'image/png', 400, 'The image is empty. Choose an image file.'],
    [
      'bytes that are not an image',
      '<html><body>not a picture</body></html>',
      'image/png',
      400,
      'This file could not be read as an image (it was sent as "image/png"). Choose a PNG, JPEG, GIF, WebP or SVG image.',
    ],
    ['an 8×8 image', pngOfSize(8, 8), 'image/png', 400, 'The image is 8×8 pixels; it must be at least 16×16.'],
    [
      'a 5000×20 image',
      pngOfSize(5000, 20),
      'image/png',
      400,
      'The image is 5000×20 pixels; it must be at most 4096×4096.',
    ],
    [
      'an image over 2 MB',
      new Uint8Array(2 * 1024 * 1024 + 10),
      'image/png',
      413,
      'The image is larger than 2 MB. Choose one of 2 MB or less.',
    ],
  ] as const)('refuses %s with a clear message and changes nothing', async (_case, content, type, status, message) => {
    const before = await stored(harborId);
    const auditBefore = await auditOf(harborId);
    const response = await upload(`/api/organizations/${harborId}/images/logo`, content, type, cookies.super);
    expect(response.status).toBe(status);
    expect(Object.keys(response.body.error.fields)).toEqual(['image']);
    if (message) expect(response.body.error.message).toBe(message);
    expect(await stored(harborId)).toEqual(before);
    expect(await auditOf(harborId)).toEqual(auditBefore);
  });

  it('leaves the organization and the audit log as they were when the file cannot be stored', async () => {
    const id = await createOrganization('Spruce Animal Rescue');
    // A folder where the logo file must go: the store cannot write the file.
    const filesRoot = join(resolve(app.server.container.get(TYPES.Config).DATA_DIR), 'files');
    await mkdir(join(filesRoot, 'organizations', `logo_${id}.png`), { recursive: true });
    const response = await upload(
      `/api/organizations/${id}/images/logo`,
      pngOfSize(64, 64),
      'image/png',
      cookies.super,
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.body.error.message).not.toMatch(/EISDIR|ENOTDIR|\/tmp\//);
    expect((await stored(id))?.logo).toBeNull();
    expect((await auditOf(id)).map((entry) => entry.event)).toEqual(['create']);
  });
});

describe('stored files over HTTP', () => {
  it.each([
    ['an unknown file', '/files/organizations/logo_nobody.png'],
    ['a folder (no listings)', '/files/organizations'],
    ['a path leaving the store', '/files/..%2F..%2Fetc%2Fpasswd'],
    ['the hidden type records', `/files/.content-types/organizations/logo_{harbor}.png`],
  ])('answers 404 for %s', async (_case, path) => {
    const response = await fetch(`${app.url}${path.replace('{harbor}', harborId)}`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
  });

  it('serves files read-only', async () => {
    const response = await fetch(`${app.url}/files/organizations/logo_${harborId}.png`, {
      method: 'PUT',
      body: 'overwritten',
    });
    expect(response.status).toBe(404);
  });
});

describe('the API reference', () => {
  it('lists the organization and settings endpoints', async () => {
    const document = await (await fetch(`${app.url}/api/openapi.json`)).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/organizations',
        '/api/organizations/{id}',
        '/api/organizations/{id}/restore',
        '/api/organizations/{id}/images/{kind}',
        '/api/settings',
      ]),
    );
    expect(Object.keys(document.paths['/api/organizations/{id}'])).toEqual(['get', 'patch', 'delete']);
    expect(document.paths['/api/organizations'].post.requestBody.content['application/json'].schema.required).toEqual([
      'name',
    ]);
  });
});
