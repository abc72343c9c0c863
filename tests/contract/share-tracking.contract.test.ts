import { expect, it } from 'vitest';
import type { ShareChannel } from '@causeway/core/campaigns/targeting.entity';
import { describeContract } from '@causeway/tests/support/contract';

const zero = (campaignId: string) => ({ campaignId, x: 0, linkedin: 0, facebook: 0, instagram: 0, qr: 0 });
const click = (
  id: string,
  channel: ShareChannel,
  options: { campaignId?: string; promoterId?: string | null; at?: string } = {},
) => ({
  id,
  campaignId: options.campaignId ?? 'c-1',
  channel,
  promoterId: options.promoterId ?? null,
  createdAt: options.at ?? '2026-01-01T00:00:00.000Z',
});
const utm = (id: string, campaignId = 'c-1') => ({
  id,
  campaignId,
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'spring',
  utm_content: null,
  utm_term: null,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const link = (
  code: string,
  channel: ShareChannel,
  options: { campaignId?: string; promoterId?: string; at?: string } = {},
) => ({
  code,
  campaignId: options.campaignId ?? 'c-1',
  promoterId: options.promoterId ?? 'p-1',
  channel,
  createdAt: options.at ?? '2026-01-01T00:00:00.000Z',
});
const byCode = <T extends { code: string }>(links: T[]) => [...links].sort((a, b) => a.code.localeCompare(b.code));

describeContract('ShareTrackingRepository', (subject) => {
  it('answers zero counters for a campaign that has none, without creating them', async () => {
    const { store } = subject();
    expect(await store.repositories.shareTracking.getCounters('c-1')).toEqual(zero('c-1'));
    expect(await store.outbox.pending(10)).toEqual([]);
  });

  it('creates counters at zero, and does nothing when they exist', async () => {
    const { shareTracking } = subject().store.repositories;
    expect(await shareTracking.ensureCounters('c-1')).toEqual(zero('c-1'));
    await shareTracking.recordClick(click('k-1', 'facebook'));
    expect(await shareTracking.ensureCounters('c-1')).toEqual({ ...zero('c-1'), facebook: 1 });
    expect(await shareTracking.getCounters('c-1')).toEqual({ ...zero('c-1'), facebook: 1 });
  });

  it("records a click and adds one to its channel's counter only", async () => {
    const { shareTracking } = subject().store.repositories;
    await shareTracking.ensureCounters('c-1');
    expect(await shareTracking.recordClick(click('k-1', 'linkedin'))).toEqual({ ...zero('c-1'), linkedin: 1 });
    expect(await shareTracking.recordClick(click('k-2', 'linkedin'))).toEqual({ ...zero('c-1'), linkedin: 2 });
    expect(await shareTracking.recordClick(click('k-3', 'x'))).toEqual({ ...zero('c-1'), x: 1, linkedin: 2 });
    expect(await shareTracking.getCounters('c-2')).toEqual(zero('c-2'));
    expect(await shareTracking.listClicks('c-1')).toHaveLength(3);
  });

  it('counts a click on a campaign whose counters were never created', async () => {
    const { shareTracking } = subject().store.repositories;
    expect(await shareTracking.recordClick(click('k-1', 'instagram'))).toEqual({ ...zero('c-1'), instagram: 1 });
    expect(await shareTracking.getCounters('c-1')).toEqual({ ...zero('c-1'), instagram: 1 });
  });

  it('counts scans of a QR code as clicks of their own channel, with or without a promoter', async () => {
    const { shareTracking } = subject().store.repositories;
    expect(await shareTracking.recordClick(click('k-1', 'qr', { promoterId: null }))).toEqual({
      ...zero('c-1'),
      qr: 1,
    });
    expect(await shareTracking.recordClick(click('k-2', 'qr', { promoterId: 'p-1' }))).toEqual({
      ...zero('c-1'),
      qr: 2,
    });
    expect(await shareTracking.getCounters('c-1')).toEqual({ ...zero('c-1'), qr: 2 });
    expect(await shareTracking.countClicks('c-1')).toEqual({ x: 0, linkedin: 0, facebook: 0, instagram: 0, qr: 2 });
    const qrLink = link('code-qr-1', 'qr');
    expect(await shareTracking.ensureShareLinks([qrLink])).toEqual([qrLink]);
    expect(await shareTracking.findShareLink('code-qr-1')).toEqual(qrLink);
  });

  it('counts page visits per campaign and UTC day, each with its event, and 30 at once all count', async () => {
    const { store } = subject();
    const { shareTracking } = store.repositories;
    await shareTracking.recordPageVisit('c-1', '2026-01-02T23:59:59.999Z');
    await shareTracking.recordPageVisit('c-1', '2026-01-02T08:00:00.000Z');
    await Promise.all(
      Array.from({ length: 30 }, () => shareTracking.recordPageVisit('c-1', '2026-01-03T00:00:00.000Z')),
    );
    await shareTracking.recordPageVisit('c-2', '2026-01-03T12:00:00.000Z');
    expect(await shareTracking.listPageVisits('c-1')).toEqual([
      { campaignId: 'c-1', day: '2026-01-02', visits: 2 },
      { campaignId: 'c-1', day: '2026-01-03', visits: 30 },
    ]);
    expect(await shareTracking.listPageVisits('c-2')).toEqual([{ campaignId: 'c-2', day: '2026-01-03', visits: 1 }]);
    expect(await shareTracking.listPageVisits('c-3')).toEqual([]);
    const events = await store.outbox.pending(100);
    expect(events.filter((event) => event.type === 'shareTracking.pageVisitRecorded')).toHaveLength(33);
    expect(events.at(-1)).toMatchObject({ aggregateId: 'c-2', payload: { campaignId: 'c-2', day: '2026-01-03' } });
  });

  it('counts every one of 50 clicks made at once', async () => {
    const { shareTracking } = subject().store.repositories;
    await shareTracking.ensureCounters('c-1');
    await Promise.all(Array.from({ length: 50 }, (_, n) => shareTracking.recordClick(click(`k-${n}`, 'x'))));
    expect(await shareTracking.getCounters('c-1')).toEqual({ ...zero('c-1'), x: 50 });
    expect(await shareTracking.listClicks('c-1')).toHaveLength(50);
  });

  it("lists a campaign's clicks newest first, optionally only a promoter's, optionally since an instant", async () => {
    const { shareTracking } = subject().store.repositories;
    await shareTracking.recordClick(click('k-1', 'x', { promoterId: 'p-1', at: '2026-01-01T00:00:00.000Z' }));
    await shareTracking.recordClick(click('k-2', 'facebook', { promoterId: 'p-2', at: '2026-01-03T00:00:00.000Z' }));
    await shareTracking.recordClick(click('k-3', 'x', { promoterId: 'p-1', at: '2026-01-05T00:00:00.000Z' }));
    await shareTracking.recordClick(click('k-4', 'x', { at: '2026-01-04T00:00:00.000Z' }));
    await shareTracking.recordClick(click('k-5', 'x', { campaignId: 'c-2', promoterId: 'p-1' }));
    const ids = (clicks: { id: string }[]) => clicks.map((item) => item.id);
    expect(ids(await shareTracking.listClicks('c-1'))).toEqual(['k-3', 'k-4', 'k-2', 'k-1']);
    expect(ids(await shareTracking.listClicks('c-1', { promoterId: 'p-1' }))).toEqual(['k-3', 'k-1']);
    // since is inclusive
    expect(ids(await shareTracking.listClicks('c-1', { since: '2026-01-03T00:00:00.000Z' }))).toEqual([
      'k-3',
      'k-4',
      'k-2',
    ]);
    expect(
      ids(await shareTracking.listClicks('c-1', { promoterId: 'p-1', since: '2026-01-02T00:00:00.000Z' })),
    ).toEqual(['k-3']);
    expect((await shareTracking.listClicks('c-1')).find((item) => item.id === 'k-2')).toEqual(
      click('k-2', 'facebook', { promoterId: 'p-2', at: '2026-01-03T00:00:00.000Z' }),
    );
  });

  it('counts clicks per channel, optionally only a promoter’s, optionally since an instant', async () => {
    const { shareTracking } = subject().store.repositories;
    await shareTracking.recordClick(click('k-1', 'x', { promoterId: 'p-1', at: '2026-01-01T00:00:00.000Z' }));
    await shareTracking.recordClick(click('k-2', 'x', { promoterId: 'p-1', at: '2026-01-05T00:00:00.000Z' }));
    await shareTracking.recordClick(click('k-3', 'facebook', { promoterId: 'p-2', at: '2026-01-05T00:00:00.000Z' }));
    await shareTracking.recordClick(click('k-4', 'linkedin', { at: '2026-01-03T00:00:00.000Z' }));
    await shareTracking.recordClick(click('k-5', 'x', { campaignId: 'c-2', promoterId: 'p-1' }));
    const counts = (x: number, linkedin: number, facebook: number, instagram: number) => ({
      x,
      linkedin,
      facebook,
      instagram,
      qr: 0,
    });
    expect(await shareTracking.countClicks('c-1')).toEqual(counts(2, 1, 1, 0));
    expect(await shareTracking.countClicks('c-1', { promoterId: 'p-1' })).toEqual(counts(2, 0, 0, 0));
    // since is inclusive
    expect(await shareTracking.countClicks('c-1', { since: '2026-01-03T00:00:00.000Z' })).toEqual(counts(1, 1, 1, 0));
    expect(await shareTracking.countClicks('c-1', { promoterId: 'p-1', since: '2026-01-02T00:00:00.000Z' })).toEqual(
      counts(1, 0, 0, 0),
    );
    expect(await shareTracking.countClicks('c-none')).toEqual(counts(0, 0, 0, 0));
  });

  it("records UTM parameters and lists a campaign's", async () => {
    const { shareTracking } = subject().store.repositories;
    expect(await shareTracking.recordUtm(utm('t-1'))).toEqual(utm('t-1'));
    await shareTracking.recordUtm(utm('t-2'));
    await shareTracking.recordUtm(utm('t-3', 'c-2'));
    const listed = await shareTracking.listUtms('c-1');
    expect(listed.map((item) => item.id).sort()).toEqual(['t-1', 't-2']);
    expect(listed.find((item) => item.id === 't-1')).toEqual(utm('t-1'));
  });

  it('writes its events: counters created once, each click, each UTM record', async () => {
    const { store } = subject();
    await store.repositories.shareTracking.ensureCounters('c-1');
    await store.repositories.shareTracking.ensureCounters('c-1');
    await store.repositories.shareTracking.recordClick(click('k-1', 'x', { promoterId: 'p-1' }));
    await store.repositories.shareTracking.recordUtm(utm('t-1'));
    const events = await store.outbox.pending(10);
    expect(events.map((event) => event.type)).toEqual([
      'shareTracking.countersCreated',
      'shareTracking.clickRecorded',
      'shareTracking.utmRecorded',
    ]);
    expect(events.every((event) => event.aggregateType === 'shareTracking' && event.aggregateId === 'c-1')).toBe(true);
    expect(events[1]?.payload).toMatchObject({ click: { id: 'k-1', channel: 'x', promoterId: 'p-1' } });
    expect(events[2]?.payload).toMatchObject({ utm: { id: 't-1' } });
  });

  it('stores share links and finds each by its code', async () => {
    const { shareTracking } = subject().store.repositories;
    const links = [link('code-x-1', 'x'), link('code-li-1', 'linkedin')];
    expect(await shareTracking.ensureShareLinks(links)).toEqual(links);
    expect(await shareTracking.findShareLink('code-li-1')).toEqual(links[1]);
    expect(await shareTracking.findShareLink('code-none')).toBeNull();
    expect(await shareTracking.ensureShareLinks([])).toEqual([]);
  });

  it('keeps the first link of a campaign, promoter and channel: asking again answers it, in the order asked', async () => {
    const { shareTracking } = subject().store.repositories;
    const first = link('code-x-1', 'x');
    await shareTracking.ensureShareLinks([first]);
    const again = await shareTracking.ensureShareLinks([
      link('code-fb-1', 'facebook'),
      link('code-x-2', 'x', { at: '2026-02-01T00:00:00.000Z' }),
    ]);
    expect(again).toEqual([link('code-fb-1', 'facebook'), first]);
    expect(await shareTracking.findShareLink('code-x-2')).toBeNull();
  });

  it('stores one link per campaign, promoter and channel when asked many times at once', async () => {
    const { shareTracking } = subject().store.repositories;
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) => shareTracking.ensureShareLinks([link(`code-x-${n}`, 'x')])),
    );
    expect(new Set(answers.map(([answer]) => answer!.code)).size).toBe(1);
    expect(await shareTracking.listShareLinks('p-1')).toHaveLength(1);
  });

  it("refuses a new link whose code is another link's", async () => {
    const { shareTracking } = subject().store.repositories;
    await shareTracking.ensureShareLinks([link('code-taken', 'x')]);
    await expect(shareTracking.ensureShareLinks([link('code-taken', 'facebook')])).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(await shareTracking.listShareLinks('p-1')).toHaveLength(1);
  });

  it("lists a promoter's links, optionally of one campaign", async () => {
    const { shareTracking } = subject().store.repositories;
    await shareTracking.ensureShareLinks([link('code-a', 'x'), link('code-b', 'instagram')]);
    await shareTracking.ensureShareLinks([link('code-c', 'x', { campaignId: 'c-2' })]);
    await shareTracking.ensureShareLinks([link('code-d', 'x', { promoterId: 'p-2' })]);
    expect(byCode(await shareTracking.listShareLinks('p-1')).map((item) => item.code)).toEqual([
      'code-a',
      'code-b',
      'code-c',
    ]);
    expect(byCode(await shareTracking.listShareLinks('p-1', 'c-1'))).toEqual([
      link('code-a', 'x'),
      link('code-b', 'instagram'),
    ]);
    expect(await shareTracking.listShareLinks('p-none')).toEqual([]);
  });

  it('writes shareTracking.linkCreated for each new link only', async () => {
    const { store } = subject();
    await store.repositories.shareTracking.ensureShareLinks([link('code-a', 'x'), link('code-b', 'linkedin')]);
    await store.repositories.shareTracking.ensureShareLinks([link('code-c', 'x')]);
    const events = await store.outbox.pending(10);
    expect(events.map((event) => event.type)).toEqual(['shareTracking.linkCreated', 'shareTracking.linkCreated']);
    expect(events.every((event) => event.aggregateType === 'shareTracking' && event.aggregateId === 'c-1')).toBe(true);
    expect(events.map((event) => (event.payload as { link: { code: string } }).link.code).sort()).toEqual([
      'code-a',
      'code-b',
    ]);
  });
});
