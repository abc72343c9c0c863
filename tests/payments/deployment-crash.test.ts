import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { uploadFile, completeDraftFields } from '@causeway/tests/support/campaigns';
import { jpegOfSize, pngOfSize } from '@causeway/tests/support/images';
import { submitCheckoutForm } from '@causeway/tests/stripe/sandbox-control';
import {
  crashStores,
  killHard,
  okJson,
  serverDatabaseFor,
  startServerProcess,
  type ServerProcess,
} from '@causeway/tests/support/server-process';

/**
 * A paid campaign's set-up on the ad platform, the server killed with SIGKILL in the middle of its steps
 * again and again, each time started again on the same data: the worker takes the job up once its lease
 * has run out and carries on, and in the end the DSP sandbox holds exactly one insertion order, one line
 * item, one creative per ad file and one ad per creative for it, and the campaign is published.
 *
 * Each kill is set up by a fault of the DSP sandbox the server starts with (AMOBEE_SANDBOX_FAULTS): a
 * `delay` holds the step's request before the platform does anything (killed then, nothing was made), a
 * `holdAnswer` lets the platform make and keep the object but holds its answer (killed then, the app
 * never heard of it and must find it instead of making another). The server is killed once the sandbox
 * has taken the request (and, for `holdAnswer`, once its state file holds the change).
 */
const SANDBOX = '/sandbox/amobee';
const CAMPAIGN = '/campaign/v5/api';
const HOLD_MS = 60_000;
/** How long a (re)started server may take to reach the next crash point, or to finish the job. */
const REACH_WITHIN_MS = 150_000;

type Kind = 'insertionOrders' | 'lineItems' | 'assets' | 'creatives' | 'ads';
type Totals = Record<Kind, number>;
type SavedState = Record<Kind, { id?: string; status?: string }[]>;

interface CrashPoint {
  label: string;
  fault: { method: string; path: string; action: 'delay' | 'holdAnswer' };
  /** For `holdAnswer`: the sandbox's saved state once the platform has kept the change. */
  kept?: (state: SavedState, before: Totals) => boolean;
}

