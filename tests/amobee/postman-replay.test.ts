import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAmobeeSandbox, type RunningAmobeeSandbox } from '@causeway/adapters/amobee/amobee.sandbox';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { pngOfSize } from '@causeway/tests/support/png';
import { mp4OfSize } from './media-fixtures';

/**
 * Replays the vendor's Postman collection, request by request, against the sandbox: every example
 * request of the calls the sandbox serves is sent as the collection writes it, and the answer must
 * keep the example's status code, envelope keys and the field names and JSON types of data[0] (or of
 * the first row of a report). Variables get the values a user of the collection would have by then
 * (the ids the earlier answers gave). Literal ids of objects the collection's authors had in their
 * account are replaced by ours, as anyone replaying it must; each such change is listed below.
 */

const COLLECTION = resolve(
  import.meta.dirname,
  '../../adapters/amobee/reference/nexxen-dsp-api.postman_collection.json',
);
const MARKET_ID = 1;
const credentials = { clientId: 'postman-client', clientSecret: 'postman-secret' };
/** Fields of three-level campaigns (packages), which the sandbox does not serve. */
const NOT_SERVED_FIELDS = new Set(['packageId']);

interface PostmanUrl {
  raw: string;
  query?: { key: string; value: string | null; disabled?: boolean }[];
  variable?: { key: string; value: string }[];
}
interface PostmanRequest {
  method: string;
  url: string | PostmanUrl;
  body?: { mode: string; raw?: string; formdata?: { key: string; type: string; src?: string }[] };
}
interface PostmanResponse {
  name: string;
  code?: number;
  body?: string | null;
  header?: { key: string; value: string }[] | null;
  originalRequest?: PostmanRequest;
}
interface PostmanItem {
  name: string;
  item?: PostmanItem[];
  request?: PostmanRequest;
  response?: PostmanResponse[];
}

function requests(items: PostmanItem[]): Map<string, PostmanItem> {
  const found = new Map<string, PostmanItem>();
  const walk = (list: PostmanItem[]) => {
    for (const item of list) {
      if (item.item) walk(item.item);
      else found.set(item.name, item);
    }
  };
  walk(items);
  return found;
}

type JsonType = 'array' | 'object' | 'string' | 'number' | 'boolean' | 'null';
const jsonType = (value: unknown): JsonType =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : // The vendor writes a metric it cannot compute as the string "Infinity".
        value === 'Infinity'
        ? 'number'
        : (typeof value as JsonType);

/** The example's fields, with their types, that the answer lacks or types otherwise. */
function shapeDifferences(expected: Record<string, unknown>, actual: Record<string, unknown>, where: string): string[] {
  return Object.entries(expected)
    .filter(([key]) => !NOT_SERVED_FIELDS.has(key))
    .flatMap(([key, value]) => {
      if (!(key in actual)) return [`${where}.${key} is missing`];
      const want = jsonType(value);
      const got = jsonType(actual[key]);
      // An empty value in an example says little about its type.
      if (want === 'null' || got === want) return [];
      return [`${where}.${key} is ${got}, the collection's is ${want}`];
    });
}

let running: RunningAmobeeSandbox;
let clock: ManualClock;
let collection: Map<string, PostmanItem>;
const vars: Record<string, string> = {
  client_id: credentials.clientId,
  client_secret: credentials.clientSecret,
  accountManagerId: '1234',
  // Objects the sandbox does not serve: their ids are only carried along.
  publisherDealId: '1608799448',
  retargetingSegmentId: '2211421637',
  inventoryListId: '36402855',
  locationGroupId: '36400800',
};
/** Ids of the collection authors' own objects, and which of ours stands for each. */
const LITERAL_IDS: Record<string, string> = {
  '1608815587': 'secondCreativeId',
  '1608815506': 'thirdCreativeId',
  '1606727072': 'advertiserId',
  '77657209': 'advertiserId',
};

function substitute(text: string): string {
  let result = text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => vars[name] ?? whole);
  for (const [literal, name] of Object.entries(LITERAL_IDS)) {
    if (vars[name]) result = result.replaceAll(`"${literal}"`, `"${vars[name]}"`);
  }
  return result;
}

