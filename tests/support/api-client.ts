/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and assert on them */
import { solveProofOfWork } from '@causeway/adapters/botcheck/proof-of-work.solver';
import type { TestApp } from './start-app';

export interface JsonResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** The cookie header a browser would send back after this response. */
export const cookieHeaderOf = (response: Response): string =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/** Fetches a bot-check challenge of the app and solves it, as the browser does before signing in or up. */
export async function solveBotCheck(app: Pick<TestApp, 'url'>): Promise<string> {
  const response = await fetch(`${app.url}/api/auth/bot-check`);
  if (response.status !== 200) throw new Error(`No bot-check challenge: ${response.status} ${await response.text()}`);
  const { kind, challenge, params } = (await response.json()) as {
    kind: string;
    challenge: string;
    params: Record<string, string | number>;
  };
  if (kind !== 'proof-of-work') throw new Error(`Tests solve proof-of-work challenges, not ${kind}.`);
  return solveProofOfWork(challenge, Number(params.difficulty));
}

/** Signs in over HTTP and answers the session cookie header; fails the test when sign-in fails. */
export async function signInAs(
  app: Pick<TestApp, 'url' | 'demoPassword'>,
  email: string,
  password = app.demoPassword,
): Promise<string> {
  const response = await fetch(`${app.url}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, botCheck: await solveBotCheck(app) }),
  });
  if (response.status !== 200)
    throw new Error(`Sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  return cookieHeaderOf(response);
}

/** A JSON call to the app, signed in when a cookie header is given. */
export async function callApi<T = any>(
  app: Pick<TestApp, 'url'>,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const response = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: any = undefined;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body, headers: response.headers };
}

/**
 * Signs in the demo campaigner, promoter and super user: each one's cookie, and the campaigner's and
 * the promoter's user ids.
 */
export async function signInDemoTeam(app: Pick<TestApp, 'url' | 'demoPassword'>) {
  const campaigner = await signInAs(app, 'campaigner@demo.local');
  const promoter = await signInAs(app, 'promoter@demo.local');
  const superUser = await signInAs(app, 'super@demo.local');
  const uidOf = async (cookie: string) =>
    (await callApi<{ user: { uid: string } }>(app, 'GET', '/api/auth/session', { cookie })).body.user.uid;
  return {
    cookies: { campaigner, promoter, super: superUser },
    uids: { campaigner: await uidOf(campaigner), promoter: await uidOf(promoter) },
  };
}