const crashPoints: CrashPoint[] = [
  {
    label: 'step 2, the insertion order asked for, nothing made yet',
    fault: { method: 'POST', path: `${CAMPAIGN}/advertisers/*/insertionOrders`, action: 'delay' },
  },
  {
    label: 'step 2, the insertion order made, its answer not back',
    fault: { method: 'POST', path: `${CAMPAIGN}/advertisers/*/insertionOrders`, action: 'holdAnswer' },
    kept: (state, before) => state.insertionOrders.length > before.insertionOrders,
  },
  {
    label: 'step 3, the line item made, its answer not back',
    fault: { method: 'POST', path: `${CAMPAIGN}/insertionOrders/*/lineItems`, action: 'holdAnswer' },
    kept: (state, before) => state.lineItems.length > before.lineItems,
  },
  {
    label: 'step 6 (after 4 and 5), the first creative made, its answer not back',
    fault: { method: 'POST', path: `${CAMPAIGN}/advertisers/*/creatives`, action: 'holdAnswer' },
    kept: (state, before) => state.creatives.length > before.creatives,
  },
  {
    label: 'step 7, the first ad made, its answer not back',
    fault: { method: 'POST', path: `${CAMPAIGN}/lineItems/*/ads`, action: 'holdAnswer' },
    kept: (state, before) => state.ads.length > before.ads,
  },
  {
    label: 'step 8, the insertion order set playing, its answer not back',
    fault: { method: 'PUT', path: `${CAMPAIGN}/insertionOrders/*/statuses`, action: 'holdAnswer' },
    // The campaign's order is the newest: the demo's own, made at the first start, may be playing already.
    kept: (state) =>
      state.insertionOrders.reduce((newest, order) => (Number(order.id) > Number(newest.id) ? order : newest))
        .status === 'play',
  },
];

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(crashStores)('a crash in each deployment step, on $name', ({ env }) => {
  it('makes each platform object once and publishes the campaign after SIGKILLs and restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'causeway-deploy-crash-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const statePath = join(dataDir, 'sandboxes', 'amobee.json');
    const baseEnv: Record<string, string> = {
      ...env,
      ...(env.DATABASE_URL === 'server' ? { DATABASE_URL: await serverDatabaseFor('deploy_crash', cleanups) } : {}),
      DATA_DIR: dataDir,
      DEMO_PASSWORD: 'crash-test-password-1',
      LOG_LEVEL: 'error',
      SEED_DEMO_DONATIONS: 'false',
      SEED_DEMO_HISTORY: 'false',
      DELIVERY_SYNC_MINUTES: '0',
      // A killed worker's job is taken up again 2 s after its last news.
      DEPLOYMENT_LEASE_SECONDS: '2',
    };
    let server: ServerProcess = await startServerProcess(baseEnv);
    cleanups.push(() => killHard(server.child));

    const app = {
      get url() {
        return server.url;
      },
      demoPassword: baseEnv.DEMO_PASSWORD!,
    };
    const campaigner = await signInAs(app, 'campaigner@demo.local');
    const superUser = await signInAs(app, 'super@demo.local');

    // A draft with two ad files, sent, approved, then its ad budget paid through the payment sandbox.
    const draft = await callApi(app, 'POST', '/api/pre-campaigns', {
      cookie: campaigner,
      body: { ...completeDraftFields(), campaignName: 'Crash-proof meals' },
    });
    expect(draft.status).toBe(201);
    const draftId = draft.body.preCampaign.id as string;
    const upload = async (purpose: string, name: string, content: Uint8Array) => {
      const answer = await uploadFile(app, campaigner, { purpose, preCampaignId: draftId }, { name, content });
      expect(answer.status).toBe(201);
      return answer.body.file as { url: string; path: string; name: string };
    };
    const cover = await upload('cover-image', 'cover.jpg', jpegOfSize(1200, 630));
    const banners = [
      await upload('ad-file', 'banner-300x250.png', pngOfSize(300, 250)),
      await upload('ad-file', 'banner-728x90.png', pngOfSize(728, 90)),
    ];
    const patched = await callApi(app, 'PATCH', `/api/pre-campaigns/${draftId}`, {
      cookie: campaigner,
      body: {
        campaignCoverImage: cover.url,
        adFiles: banners.map((banner) => ({ path: banner.path, name: banner.name })),
      },
    });
    expect(patched.status).toBe(200);
    const move = (cookie: string, status: string) =>
      callApi(app, 'POST', `/api/pre-campaigns/${draftId}/workflow`, { cookie, body: { status } });
    expect((await move(campaigner, 'Pending')).status).toBe(200);
    expect((await move(superUser, 'Approved')).status).toBe(200);

    const sandbox = async <T>(path: string, init?: RequestInit) =>
      okJson<T>(await fetch(`${server.url}${SANDBOX}/_sandbox${path}`, init));
    const totals = (): Totals => {
      const state = savedState();
      return {
        insertionOrders: state.insertionOrders.length,
        lineItems: state.lineItems.length,
        assets: state.assets.length,
        creatives: state.creatives.length,
        ads: state.ads.length,
      };
    };
    const savedState = (): SavedState =>
      existsSync(statePath)
        ? (JSON.parse(readFileSync(statePath, 'utf8')) as SavedState)
        : { insertionOrders: [], lineItems: [], assets: [], creatives: [], ads: [] };
    // The demo's own objects, made at the first start, are the baseline.
    await pause(1_500);
    const baseline = totals();
    const made = (now: Totals) =>
      Object.fromEntries(Object.entries(now).map(([kind, count]) => [kind, count - baseline[kind as Kind]])) as Totals;

    /** Waits until the sandbox took the fault's request (and kept the change), then kills the server. */
    const killAt = async (point: CrashPoint) => {
      const before = totals();
      // A restarted server resumes the job within seconds; on a loaded machine (Firestore's emulator
      // sharing two cores with the other tiers) going through the steps done before took over a minute.
      const deadline = Date.now() + REACH_WITHIN_MS;
      for (;;) {
        if (Date.now() > deadline) throw new Error(`Never reached: ${point.label}\n${server.output()}`);
        const { faults } = await sandbox<{ faults: unknown[] }>('');
        if (faults.length === 0 && (!point.kept || point.kept(savedState(), before))) break;
        // The step is held for a minute: a look every quarter second finds it in time, at a fifth of
        // the requests to a server that is busy with the deployment meanwhile.
        await pause(250);
      }
      await killHard(server.child);
    };

    const report: string[] = [];
    const [first, ...rest] = crashPoints;
    await sandbox('/faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...first!.fault, latencyMs: HOLD_MS }),
    });
    const checkout = await okJson<{ url: string }>(
      await fetch(`${server.url}/api/stripe/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: campaigner, origin: server.url },
        body: JSON.stringify({ item: draftId }),
      }),
    );
    expect((await submitCheckoutForm(checkout.url, { number: '4242 4242 4242 4242' })).status).toBe(303);

    let point = first!;
    for (const next of [...rest, null]) {
      await killAt(point);
      const after = made(totals());
      report.push(`${point.label}: ${JSON.stringify(after)}`);
      // Never more than one of each so far.
      expect(after.insertionOrders).toBeLessThanOrEqual(1);
      expect(after.lineItems).toBeLessThanOrEqual(1);
      expect(after.creatives).toBeLessThanOrEqual(2);
      expect(after.ads).toBeLessThanOrEqual(2);
      server = await startServerProcess({
        ...baseEnv,
        ...(next ? { AMOBEE_SANDBOX_FAULTS: JSON.stringify([{ ...next.fault, latencyMs: HOLD_MS }]) } : {}),
      });
      if (next) point = next;
    }

    // The last start has no fault: the worker finishes the job.
    const deadline = Date.now() + REACH_WITHIN_MS;
    let deployment: { status: string; campaignId: string; lastError: string | null; attempts: number };
    for (;;) {
      ({ deployment } = await okJson<{ deployment: typeof deployment }>(
        await fetch(`${server.url}/api/pre-campaigns/${draftId}/deployment`, { headers: { cookie: superUser } }),
      ));
      if (deployment.status === 'succeeded' || deployment.status === 'failed' || Date.now() > deadline) break;
      await pause(200);
    }
    expect(deployment.lastError).toBeNull();
    expect(deployment.status).toBe('succeeded');

    const final = made(totals());
    report.push(`after the last restart, published: ${JSON.stringify(final)}`);
    console.info(
      `Deployment crash points (objects made for the campaign in the DSP sandbox):\n  ${report.join('\n  ')}`,
    );
    expect(final).toMatchObject({ insertionOrders: 1, lineItems: 1, creatives: 2, ads: 2 });

    // The campaign is published with the platform's ids of exactly those objects.
    const state = savedState();
    const { preCampaign } = (await callApi(app, 'GET', `/api/pre-campaigns/${draftId}`, { cookie: superUser }))
      .body as {
      preCampaign: { workflowstatus: string; insertionOrderId: string; creativeIds: string[]; adIds: string[] };
    };
    expect(state.insertionOrders.map((order) => order.id)).toContain(preCampaign.insertionOrderId);
    expect(preCampaign.workflowstatus).toBe('Published');
    expect(new Set(preCampaign.creativeIds).size).toBe(2);
    expect(new Set(preCampaign.adIds).size).toBe(2);
    for (const id of preCampaign.creativeIds) expect(state.creatives.map((creative) => creative.id)).toContain(id);
    for (const id of preCampaign.adIds) expect(state.ads.map((ad) => ad.id)).toContain(id);
  }, 1_200_000);
});