interface Replay {
  status: number;
  headers: Headers;
  body: unknown;
}

interface StepOptions {
  /** Path variables given other values than the collection's (its literal ids are the authors'). */
  path?: Record<string, string>;
  /** Changes to the query, each explained where it is made. */
  query?: (params: URLSearchParams) => void;
  /** Changes to the JSON body, each explained where it is made. */
  body?: (body: Record<string, unknown>) => void;
  file?: { name: string; content: Uint8Array };
}

async function send(request: PostmanRequest, options: StepOptions = {}): Promise<Replay> {
  const base = `${running.url}`;
  const url = typeof request.url === 'string' ? { raw: request.url } : request.url;
  let raw = url.raw
    .split('?')[0]!
    .replace('{{campaign_url}}', `${base}/campaign/v5/api`)
    .replace('{{location_url}}', `${base}/location/v1/api`)
    .replace('{{reporting_url}}', `${base}/reporting/v2/api`)
    .replace('{{url}}', base)
    .replace('https://services.amobee.com', base);
  for (const variable of url.variable ?? []) {
    const value = options.path?.[variable.key] ?? variable.value;
    raw = raw.replace(`:${variable.key}`, substitute(value));
  }
  const target = new URL(substitute(raw));
  const query: NonNullable<PostmanUrl['query']> =
    url.query ??
    (url.raw.includes('?')
      ? [...new URLSearchParams(url.raw.split('?')[1])].map(([key, value]) => ({ key, value }))
      : []);
  for (const entry of query) {
    if (!entry.disabled && entry.value !== null) target.searchParams.set(entry.key, substitute(entry.value));
  }
  options.query?.(target.searchParams);
  const headers: Record<string, string> = {};
  if (vars.bearer_token) headers.authorization = `Bearer ${vars.bearer_token}`;
  let body: BodyInit | undefined;
  if (request.body?.mode === 'raw' && request.body.raw) {
    const parsed = JSON.parse(substitute(request.body.raw)) as Record<string, unknown>;
    options.body?.(parsed);
    body = JSON.stringify(parsed);
    headers['content-type'] = 'application/json';
  } else if (request.body?.mode === 'formdata') {
    const form = new FormData();
    const file = options.file!;
    form.append(request.body.formdata![0]!.key, new Blob([Buffer.from(file.content)]), file.name);
    body = form;
  }
  const response = await fetch(target, { method: request.method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

const CREATED: Record<string, number> = { POST: 201, PUT: 204, GET: 200 };

/** Replays one request of the collection: each of its examples, or itself when it has none. */
async function replay(
  name: string,
  options: StepOptions & { only?: string[]; skip?: string[]; examples?: Record<string, StepOptions> } = {},
): Promise<Map<string, Replay>> {
  const item = collection.get(name);
  expect(item, `the collection has a request named ${name}`).toBeDefined();
  const answers = new Map<string, Replay>();
  const examples = (item!.response ?? []).filter(
    (example) => (!options.only || options.only.includes(example.name)) && !options.skip?.includes(example.name),
  );
  if (examples.length === 0) {
    const answer = await send(item!.request!, options);
    expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(CREATED[item!.request!.method]);
    answers.set(name, answer);
    return answers;
  }
  for (const example of examples) {
    const request = { ...item!.request!, ...example.originalRequest };
    if (!example.originalRequest?.body) request.body = item!.request!.body;
    const exampleOptions = { ...options, ...options.examples?.[example.name] };
    const answer = await send(request, exampleOptions);
    const label = `${name} / ${example.name}`;
    const expectedStatus = example.code ?? CREATED[request.method]!;
    expect(answer.status, `${label}: ${JSON.stringify(answer.body)}`).toBe(expectedStatus);
    for (const header of example.header ?? []) {
      if (['location', 'retry-after'].includes(header.key.toLowerCase())) {
        expect(answer.headers.get(header.key), `${label}: header ${header.key}`).toBeTruthy();
      }
    }
    const exampleBody = example.body ? (JSON.parse(example.body) as unknown) : null;
    if (Array.isArray(exampleBody)) {
      expect(Array.isArray(answer.body), label).toBe(true);
      const rows = answer.body as Record<string, unknown>[];
      if (exampleBody.length > 0) {
        expect(rows.length, `${label}: rows`).toBeGreaterThan(0);
        expect(shapeDifferences(exampleBody[0], rows[0]!, `${label} row[0]`)).toEqual([]);
      }
    } else if (exampleBody && typeof exampleBody === 'object') {
      const expectedBody = exampleBody as Record<string, unknown>;
      const actual = answer.body as Record<string, unknown>;
      expect(Object.keys(actual).sort(), `${label}: envelope`).toEqual(
        expect.arrayContaining(Object.keys(expectedBody).sort()),
      );
      expect(shapeDifferences(expectedBody, actual, label)).toEqual([]);
      const expectedData = expectedBody.data as Record<string, unknown>[] | undefined;
      if (Array.isArray(expectedData) && expectedData.length > 0) {
        const data = actual.data as Record<string, unknown>[];
        expect(data.length, `${label}: data`).toBeGreaterThan(0);
        expect(shapeDifferences(expectedData[0]!, data[0]!, `${label} data[0]`)).toEqual([]);
      }
      const expectedErrors = expectedBody.errors as Record<string, unknown>[] | undefined;
      if (Array.isArray(expectedErrors) && expectedErrors.length > 0) {
        const errors = actual.errors as Record<string, unknown>[];
        expect(shapeDifferences(expectedErrors[0]!, errors[0]!, `${label} errors[0]`)).toEqual([]);
      }
    } else {
      expect(answer.body, `${label}: no body`).toBeNull();
    }
    answers.set(example.name, answer);
  }
  return answers;
}

const firstId = (answer: Replay | undefined) => String((answer?.body as { data: { id: string }[] }).data[0]!.id);

beforeAll(async () => {
  if (!existsSync(COLLECTION)) throw new Error(`The vendor's Postman collection is not at ${COLLECTION}`);
  collection = requests((JSON.parse(readFileSync(COLLECTION, 'utf8')) as { item: PostmanItem[] }).item);
  clock = new ManualClock('2022-09-01T05:47:00Z');
  running = await startAmobeeSandbox({ ...credentials, clock, marketId: MARKET_ID });
});
afterAll(async () => {
  await running?.close();
});

describe("the vendor's Postman collection replayed against the sandbox", () => {
  it('token service', async () => {
    const answers = await replay('New Bearer Token');
    vars.bearer_token = (answers.get('Generate Token - Success')!.body as { access_token: string }).access_token;
  });

  it('advertisers and beacons', async () => {
    vars.advertiserId = firstId((await replay('New Advertiser')).get('201 Created'));
    await replay('List of Advertisers');
    await replay('Existing Advertiser');
    await replay('Update Advertiser Status');
    vars.beaconId = firstId((await replay('New Beacon')).get('201 Created'));
    await replay('List of Beacons');
    await replay('Existing Beacon');
  });

  it('insertion orders', async () => {
    vars.insertionOrderId = firstId((await replay('New IO')).get('201 Created'));
    await replay('List of IOs');
    // The collection's example order is the authors' own.
    await replay('Existing IO', { path: { insertionOrderId: '{{insertionOrderId}}' } });
    await replay('Edit IO');
    await replay('Update IO Status');
    await replay('Update IO Status', { body: (body) => Object.assign(body, { status: 'play' }) });
  });

  it('line items', async () => {
    const created = await replay('New LI (2 Level Campaign)', { path: { insertionOrderId: '{{insertionOrderId}}' } });
    vars.lineItemId = firstId(created.get('Flat Bidding LI'));
    expect(firstId(created.get('Automated Bidding LI'))).not.toBe(vars.lineItemId);
    // Listed by insertion order: the collection lists by package (three-level campaigns, not served).
    await replay('List of LIs', {
      query: (params) => {
        params.delete('packageId');
        params.set('insertionOrderId', vars.insertionOrderId!);
      },
    });
    await replay('Existing LI', { path: { id: '{{lineItemId}}' } });
    await replay('Edit LI');
    await replay('Update LI Status');
  });

  it('creative assets, creatives and ad sizes', async () => {
    const display = await replay('Upload Display Asset', {
      file: { name: 'test display asset.png', content: pngOfSize(300, 250) },
    });
    const asset = (display.get('200 Success')!.body as { data: { creativeAssetKey: string; adSizeId: string }[] })
      .data[0]!;
    vars.displayAssetKey = asset.creativeAssetKey;
    const video = await replay('Upload Video Asset', {
      file: { name: 'test video asset.mp4', content: mp4OfSize(1920, 1080) },
    });
    vars.videoAssetKey = (
      video.get('200 Success')!.body as { data: { creativeAssetKey: string }[] }
    ).data[0]!.creativeAssetKey;
    const creatives = await replay('New Creative', {
      // Audio assets are not served.
      skip: ['Nexxen-Hosted Audio Creative'],
      examples: {
        // The collection's 13 is a video size (its test video's): a display asset has its own.
        'Nexxen-Hosted Display Creative': {
          body: (body) => Object.assign(body.amobeeAdServer as object, { adSizeId: Number(asset.adSizeId) }),
        },
      },
    });
    vars.creativeId = firstId(creatives.get('Nexxen-Hosted Display Creative'));
    vars.videoCreativeId = firstId(creatives.get('Nexxen-Hosted Video Creative'));
    vars.secondCreativeId = firstId(creatives.get('Third-Party Display Tag'));
    const again = await replay('New Creative', { only: ['Third-Party Display Tag'] });
    vars.thirdCreativeId = firstId(again.get('Third-Party Display Tag'));
    await replay('List of Creatives');
    // The collection's example is a video creative with a companion.
    await replay('Existing Creative', { path: { id: '{{videoCreativeId}}' } });
    await replay('Update Creative Status', { path: { id: '{{videoCreativeId}}' } });
    await replay('List of Ad Sizes');
    await replay('Existing Ad Size');
  });

  it('ads', async () => {
    vars.adId = firstId((await replay('New Ad')).get('Weighted Rotation - 2 Assigned Creatives'));
    await replay('List of Ads');
    await replay('Existing Ad');
    await replay('Edit Ad');
    await replay('Update Ad Statuses');
  });

  it('location service', async () => {
    // Continents and countries as the vendor lists them, whole and with its ids.
    const continents = await replay('List of Continents');
    await replay('Existing Continent');
    const countries = await replay('List of Countries');
    await replay('Existing Country');
    for (const [name, answers] of [
      ['List of Continents', continents],
      ['List of Countries', countries],
    ] as const) {
      const example = JSON.parse(collection.get(name)!.response![0]!.body!) as { totalNum: number; data: unknown[] };
      expect(answers.get('200 Success')!.body, name).toEqual({ ...example, errors: [] });
    }
    // Not served: DMAs, addresses and places, which need the vendor's own geographic data.
    await replay('List of Regions');
    await replay('Existing Region');
    const cities = await replay('List of Cities');
    vars.cityId = firstId(cities.get('Cities in British Columbia'));
    // The collection's city id is the vendor's numbering; ours are the sandbox's.
    await replay('Existing City', { path: { id: '{{cityId}}' } });
  });

  it('reporting: 202 and Location, then the rows, then 404 in both shapes', async () => {
    const requested = await replay('New Report');
    const location = requested.get('202 Accepted')!.headers.get('location')!;
    vars.reportId = location.split('/').pop()!;
    // Not ready on the first poll: the service answers 202 while a report runs.
    const pending = await send({ method: 'GET', url: `{{reporting_url}}/reports/${vars.reportId}` });
    expect(pending.status).toBe(202);
    await replay('Report Details', { path: { id: '{{reportId}}' }, only: ['200 Success'] });
    await replay('Report Details', { path: { id: 'no-such-report' }, only: ['404 Client Mismatch'] });
    running.sandbox.advance(25 * 60 * 60 * 1000);
    vars.bearer_token = (
      (await replay('New Bearer Token')).get('Generate Token - Success')!.body as { access_token: string }
    ).access_token;
    await replay('Report Details', { path: { id: '{{reportId}}' }, only: ['404 Expired Report'] });
  });
});
