/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and assert on them */
import { callApi, type JsonResponse } from './api-client';
import { jpegOfSize, pngOfSize } from './images';
import { TYPES } from '@causeway/api/types';
import type { NewCampaign } from '@causeway/core/campaigns/campaign.entity';
import type { TestApp } from './start-app';

/**
 * A live campaign of the demo campaigner's organization, written straight to the store (as a published
 * one is): Winter meals, a $10,000 goal, taking gifts; `fields` change any of it.
 */
export async function createLiveCampaign(app: TestApp, campaignId: string, fields: Partial<NewCampaign> = {}) {
  const repositories = app.server.container.get(TYPES.Repositories);
  const campaigner = (await repositories.users.findByEmail('campaigner@demo.local'))!;
  await repositories.campaigns.create({
    campaignUUID: campaignId,
    userId: campaigner.uid,
    organizationId: campaigner.organizationId,
    createdAt: new Date().toISOString(),
    campaignName: 'Winter meals',
    campaignTitle: 'Warm meals for 500 families',
    campaignDescription: 'Every week our volunteers cook and deliver warm meals.',
    campaignCategory: null,
    campaignTags: [],
    campaignRaiseGoal: 10_000_00,
    campaignRaised: 0,
    donators: 0,
    campaignRaiseGoalDeadline: null,
    allowDonations: true,
    isPaid: true,
    ...fields,
  });
  return { repositories, organizationId: campaigner.organizationId! };
}

/** Sends one file to `POST /api/files` as a browser form does. */
export async function uploadFile(
  app: Pick<TestApp, 'url'>,
  cookie: string | undefined,
  fields: { purpose: string; preCampaignId: string },
  file: { name: string; content: Uint8Array; type?: string } | null,
): Promise<JsonResponse> {
  const form = new FormData();
  form.set('purpose', fields.purpose);
  form.set('preCampaignId', fields.preCampaignId);
  if (file)
    form.set(
      'file',
      new Blob([Buffer.from(file.content)], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const response = await fetch(`${app.url}/api/files`, {
    method: 'POST',
    headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) },
    body: form,
  });
  const text = await response.text();
  let body: any;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body, headers: response.headers };
}

const DAY = 86_400_000;
const isoInDays = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString();

/** The wizard's fields of a campaign ready to submit, dated from `now`. */
export function completeDraftFields(now = new Date()) {
  return {
    campaignName: 'Winter meals',
    campaignTitle: 'Warm meals for 500 families this winter',
    campaignDescription:
      'Every week our volunteers cook and deliver warm meals to families across Portland. Help us reach 500 families.',
    campaignTags: ['food', 'winter'],
    campaignCategory: 'Hunger and food security',
    campaignChannel: 'display',
    campaignRaiseGoal: 25_000_00,
    campaignRaiseGoalDeadline: isoInDays(now, 90),
    allowDonations: true,
    demographicTargetAge: ['25-34', '35-44'],
    demographicTargetGender: ['female', 'male'],
    statesAmobee: [{ stateCode: 'ME', cities: [{ city: 'Portland' }] }],
    zips: ['04101'],
    budgetLifetime: 2_000_00,
    budgetDaily: 0,
    budgetTargetCpc: 1_00,
    budgetOptimizationStrategy: 'clicks',
    startDate: isoInDays(now, 1),
    endDate: isoInDays(now, 31),
    landingPageToggle: false,
  };
}

/**
 * A draft of `cookie`'s owner that can be submitted: every field filled, a cover image and one 300×250
 * banner uploaded. Answers the draft's id.
 */
export async function createCompleteDraft(app: TestApp, cookie: string, name = 'Winter meals'): Promise<string> {
  const created = await callApi(app, 'POST', '/api/pre-campaigns', {
    cookie,
    body: { ...completeDraftFields(), campaignName: name },
  });
  if (created.status !== 201) throw new Error(`Draft not created: ${created.status} ${JSON.stringify(created.body)}`);
  const id = created.body.preCampaign.id as string;
  const cover = await uploadFile(
    app,
    cookie,
    { purpose: 'cover-image', preCampaignId: id },
    {
      name: 'cover.jpg',
      content: jpegOfSize(1200, 630),
    },
  );
  const banner = await uploadFile(
    app,
    cookie,
    { purpose: 'ad-file', preCampaignId: id },
    {
      name: 'banner-300x250.png',
      content: pngOfSize(300, 250),
    },
  );
  if (cover.status !== 201 || banner.status !== 201) throw new Error('Files not uploaded');
  const saved = await callApi(app, 'PATCH', `/api/pre-campaigns/${id}`, {
    cookie,
    body: {
      campaignCoverImage: cover.body.file.url,
      adFiles: [{ path: banner.body.file.path, name: banner.body.file.name }],
    },
  });
  if (saved.status !== 200) throw new Error(`Draft not saved: ${saved.status} ${JSON.stringify(saved.body)}`);
  return id;
}

/** Fails with the answer's status and body unless it has the expected status. */
function expectStatus(response: JsonResponse, status: number, what: string): JsonResponse {
  if (response.status !== status) {
    throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response;
}

/**
 * A complete draft sent by the campaigner, approved by the super user and marked paid as a confirmed
 * budget payment marks it. Answers the draft's id.
 */
export async function approvedPaidDraft(
  app: TestApp,
  cookies: { campaigner: string; super: string },
  name: string,
): Promise<string> {
  const id = await createCompleteDraft(app, cookies.campaigner, name);
  const move = (cookie: string, status: string) =>
    callApi(app, 'POST', `/api/pre-campaigns/${id}/workflow`, { cookie, body: { status } });
  expectStatus(await move(cookies.campaigner, 'Pending'), 200, 'Not sent for approval');
  expectStatus(await move(cookies.super, 'Approved'), 200, 'Not approved');
  await app.server.container
    .get(TYPES.Repositories)
    .preCampaigns.update(id, { isPaid: true, paymentIntentId: `pi_${name.replace(/\W/g, '')}` });
  return id;
}

/** A campaign drafted, approved, paid and set up on the ad platform through the API. Answers the campaign's id. */
export async function deployedCampaign(
  app: TestApp,
  cookies: { campaigner: string; super: string },
  name: string,
): Promise<string> {
  const id = await approvedPaidDraft(app, cookies, name);
  const started = expectStatus(
    await callApi(app, 'POST', `/api/pre-campaigns/${id}/deploy`, { cookie: cookies.super }),
    202,
    'Publishing not started',
  );
  for (let attempt = 0; attempt < 200; attempt++) {
    const { body } = await callApi(app, 'GET', `/api/deployments/${started.body.deployment.id}`, {
      cookie: cookies.super,
    });
    if (body.deployment.status === 'succeeded') return body.deployment.campaignId as string;
    if (body.deployment.status === 'failed') throw new Error(`Deployment failed: ${body.deployment.lastError}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The deployment did not finish');
}
