import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addPerson } from '@causeway/tests/support/add-person';
import { callApi, signInAs } from '@causeway/tests/support/api-client';
import { completeDraftFields, createCompleteDraft, uploadFile } from '@causeway/tests/support/campaigns';
import { gifOfSize, jpegOfSize, pngOfSize } from '@causeway/tests/support/images';
import { startTestApp, type TestApp } from '@causeway/tests/support/start-app';
import { TYPES } from './types';

let app: TestApp;
const cookies = { super: '', admin: '', campaigner: '', promoter: '', colleague: '', stranger: '', harborAdmin: '' };
const uids = { super: '', campaigner: '' };
let harborId: string;

const repositories = () => app.server.container.get(TYPES.Repositories);
const api = (method: string, path: string, cookie?: string, body?: unknown) =>
  callApi(app, method, path, { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { body }) });
const draftOf = (id: string) => repositories().preCampaigns.findById(id);
const move = (id: string, cookie: string, status: string, comment?: string) =>
  api('POST', `/api/pre-campaigns/${id}/workflow`, cookie, { status, ...(comment ? { comment } : {}) });
const newDraft = async (cookie = cookies.campaigner, body: object = { campaignName: 'Clean water' }) => {
  const created = await api('POST', '/api/pre-campaigns', cookie, body);
  expect(created.status).toBe(201);
  return created.body.preCampaign.id as string;
};
const listIds = async (list: string, cookie: string, query = '') =>
  ((await api('GET', `/api/pre-campaigns?list=${list}${query}`, cookie)).body.preCampaigns as { id: string }[]).map(
    (draft) => draft.id,
  );

beforeAll(async () => {
  app = await startTestApp();
  for (const name of ['super', 'admin', 'campaigner', 'promoter'] as const) {
    cookies[name] = await signInAs(app, `${name}@demo.local`);
  }
  const harbor = (await repositories().organizations.list()).find((org) => org.name === 'Harbor Light Food Bank')!;
  harborId = harbor.organizationId;
  uids.super = (await api('GET', '/api/auth/session', cookies.super)).body.user.uid;
  uids.campaigner = (await api('GET', '/api/auth/session', cookies.campaigner)).body.user.uid;
  const orchard = await repositories().organizations.create({
    organizationId: 'org-orchard',
    name: 'Orchard Youth Club',
    created_date: new Date().toISOString(),
  });
  cookies.colleague = (await addPerson(app, { email: 'colleague@harbor.example', organizationId: harborId })).cookie;
  cookies.harborAdmin = (
    await addPerson(app, { email: 'boss@harbor.example', organizationId: harborId, admin: true })
  ).cookie;
  cookies.stranger = (
    await addPerson(app, { email: 'someone@orchard.example', organizationId: orchard.organizationId })
  ).cookie;
});

afterAll(async () => {
  await app?.close();
});

