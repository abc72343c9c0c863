/* eslint-disable @typescript-eslint/no-explicit-any -- the OpenAPI document is read as plain JSON */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson } from '@causeway/tests/support/add-person';
import { createCompleteDraft } from '@causeway/tests/support/campaigns';
import { signInAs } from '@causeway/tests/support/api-client';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { TYPES } from './types';

/**
 * The fuzz tier: every operation of /api/openapi.json, as every role, with input no contract allows
 * (wrong types, missing and extra fields, 1 MB strings, deep nesting, NUL, right-to-left text, lone
 * surrogates, `__proto__` keys, bad ids and query strings). Nothing may answer 5xx, every 400 names
 * the field it refuses, and the server is healthy afterwards.
 */

interface Case {
  role: string;
  /** Sent by every role; the other cases are dealt out to the roles in turn. */
  everyRole?: boolean;
  method: string;
  path: string;
  /** Raw body text, sent as JSON unless `contentType` says otherwise. */
  body?: string;
  contentType?: string;
  label: string;
}

interface Outcome {
  kase: Case;
  status: number;
  text: string;
}

const ROLES = ['anonymous', 'promoter', 'campaigner', 'orgAdmin', 'super', 'admin'] as const;
type Role = (typeof ROLES)[number];

const MEGABYTE_STRING = 'x'.repeat(1_000_000);
const deepValue = (levels: number): string => '['.repeat(levels) + ']'.repeat(levels);
/** Strings no store keeps, or that trip naive code; written as JSON text so lone surrogates survive. */
const NASTY_TEXT: Record<string, string> = {
  nul: JSON.stringify('a\u0000b'),
  loneSurrogate: '"x\\ud800y"',
  lowSurrogate: '"\\udc00"',
  rtl: JSON.stringify('\u202Eمرحبا שלום\u202C'),
  tooLong: JSON.stringify('y'.repeat(5_000)),
  deep: deepValue(2_000),
};
const NASTY_KEYS = Object.keys(NASTY_TEXT);

/** Path segments (already URL-encoded) an id must survive. */
const BAD_IDS = [
  '%00',
  'abc%00def',
  'a'.repeat(300),
  '%ED%A0%80', // a lone surrogate, UTF-8 encoded (not valid UTF-8)
  '%FF',
  '%D8%B9%D8%B1%D8%A8%D9%8A%E2%80%AE', // right-to-left text and an override
  '__proto__',
  '..%2F..%2Fetc%2Fpasswd',
];

/** Query values (already encoded) each query parameter must survive. */
const BAD_QUERY_VALUES = ['%00', '%ED%A0%80', 'z'.repeat(4_000), '-1', 'NaN', '__proto__', '%D7%A9%D7%9C'];

/** A plausible value for a JSON schema, to build a body whose other fields are right. */
function sample(schema: any, depth = 0): unknown {
  if (!schema || depth > 6) return null;
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return sample(variants.find((v: any) => v.type !== 'null') ?? variants[0], depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((part: any) => sample(part, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.org';
      if (schema.format === 'date-time') return '2030-01-01T00:00:00.000Z';
      if (schema.format === 'uri') return 'https://example.org/';
      return 'fuzz'.padEnd(Math.max(4, schema.minLength ?? 0), 'z');
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return schema.minItems ? [sample(schema.items, depth + 1)] : [];
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries<any>(schema.properties ?? {}))
        value[key] = sample(property, depth + 1);
      return value;
    }
    default:
      return null;
  }
}

/** A value of another type than the schema's. */
function wrongTypeOf(schema: any): unknown {
  const type = Array.isArray(schema?.type) ? schema.type[0] : schema?.type;
  if (type === 'string') return 12345;
  if (type === 'number' || type === 'integer') return 'not a number';
  if (type === 'boolean') return 'yes';
  if (type === 'array') return { not: 'an array' };
  if (type === 'object') return ['not', 'an', 'object'];
  return { unexpected: [1, 'two'] };
}

