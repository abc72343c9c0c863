import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, signInAs, solveBotCheck } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { TYPES } from './types';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const sessionOf = async (email: string) =>
  callApi(app, 'GET', '/api/auth/session', { cookie: await signInAs(app, email) });

/** The sign-in answer itself, which carries the branding too. */
const signInAnswer = async (email: string) =>
  callApi(app, 'POST', '/api/auth/sign-in', {
    body: { email, password: app.demoPassword, botCheck: await solveBotCheck(app) },
  });

describe('the branding of the signed-in user’s organization', () => {
  it('comes with sign-in and the session of a member of an organization', async () => {
    const signedIn = await signInAnswer('campaigner@demo.local');
    expect(signedIn.status).toBe(200);
    const branding = {
      organizationId: signedIn.body.user.organizationId,
      name: 'Harbor Light Food Bank',
      logo: null,
      imageLogin: null,
      headerColor: '#0f3d3e',
      footerColor: '#0f3d3e',
      sideBarColor: '#f4f1ea',
      backGroundColor: '#fbfaf7',
    };
    expect(signedIn.body.branding).toEqual(branding);
    expect((await sessionOf('campaigner@demo.local')).body.branding).toEqual(branding);
  });

  it.each(['admin@demo.local', 'promoter@demo.local'])(
    'is null for %s, who belongs to no organization',
    async (email) => {
      expect((await signInAnswer(email)).body.branding).toBeNull();
      const session = await sessionOf(email);
      expect(session.status).toBe(200);
      expect(session.body.branding).toBeNull();
    },
  );

  it('follows changes to the organization, and is null once it is deleted', async () => {
    const cookie = await signInAs(app, 'campaigner@demo.local');
    const { organizationId } = (await callApi(app, 'GET', '/api/auth/session', { cookie })).body.user;
    const organizations = app.server.container.get(TYPES.Repositories).organizations;

    await organizations.update(organizationId, { headerColor: '#ffcc00', logo: 'https://cdn.example.org/logo.png' });
    expect((await callApi(app, 'GET', '/api/auth/session', { cookie })).body.branding).toMatchObject({
      headerColor: '#ffcc00',
      logo: 'https://cdn.example.org/logo.png',
    });

    await organizations.softDelete(organizationId);
    const session = await callApi(app, 'GET', '/api/auth/session', { cookie });
    expect(session.status).toBe(200);
    expect(session.body.branding).toBeNull();
  });
});