describe('starting and saving drafts', () => {
  it('starts a draft in the campaigner’s organization, status New, with what the first step filled in', async () => {
    const created = await api('POST', '/api/pre-campaigns', cookies.campaigner, {
      campaignName: '  Clean water  ',
      campaignRaiseGoal: 5_000_00,
    });
    expect(created.status).toBe(201);
    expect(created.body.preCampaign).toMatchObject({
      campaignName: 'Clean water',
      campaignRaiseGoal: 5_000_00,
      userId: uids.campaigner,
      organizationId: harborId,
      workflowstatus: 'New',
      isPaid: false,
      isDeleted: false,
    });
    expect(created.body.permissions).toEqual({ edit: true, delete: true, moves: ['Pending'] });
    expect(created.body.problems).toMatchObject({
      campaignCoverImage: expect.any(String),
      adFiles: expect.any(String),
    });
    expect(created.body.problemSteps.adFiles).toBe('adFiles');
    const audit = await repositories().auditLogs.list({ document: 'preCampaigns' });
    expect(audit.some((entry) => entry.trigger_id === created.body.preCampaign.id && entry.event === 'create')).toBe(
      true,
    );
  });

  it.each([
    { who: 'signed out', cookie: () => undefined, status: 401 },
    { who: 'a promoter', cookie: () => cookies.promoter, status: 403 },
    { who: 'a platform admin without an organization', cookie: () => cookies.admin, status: 403 },
  ])('refuses a draft from $who with $status', async ({ cookie, status }) => {
    expect((await api('POST', '/api/pre-campaigns', cookie(), { campaignName: 'x' })).status).toBe(status);
  });

  it('refuses bad fields with a 400 naming each, and keeps nothing of the request', async () => {
    const id = await newDraft();
    const before = await draftOf(id);
    const bad = await api('PATCH', `/api/pre-campaigns/${id}`, cookies.campaigner, {
      campaignName: 'Renamed',
      campaignRaiseGoal: 12.5,
      zips: ['0410'],
      statesAmobee: [{ stateCode: 'XX', cities: [] }],
      landingPage: 'javascript:alert(1)',
      campaignCategory: 'Space travel',
      budgetTargetCpc: 6_00,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      campaignRaiseGoal: 'Use whole cents.',
      'zips.0': 'A ZIP code has five digits.',
      'statesAmobee.0.stateCode': 'Choose one of the 50 states.',
      landingPage: 'Enter a full web address, like https://example.org.',
      campaignCategory: 'Choose one of the causes listed.',
      budgetTargetCpc: 'The target cost per click can be at most $5.',
    });
    expect(await draftOf(id)).toEqual(before);
  });

  it('saves only the fields supplied, derives the states and cities, and sets the click-through link', async () => {
    const id = await newDraft();
    const saved = await api('PATCH', `/api/pre-campaigns/${id}`, cookies.campaigner, {
      statesAmobee: [
        { stateCode: 'ME', cities: [{ city: 'Portland' }, { city: 'portland' }, { city: 'Bangor' }] },
        { stateCode: 'NH', cities: [] },
      ],
      landingPageToggle: true,
      landingPage: 'https://harborlight.example/winter',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.preCampaign).toMatchObject({
      campaignName: 'Clean water',
      states: ['ME', 'NH'],
      cities: ['Portland', 'Bangor'],
      statesAmobee: [
        { stateCode: 'ME', name: 'Maine', cities: [{ city: 'Portland' }, { city: 'Bangor' }] },
        { stateCode: 'NH', name: 'New Hampshire', cities: [] },
      ],
      landingPageLink: 'https://harborlight.example/winter',
    });
    const off = await api('PATCH', `/api/pre-campaigns/${id}`, cookies.campaigner, { landingPageToggle: false });
    expect(off.body.preCampaign.landingPageLink).toBeNull();
    expect(off.body.preCampaign.landingPage).toBe('https://harborlight.example/winter');
  });

  it('lets the owner and the organization’s admin edit, and refuses colleagues, strangers and reviewers', async () => {
    const id = await newDraft();
    const rename = (cookie: string) => api('PATCH', `/api/pre-campaigns/${id}`, cookie, { campaignTitle: 'New title' });
    expect((await rename(cookies.harborAdmin)).status).toBe(200);
    expect((await rename(cookies.colleague)).status).toBe(403);
    expect((await rename(cookies.stranger)).status).toBe(403);
    expect((await rename(cookies.super)).status).toBe(403);
    expect((await api('GET', `/api/pre-campaigns/${id}`, cookies.colleague)).status).toBe(200);
    expect((await api('GET', `/api/pre-campaigns/${id}`, cookies.stranger)).status).toBe(403);
    expect((await api('GET', `/api/pre-campaigns/${id}`, cookies.promoter)).status).toBe(403);
    expect((await api('GET', `/api/pre-campaigns/${id}`)).status).toBe(401);
    expect((await api('GET', '/api/pre-campaigns/no-such-draft', cookies.campaigner)).status).toBe(404);
  });
});

describe('uploading files', () => {
  it('stores a cover at preCampaigns/cover_{id}.{original extension} and serves it', async () => {
    const id = await newDraft();
    const cover = await uploadFile(
      app,
      cookies.campaigner,
      { purpose: 'cover-image', preCampaignId: id },
      {
        name: 'Harbor Kitchen.JPEG',
        content: jpegOfSize(1200, 630),
      },
    );
    expect(cover.status).toBe(201);
    expect(cover.body.file).toMatchObject({
      path: `preCampaigns/cover_${id}.jpeg`,
      contentType: 'image/jpeg',
      width: 1200,
      height: 630,
      typeFormat: null,
    });
    const served = await fetch(new URL(cover.body.file.url, app.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('stores an ad at campaigns/{campaignId}-{filename} with the format and size read from it', async () => {
    const id = await newDraft();
    const { campaignUUID } = (await draftOf(id))!;
    const ad = await uploadFile(
      app,
      cookies.campaigner,
      { purpose: 'ad-file', preCampaignId: id },
      {
        name: 'Winter banner (300x250).png',
        content: pngOfSize(300, 250),
      },
    );
    expect(ad.status).toBe(201);
    expect(ad.body.file).toMatchObject({
      path: `campaigns/${campaignUUID}-Winter-banner-300x250.png`,
      typeFormat: 'display',
      width: 300,
      height: 250,
    });
  });

  it.each([
    {
      name: 'an ad of no standard size',
      purpose: 'ad-file',
      file: { name: 'odd.png', content: pngOfSize(300, 251) },
      status: 400,
      message: 'This ad is 300×251 pixels; display ads must be one of the standard sizes',
    },
    {
      name: 'a 320×50 ad over 50 KB',
      purpose: 'ad-file',
      file: { name: 'mobile.gif', content: Buffer.concat([gifOfSize(320, 50), Buffer.alloc(60 * 1024)]) },
      status: 400,
      message: 'A 320×50 ad may weigh at most 50 KB; this one is 61 KB.',
    },
    {
      name: 'a cover that is not an image',
      purpose: 'cover-image',
      file: { name: 'cover.jpg', content: new TextEncoder().encode('<html>not an image</html>') },
      status: 400,
      message: 'The cover image could not be read as an image.',
    },
    {
      name: 'a file over 50 MB',
      purpose: 'cover-video',
      file: { name: 'huge.mp4', content: new Uint8Array(50 * 1024 * 1024 + 1) },
      status: 413,
      message: 'The file is larger than 50 MB.',
    },
    { name: 'no file at all', purpose: 'cover-image', file: null, status: 400, message: 'Choose a file to upload.' },
  ])('refuses $name with $status and a message at the file', async ({ purpose, file, status, message }) => {
    const id = await newDraft();
    const refused = await uploadFile(app, cookies.campaigner, { purpose, preCampaignId: id }, file);
    expect(refused.status).toBe(status);
    expect(refused.body.error.message.startsWith(message)).toBe(true);
    expect(refused.body.error.fields.file).toBe(refused.body.error.message);
  });

  it('refuses a purpose it does not know, uploads to another’s draft, and signed-out uploads', async () => {
    const id = await newDraft();
    const file = { name: 'cover.jpg', content: jpegOfSize(1200, 630) };
    const badPurpose = await uploadFile(app, cookies.campaigner, { purpose: 'poster', preCampaignId: id }, file);
    expect(badPurpose.status).toBe(400);
    expect(badPurpose.body.error.fields.purpose).toContain('cover-image');
    expect((await uploadFile(app, cookies.stranger, { purpose: 'cover-image', preCampaignId: id }, file)).status).toBe(
      403,
    );
    expect((await uploadFile(app, undefined, { purpose: 'cover-image', preCampaignId: id }, file)).status).toBe(401);
  });

  it('accepts only the draft’s own uploads in its media and ad files', async () => {
    const mine = await newDraft();
    const theirs = await newDraft(cookies.colleague);
    const theirAd = await uploadFile(
      app,
      cookies.colleague,
      { purpose: 'ad-file', preCampaignId: theirs },
      {
        name: 'banner.png',
        content: pngOfSize(728, 90),
      },
    );
    const borrowed = await api('PATCH', `/api/pre-campaigns/${mine}`, cookies.campaigner, {
      adFiles: [{ path: theirAd.body.file.path, name: 'banner.png' }],
    });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.error.fields['adFiles.0']).toBe('Upload the ad again.');
    const elsewhere = await api('PATCH', `/api/pre-campaigns/${mine}`, cookies.campaigner, {
      campaignCoverImage: 'https://elsewhere.example/cover.jpg',
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error.fields.campaignCoverImage).toBe('Upload the file to this campaign first.');
  });

  it('answers uploads by same-origin paths, and still takes the whole address they were once given on the public URL', async () => {
    const id = await newDraft();
    const cover = await uploadFile(
      app,
      cookies.campaigner,
      { purpose: 'cover-image', preCampaignId: id },
      { name: 'cover.jpg', content: jpegOfSize(1200, 630) },
    );
    expect(cover.body.file.url).toBe(`/files/preCampaigns/cover_${id}.jpg`);
    // A wizard opened before the change holds the address as the platform then gave it.
    const saved = await api('PATCH', `/api/pre-campaigns/${id}`, cookies.campaigner, {
      campaignCoverImage: `${app.url}${cover.body.file.url}`,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.preCampaign.campaignCoverImage).toBe(cover.body.file.url);
  });
});

describe('the approval workflow', () => {
  it('refuses to submit an incomplete draft, naming what is missing', async () => {
    const id = await newDraft();
    const refused = await move(id, cookies.campaigner, 'Pending');
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toMatchObject({
      campaignTitle: expect.any(String),
      campaignCoverImage: expect.any(String),
      adFiles: 'Upload at least one ad.',
    });
    expect((await draftOf(id))?.workflowstatus).toBe('New');
  });

  it('goes New → Pending → Canceled → Pending → Approved, with entries, notifications and lists along the way', async () => {
    const id = await createCompleteDraft(app, cookies.campaigner, 'Warm coats');
    expect(await listIds('drafts', cookies.campaigner)).toContain(id);

    const submitted = await move(id, cookies.campaigner, 'Pending');
    expect(submitted.status).toBe(200);
    expect(submitted.body.preCampaign.workflowstatus).toBe('Pending');
    expect(submitted.body.preCampaign.workflow).toEqual([
      {
        workflowId: expect.any(String),
        status: 'Pending',
        statusDate: expect.any(String),
        statusUser: uids.campaigner,
        comments: [
          { comment: 'Campaign pending for approval', createdAt: expect.any(String), createdBy: uids.campaigner },
        ],
      },
    ]);
    expect(await listIds('pending', cookies.super)).toContain(id);
    expect(await listIds('drafts', cookies.campaigner)).not.toContain(id);
    const superInbox = await repositories().notifications.listForUser(uids.super, { unreadOnly: false, limit: 50 });
    expect(superInbox.find((n) => n.notification_campaign_id === id)).toMatchObject({
      notification_type: 'workflow',
      notification_campaign_status: 'Pending',
      notification_url: `/approvals/${id}`,
      notification_message: expect.stringContaining('“Warm coats”'),
    });
    const ownerInbox = await repositories().notifications.listForUser(uids.campaigner, {
      unreadOnly: false,
      limit: 50,
    });
    expect(ownerInbox.find((n) => n.notification_campaign_id === id)?.notification_url).toBe(
      `/campaigner/drafts/${id}`,
    );

    // Locked while it waits.
    expect((await api('PATCH', `/api/pre-campaigns/${id}`, cookies.campaigner, { campaignTitle: 'x' })).status).toBe(
      409,
    );

    const noReason = await move(id, cookies.super, 'Canceled');
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.comment).toBeDefined();
    const canceled = await move(id, cookies.super, 'Canceled', 'Please use a brighter cover photo.');
    expect(canceled.status).toBe(200);
    expect(canceled.body.preCampaign.workflow.at(-1).comments.map((c: { comment: string }) => c.comment)).toEqual([
      'Campaign canceled',
      'Please use a brighter cover photo.',
    ]);
    const told = await repositories().notifications.listForUser(uids.campaigner, { unreadOnly: false, limit: 50 });
    expect(told[0]).toMatchObject({
      notification_campaign_id: id,
      notification_campaign_status: 'Canceled',
      notification_message: expect.stringContaining('Please use a brighter cover photo.'),
    });
    expect(await listIds('drafts', cookies.campaigner)).toContain(id);

    expect(
      (await api('PATCH', `/api/pre-campaigns/${id}`, cookies.campaigner, { campaignTitle: 'Warm coats for all' }))
        .status,
    ).toBe(200);
    expect((await move(id, cookies.campaigner, 'Pending')).status).toBe(200);
    const approved = await move(id, cookies.super, 'Approved');
    expect(approved.status).toBe(200);
    expect(approved.body.preCampaign.workflow.map((entry: { status: string }) => entry.status)).toEqual([
      'Pending',
      'Canceled',
      'Pending',
      'Approved',
    ]);
    expect(approved.body.preCampaign.workflow.at(-1).comments[0].comment).toBe('Campaign approved');
    expect(await listIds('pending-publish', cookies.campaigner)).toContain(id);
    expect(await listIds('pending-publish', cookies.super, `&organizationId=${harborId}`)).toContain(id);
    expect(await listIds('pending', cookies.super)).not.toContain(id);

    const audit = await repositories().auditLogs.list({ document: 'preCampaigns', triggerId: id });
    expect(audit.filter((entry) => entry.event === 'workflow').map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'Moved campaign Warm coats from New to Pending',
        'Moved campaign Warm coats from Pending to Approved',
      ]),
    );
  });

  it.each([
    { from: 'Approved', to: 'Pending', by: 'campaigner' },
    { from: 'Approved', to: 'Approved', by: 'super' },
    { from: 'Approved', to: 'Published', by: 'super' },
    { from: 'Pending', to: 'Published', by: 'super' },
    { from: 'New', to: 'Approved', by: 'super' },
    { from: 'New', to: 'Canceled', by: 'super' },
    { from: 'Pending', to: 'New', by: 'campaigner' },
  ] as const)('refuses $from → $to with a 409 naming both states', async ({ from, to, by }) => {
    const id = await createCompleteDraft(app, cookies.campaigner, `Move ${from} to ${to}`);
    if (from !== 'New') expect((await move(id, cookies.campaigner, 'Pending')).status).toBe(200);
    if (from === 'Approved') expect((await move(id, cookies.super, 'Approved')).status).toBe(200);
    const refused = await move(id, cookies[by], to);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toContain(to);
    expect(refused.body.error.message).toContain(from === to ? 'already' : from);
    expect((await draftOf(id))?.workflowstatus).toBe(from);
  });

  it('lets only the owner’s side submit and only a super user review', async () => {
    const id = await createCompleteDraft(app, cookies.campaigner, 'Who decides');
    expect((await move(id, cookies.colleague, 'Pending')).status).toBe(403);
    expect((await move(id, cookies.stranger, 'Pending')).status).toBe(403);
    expect((await move(id, cookies.super, 'Pending')).status).toBe(403);
    expect((await move(id, cookies.harborAdmin, 'Pending')).status).toBe(200);
    expect((await move(id, cookies.campaigner, 'Approved')).status).toBe(403);
    expect((await move(id, cookies.harborAdmin, 'Approved')).status).toBe(403);
    expect((await move(id, cookies.admin, 'Approved')).status).toBe(403);
    expect((await api('POST', `/api/pre-campaigns/${id}/workflow`, undefined, { status: 'Approved' })).status).toBe(
      401,
    );
    expect((await draftOf(id))?.workflowstatus).toBe('Pending');
  });

  it('lets a super user withdraw an unpaid approval, not a paid one', async () => {
    const id = await createCompleteDraft(app, cookies.campaigner, 'Withdrawn');
    await move(id, cookies.campaigner, 'Pending');
    await move(id, cookies.super, 'Approved');
    expect((await move(id, cookies.super, 'Canceled', 'Budget questions')).status).toBe(200);
    const paid = await createCompleteDraft(app, cookies.campaigner, 'Paid');
    await move(paid, cookies.campaigner, 'Pending');
    await move(paid, cookies.super, 'Approved');
    await repositories().preCampaigns.update(paid, { isPaid: true });
    const refused = await move(paid, cookies.super, 'Canceled', 'Too late');
    expect(refused.status).toBe(409);
    // Paid and not yet published, it is listed as publishing, no longer as awaiting payment.
    expect(await listIds('publishing', cookies.campaigner)).toContain(paid);
    expect(await listIds('publishing', cookies.super)).toContain(paid);
    expect(await listIds('pending-publish', cookies.campaigner)).not.toContain(paid);
  });
});

describe('lists and deletion', () => {
  it('scopes lists to what each person may see', async () => {
    const mine = await newDraft(cookies.campaigner, { campaignName: 'Mine' });
    const colleagues = await newDraft(cookies.colleague, { campaignName: 'Colleague’s' });
    const strangers = await newDraft(cookies.stranger, { campaignName: 'Stranger’s' });
    const campaignerSees = await listIds('drafts', cookies.campaigner);
    expect(campaignerSees).toContain(mine);
    expect(campaignerSees).not.toContain(colleagues);
    expect(await listIds('drafts', cookies.campaigner, `&organizationId=${harborId}`)).toEqual(
      expect.arrayContaining([mine, colleagues]),
    );
    const adminSees = await listIds('drafts', cookies.harborAdmin);
    expect(adminSees).toEqual(expect.arrayContaining([mine, colleagues]));
    expect(adminSees).not.toContain(strangers);
    expect(await listIds('drafts', cookies.super)).toEqual(expect.arrayContaining([mine, colleagues, strangers]));
    expect(
      (await api('GET', '/api/pre-campaigns?list=drafts&organizationId=org-orchard', cookies.campaigner)).status,
    ).toBe(403);
    expect((await api('GET', `/api/pre-campaigns?list=drafts&userId=${uids.super}`, cookies.campaigner)).status).toBe(
      403,
    );
    expect((await api('GET', '/api/pre-campaigns?list=drafts', cookies.promoter)).status).toBe(403);
    const badList = await api('GET', '/api/pre-campaigns?list=everything', cookies.campaigner);
    expect(badList.status).toBe(400);
    expect(badList.body.error.fields.list).toBe('Ask for list=drafts, pending, pending-publish or publishing.');
  });

  it('lists newest first', async () => {
    const first = await newDraft(cookies.campaigner, { campaignName: 'First' });
    const second = await newDraft(cookies.campaigner, { campaignName: 'Second' });
    const ids = await listIds('drafts', cookies.campaigner);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
  });

  it('deletes softly: the draft leaves the lists and answers 404, and a paid one is kept', async () => {
    const id = await newDraft(cookies.campaigner, { campaignName: 'To delete' });
    expect((await api('DELETE', `/api/pre-campaigns/${id}`, cookies.colleague)).status).toBe(403);
    expect((await api('DELETE', `/api/pre-campaigns/${id}`, cookies.campaigner)).status).toBe(204);
    expect((await draftOf(id))?.isDeleted).toBe(true);
    expect(await listIds('drafts', cookies.campaigner)).not.toContain(id);
    expect((await api('GET', `/api/pre-campaigns/${id}`, cookies.campaigner)).status).toBe(404);
    const paid = await newDraft(cookies.campaigner, { campaignName: 'Paid' });
    await repositories().preCampaigns.update(paid, { isPaid: true });
    expect((await api('DELETE', `/api/pre-campaigns/${paid}`, cookies.campaigner)).status).toBe(409);
  });
});

describe('the campaign page', () => {
  it('previews a draft for its owner and reviewers, with the campaign page as click-through', async () => {
    const id = await createCompleteDraft(app, cookies.campaigner, 'Preview me');
    const preview = await api('GET', `/api/pre-campaigns/${id}/page`, cookies.super);
    expect(preview.status).toBe(200);
    const { campaignUUID } = (await draftOf(id))!;
    expect(preview.body.page).toMatchObject({
      campaignId: campaignUUID,
      preview: true,
      name: 'Preview me',
      goalCents: 25_000_00,
      raisedCents: 0,
      organization: { name: 'Harbor Light Food Bank' },
      clickThroughUrl: `${app.url}/campaign/${campaignUUID}/details/`,
      adFiles: [{ typeFormat: 'display', width: 300, height: 250 }],
    });
    expect((await api('GET', `/api/pre-campaigns/${id}/page`, cookies.stranger)).status).toBe(403);
  });

  it('shows a live campaign to everyone and answers 404 for a deleted or unknown one', async () => {
    await repositories().campaigns.create({
      campaignUUID: 'live-1',
      userId: uids.campaigner,
      organizationId: harborId,
      createdAt: new Date().toISOString(),
      campaignName: 'Live',
      campaignTitle: 'A live campaign',
      campaignDescription: 'Its story.',
      campaignRaiseGoal: 10_000_00,
      campaignRaised: 2_500_00,
      donators: 12,
      isPaid: true,
    });
    const page = await api('GET', '/api/campaigns/live-1/page');
    expect(page.status).toBe(200);
    expect(page.body.page).toMatchObject({ preview: false, raisedCents: 2_500_00, donators: 12 });
    await repositories().campaigns.softDelete('live-1');
    expect((await api('GET', '/api/campaigns/live-1/page')).status).toBe(404);
    expect((await api('GET', '/api/campaigns/nothing/page')).status).toBe(404);
  });
});

describe('demo campaigns', () => {
  it('are created and moved by platform staff along their transition table', async () => {
    const created = await api('POST', '/api/demo-campaigns', cookies.admin, {
      campaignName: 'Demo: school supplies',
      organizationId: harborId,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ demoCampaign: { workflowstatus: 'Draft' }, moves: ['Pending', 'Canceled'] });
    const id = created.body.demoCampaign.campaignUUID;
    const setStatus = (status: string, cookie = cookies.admin) =>
      api('POST', `/api/demo-campaigns/${id}/status`, cookie, { status });
    expect((await setStatus('Published')).status).toBe(409);
    expect((await setStatus('Pending')).body.moves).toEqual(['Approved', 'Rejected', 'Canceled']);
    expect((await setStatus('Rejected')).body.demoCampaign.workflowstatus).toBe('Rejected');
    const refused = await setStatus('Approved');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('A demo campaign cannot go from Rejected to Approved.');
    expect((await setStatus('Draft', cookies.campaigner)).status).toBe(403);
    expect((await api('GET', '/api/demo-campaigns', cookies.campaigner)).status).toBe(403);
    expect(
      (await api('GET', `/api/demo-campaigns?organizationId=${harborId}`, cookies.super)).body.demoCampaigns,
    ).toEqual([expect.objectContaining({ campaignUUID: id, workflowstatus: 'Rejected' })]);
    const bad = await api('POST', '/api/demo-campaigns', cookies.admin, { campaignName: ' ' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.campaignName).toBe('Give the demo campaign a name.');
  });
});

it('keeps the wizard fields helper in step with what the server requires', async () => {
  // The support helper's "complete" draft must have no problems but the files it uploads.
  const created = await api('POST', '/api/pre-campaigns', cookies.campaigner, completeDraftFields());
  expect(Object.keys(created.body.problems).sort()).toEqual(['adFiles', 'campaignCoverImage']);
});