function casesOf(document: any, ids: Record<string, string>): Case[] {
  const cases: Case[] = [];
  for (const [template, operations] of Object.entries<any>(document.paths)) {
    for (const [method, operation] of Object.entries<any>(operations)) {
      const parameters: any[] = operation.parameters ?? [];
      const pathParams = parameters.filter((p) => p.in === 'path').map((p) => p.name as string);
      const queryParams = parameters.filter((p) => p.in === 'query').map((p) => p.name as string);
      const realId = (name: string) =>
        method === 'delete' ? 'fuzz-unknown' : (ids[`${template}:${name}`] ?? ids[name] ?? 'fuzz-unknown');
      const pathWith = (bad?: { name: string; value: string }) =>
        template.replace(/\{(\w+)\}/g, (_match, name: string) =>
          bad?.name === name ? bad.value : encodeURIComponent(realId(name)),
        );
      const add = (label: string, extra: Partial<Case> = {}) =>
        cases.push({ role: '', method: method.toUpperCase(), path: pathWith(), label, ...extra });

      add('as documented', { everyRole: true });
      for (const name of pathParams)
        for (const value of BAD_IDS)
          add(`path ${name}=${value.slice(0, 20)}`, { path: pathWith({ name, value }), everyRole: value === '%00' });
      for (const name of queryParams)
        for (const value of BAD_QUERY_VALUES)
          add(`query ${name}=${value.slice(0, 20)}`, { path: `${pathWith()}?${name}=${value}` });
      if (queryParams.length > 0) {
        const first = queryParams[0]!;
        add('query repeated', { path: `${pathWith()}?${first}=a&${first}=b` });
        add('query __proto__', { path: `${pathWith()}?__proto__=x&constructor=y&${first}[a]=1` });
      }

      const schema = operation.requestBody?.content?.['application/json']?.schema;
      if (!schema && method === 'get') continue;
      const base = (sample(schema ?? { type: 'object' }) ?? {}) as Record<string, unknown>;
      const json = (value: unknown) => JSON.stringify(value);
      add('body array', { body: '[1,2,3]' });
      add('body string', { body: '"text"' });
      add('body number', { body: '42' });
      add('body null', { body: 'null' });
      add('body not JSON', { body: '{"unclosed": ' });
      add('body empty object', { body: '{}' });
      add('body extra field', { body: json({ ...base, fuzzExtra: { nested: true } }) });
      add('body __proto__', {
        everyRole: true,
        body: `{"__proto__":{"admin":true,"superUser":true},${json(base).slice(1)}`.replace(',}', '}'),
      });
      add('body constructor.prototype', { body: json({ ...base, constructor: { prototype: { admin: true } } }) });
      add('body deep nesting', { body: `{"deep":${deepValue(5_000)}}` });
      add('body text/plain', { body: json(base), contentType: 'text/plain' });
      const fields = Object.entries<any>(schema?.properties ?? {});
      fields.forEach(([field, property], index) => {
        add(`body ${field} wrong type`, { body: json({ ...base, [field]: wrongTypeOf(property) }) });
        add(`body ${field} missing`, {
          body: json(Object.fromEntries(Object.entries(base).filter(([k]) => k !== field))),
        });
        const nasty = NASTY_KEYS[(index + cases.length) % NASTY_KEYS.length]!;
        const rest = json(base).slice(1, -1);
        const withNasty = `{${rest ? `${rest},` : ''}"${field}":${NASTY_TEXT[nasty]}}`;
        add(`body ${field} ${nasty}`, { body: withNasty });
      });
      // One megabyte in the first text field (or a field of its own), once per operation and role.
      const textField = fields.find(([, property]) => property.type === 'string')?.[0] ?? 'fuzzText';
      add(`body ${textField} 1 MB`, { body: json({ ...base, [textField]: MEGABYTE_STRING }) });
    }
  }
  return cases;
}

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

