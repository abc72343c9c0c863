import { describe, expect, test } from 'vitest';
import {
  campaignDocumentTitle,
  campaignHeadline,
  campaignIdAt,
  receiptCampaignIdAt,
  deadlineLabel,
  deadlineStatus,
  donorsLabel,
  externalHref,
  fundedPercent,
  linkLabel,
  mediaSrc,
  storyParagraphs,
} from './campaign-page.rules';

describe('campaignIdAt', () => {
  test.each([
    ['/campaign/abc-123/details/', 'abc-123'],
    ['/campaign/abc-123/details', 'abc-123'],
    ['/campaign/a%20b/details/', 'a b'],
    ['/campaign/%E0%A4%A/details/', '%E0%A4%A'],
    ['/campaign/abc/details/more', null],
    ['/campaign//details/', null],
    ['/campaign/abc', null],
    ['/campaigner/drafts/abc', null],
    ['/', null],
  ])('%s → %s', (pathname, expected) => {
    expect(campaignIdAt(pathname)).toBe(expected);
  });
});

describe('receiptCampaignIdAt', () => {
  test.each([
    ['/campaign/abc-123/thank-you', 'abc-123'],
    ['/campaign/abc-123/thank-you/', 'abc-123'],
    ['/campaign/a%20b/thank-you', 'a b'],
    ['/campaign/%E0%A4%A/thank-you', '%E0%A4%A'],
    ['/campaign/abc-123/details/', null],
    ['/campaign//thank-you', null],
    ['/campaign/abc/thank-you/more', null],
  ])('%s → %s', (pathname, expected) => {
    expect(receiptCampaignIdAt(pathname)).toBe(expected);
  });
});

describe('fundedPercent', () => {
  test.each([
    [2_500_00, 10_000_00, 25],
    [0, 10_000_00, 0],
    [1, 10_000_00, 0],
    [9_999_99, 10_000_00, 99],
    [10_000_00, 10_000_00, 100],
    [12_500_00, 10_000_00, 125],
    [5_00, 0, 0],
    [-5_00, 10_00, 0],
  ])('%i of %i cents → %i%%', (raised, goal, percent) => {
    expect(fundedPercent(raised, goal)).toBe(percent);
  });
});

describe('deadlineStatus and deadlineLabel', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  test.each([
    [null, { kind: 'none' }, null],
    ['not a date', { kind: 'none' }, null],
    ['2026-02-28T12:00:00.000Z', { kind: 'ended' }, 'Ended'],
    ['2026-03-01T12:00:00.000Z', { kind: 'ended' }, 'Ended'],
    ['2026-03-01T13:00:00.000Z', { kind: 'open', daysLeft: 1 }, 'Last day'],
    ['2026-03-02T12:00:00.000Z', { kind: 'open', daysLeft: 1 }, 'Last day'],
    ['2026-03-02T12:00:00.001Z', { kind: 'open', daysLeft: 2 }, '2 days left'],
    ['2026-03-31T12:00:00.000Z', { kind: 'open', daysLeft: 30 }, '30 days left'],
    ['2031-03-01T12:00:00.000Z', { kind: 'open', daysLeft: 1826 }, '1,826 days left'],
  ])('%s → %j, %s', (deadline, status, label) => {
    expect(deadlineStatus(deadline, now)).toEqual(status);
    expect(deadlineLabel(deadlineStatus(deadline, now))).toBe(label);
  });
});

describe('donorsLabel', () => {
  test.each([
    [0, 'No donors yet'],
    [1, '1 donor'],
    [12, '12 donors'],
    [1_234, '1,234 donors'],
  ])('%i → %s', (donators, label) => {
    expect(donorsLabel(donators)).toBe(label);
  });
});

describe('storyParagraphs', () => {
  test.each([
    ['One paragraph.', ['One paragraph.']],
    ['First.\n\nSecond.', ['First.', 'Second.']],
    ['First.\r\n\r\nSecond.\r\nSame paragraph.', ['First.', 'Second.\nSame paragraph.']],
    ['  First.  \n \t \n\n\nSecond.\n', ['First.', 'Second.']],
    ['<script>alert(1)</script>', ['<script>alert(1)</script>']],
    ['', []],
    ['\n\n  \n', []],
  ])('%j → %j', (story, paragraphs) => {
    expect(storyParagraphs(story)).toEqual(paragraphs);
  });
});

describe('externalHref and linkLabel', () => {
  test.each([
    ['https://harborlight.example/give', 'https://harborlight.example/give', 'harborlight.example'],
    ['http://www.harborlight.example', 'http://www.harborlight.example/', 'harborlight.example'],
    ['harborlight.example', 'https://harborlight.example/', 'harborlight.example'],
    ['www.harborlight.example/about?x=1', 'https://www.harborlight.example/about?x=1', 'harborlight.example'],
    ['  https://a.example  ', 'https://a.example/', 'a.example'],
    ['javascript:alert(1)', null, null],
    ['JavaScript:alert(1)', null, null],
    ['data:text/html,<b>x</b>', null, null],
    ['mailto:give@harborlight.example', null, null],
    ['/relative/path', null, null],
    ['just words', null, null],
    ['', null, null],
    [null, null, null],
  ])('%j → %j', (url, href, label) => {
    const result = externalHref(url);
    expect(result).toBe(href);
    if (result !== null) expect(linkLabel(result)).toBe(label);
  });
});

describe('mediaSrc', () => {
  test.each([
    ['https://cdn.example/cover.png', 'https://cdn.example/cover.png'],
    ['/files/campaigns/cover.png', '/files/campaigns/cover.png'],
    ['//evil.example/cover.png', null],
    ['javascript:alert(1)', null],
    ['', null],
    [null, null],
  ])('%j → %j', (url, src) => {
    expect(mediaSrc(url)).toBe(src);
  });
});

describe('campaignHeadline and campaignDocumentTitle', () => {
  const organization = {
    organizationId: 'org-1',
    name: 'Harbor Light Food Bank',
    logo: null,
    website: null,
    paymentDisclaimer: null,
    termsAndConditionsLink: null,
  };
  test.each([
    [{ title: 'Warm meals', name: 'Winter', organization }, 'Warm meals', 'Warm meals · Harbor Light Food Bank'],
    [{ title: '  ', name: 'Winter', organization: null }, 'Winter', 'Winter'],
    [{ title: '', name: '', organization: null }, 'Untitled campaign', 'Untitled campaign'],
  ])('%j', (page, headline, documentTitle) => {
    expect(campaignHeadline(page)).toBe(headline);
    expect(campaignDocumentTitle(page)).toBe(documentTitle);
  });
});