let app: TestApp;
const cookies: Record<Role, string> = {
  anonymous: '',
  promoter: '',
  campaigner: '',
  orgAdmin: '',
  super: '',
  admin: '',
};
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  const { organizations, users } = app.server.container.get(TYPES.Repositories);
  const harbor = (await organizations.list())[0]!.organizationId;
  cookies.promoter = await signInAs(app, 'promoter@demo.local');
  cookies.campaigner = await signInAs(app, 'campaigner@demo.local');
  cookies.super = await signInAs(app, 'super@demo.local');
  cookies.admin = await signInAs(app, 'admin@demo.local');
  cookies.orgAdmin = (
    await addPerson(app, { email: 'org-admin@example.org', admin: true, organizationId: harbor })
  ).cookie;
  const draft = await createCompleteDraft(app, cookies.campaigner, 'Fuzzed meals');
  const campaigner = (await users.findByEmail('campaigner@demo.local'))!.uid;
  Object.assign(ids, {
    id: draft,
    '/api/organizations/{id}:id': harbor,
    '/api/organizations/{id}/images/{kind}:id': harbor,
    '/api/organizations/{id}/advertiser:id': harbor,
    '/api/users/{id}:id': campaigner,
    kind: 'logo',
  });
}, 120_000);

afterAll(async () => {
  await app?.close();
});

describe('fuzz tier', () => {
  // About 30 s alone; with the other tiers beside it on two cores, Firestore's run has taken over 120 s.
  it('answers every malformed request of every operation and role without a 5xx, naming the field of each 400', async () => {
    const started = Date.now();
    const document = await (await fetch(`${app.url}/api/openapi.json`)).json();
    // Signing out ends the role's session: it goes last, so the other operations run signed in.
    let turn = 0;
    const all = casesOf(document, ids)
      .flatMap((kase) =>
        kase.everyRole ? ROLES.map((role) => ({ ...kase, role })) : [{ ...kase, role: ROLES[turn++ % ROLES.length]! }],
      )
      .sort((a, b) => Number(a.path === '/api/auth/sign-out') - Number(b.path === '/api/auth/sign-out'));
    console.log(`fuzz: ${all.length} requests to send`);
    const outcomes = await pool(all, 12, async (kase): Promise<Outcome> => {
      const headers: Record<string, string> = { accept: 'application/json', origin: app.url };
      if (kase.body !== undefined) headers['content-type'] = kase.contentType ?? 'application/json';
      const cookie = cookies[kase.role as Role];
      if (cookie) headers.cookie = cookie;
      const begun = Date.now();
      try {
        const response = await fetch(`${app.url}${kase.path}`, {
          method: kase.method,
          headers,
          ...(kase.body !== undefined && kase.method !== 'GET' ? { body: kase.body } : {}),
          redirect: 'manual',
          signal: AbortSignal.timeout(30_000),
        });
        const streaming = response.headers.get('content-type')?.startsWith('text/event-stream');
        const text = streaming ? '' : await response.text();
        if (streaming) await response.body?.cancel();
        if (process.env.FUZZ_SLOW && Date.now() - begun > 500)
          console.log(
            `slow ${Date.now() - begun} ms: ${kase.role} ${kase.method} ${kase.path.slice(0, 80)} [${kase.label}]`,
          );
        return { kase, status: response.status, text };
      } catch (error) {
        // No answer at all is as bad as a 5xx.
        return { kase, status: 599, text: `no answer: ${String(error)}` };
      }
    });

    const classes: Record<string, number> = {};
    for (const { status } of outcomes)
      classes[`${Math.floor(status / 100)}xx`] = (classes[`${Math.floor(status / 100)}xx`] ?? 0) + 1;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`fuzz: ${outcomes.length} requests in ${seconds} s, status classes ${JSON.stringify(classes)}`);

    const describeOutcome = ({ kase, status, text }: Outcome) =>
      `${kase.role} ${kase.method} ${kase.path.slice(0, 80)} [${kase.label}] → ${status} ${text.slice(0, 160)}`;
    const serverErrors = outcomes.filter((outcome) => outcome.status >= 500);
    const unnamed = outcomes.filter(({ status, text }) => {
      if (status !== 400) return false;
      try {
        const fields = JSON.parse(text)?.error?.fields;
        return !fields || Object.keys(fields).length === 0;
      } catch {
        return true;
      }
    });
    expect({ serverErrors: serverErrors.map(describeOutcome), unnamed: unnamed.map(describeOutcome) }).toEqual({
      serverErrors: [],
      unnamed: [],
    });
    expect(outcomes.length).toBeGreaterThan(2_000);

    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
    const ready = await fetch(`${app.url}/readyz`);
    expect(ready.status).toBe(200);
    const campaigns = await fetch(`${app.url}/api/campaigns`);
    expect(campaigns.status).toBe(200);
  }, 400_000);
});
