import { describe, expect, it } from 'vitest';
import {
  DEFAULT_APPRECIATION_SETTINGS,
  DEFAULT_EMAIL_MESSAGE,
  DEFAULT_PAGE_MESSAGE,
  emailHtml,
  emailText,
  emailThankYou,
  pageThankYou,
  paragraphsOf,
  promoterThanks,
  type AppreciationSettings,
} from './appreciation-message.rules';

const context = { campaignName: 'Winter meals', donorName: 'Dana', amountCents: 2500 };
const settings = (changes: Partial<AppreciationSettings> = {}): AppreciationSettings => ({
  ...DEFAULT_APPRECIATION_SETTINGS,
  pageMessage: 'Every meal counts.',
  emailMessage: 'We cook on Fridays.\n\nSee you there.',
  ...changes,
});

describe('the receipt page thank-you', () => {
  it.each([
    [{}, 'Thank you, Dana!', 'Your gift of $25.00 to Winter meals has been received.'],
    [{ includePageDonorName: false }, 'Thank you!', 'Your gift of $25.00 to Winter meals has been received.'],
    [{ includePageDonorAmount: false }, 'Thank you, Dana!', 'Your gift to Winter meals has been received.'],
    [{ includePageCampaignName: false }, 'Thank you, Dana!', 'Your gift of $25.00 has been received.'],
    [{ includePageCampaignName: false, includePageDonorAmount: false }, 'Thank you, Dana!', null],
    // The e-mail's flags do not change the page.
    [
      { includeEmailDonorName: false, includeEmailDonorAmount: false, includeEmailCampaignName: false },
      'Thank you, Dana!',
      'Your gift of $25.00 to Winter meals has been received.',
    ],
  ] as const)('with %o greets “%s” and says “%s”', (changes, greeting, summary) => {
    expect(pageThankYou(settings(changes), context)).toEqual({
      greeting,
      summary,
      paragraphs: ['Every meal counts.'],
    });
  });

  it.each([
    [
      'no donor name',
      { ...context, donorName: null },
      'Thank you!',
      'Your gift of $25.00 to Winter meals has been received.',
    ],
    [
      'a blank donor name',
      { ...context, donorName: '  ' },
      'Thank you!',
      'Your gift of $25.00 to Winter meals has been received.',
    ],
    [
      'no amount',
      { ...context, amountCents: null },
      'Thank you, Dana!',
      'Your gift to Winter meals has been received.',
    ],
    ['nothing known', { campaignName: null, donorName: null, amountCents: null }, 'Thank you!', null],
    [
      'a large amount',
      { ...context, amountCents: 123_456_78 },
      'Thank you, Dana!',
      'Your gift of $123,456.78 to Winter meals has been received.',
    ],
  ])('with %s greets “%s”', (_, given, greeting, summary) => {
    expect(pageThankYou(settings(), given)).toMatchObject({ greeting, summary });
  });

  it('says the default words when the campaign wrote none, or saved no settings', () => {
    expect(pageThankYou(settings({ pageMessage: ' \n ' }), context).paragraphs).toEqual([DEFAULT_PAGE_MESSAGE]);
    expect(pageThankYou(null, context)).toEqual({
      greeting: 'Thank you, Dana!',
      summary: 'Your gift of $25.00 to Winter meals has been received.',
      paragraphs: [DEFAULT_PAGE_MESSAGE],
    });
  });
});

describe('the thank-you e-mail', () => {
  const extra = { campaignHeaderImage: 'https://cdn.example/header.png', organizationName: 'Harbor Light Food Bank' };

  it.each([
    [
      {},
      'Thank you for supporting Winter meals',
      'Thank you, Dana!',
      'Your gift of $25.00 to Winter meals has been received.',
    ],
    [
      { includeEmailCampaignName: false },
      'Thank you for your donation',
      'Thank you, Dana!',
      'Your gift of $25.00 has been received.',
    ],
    [
      { includeEmailDonorName: false },
      'Thank you for supporting Winter meals',
      'Thank you!',
      'Your gift of $25.00 to Winter meals has been received.',
    ],
    [
      { includeEmailDonorAmount: false },
      'Thank you for supporting Winter meals',
      'Thank you, Dana!',
      'Your gift to Winter meals has been received.',
    ],
    // The page's flags do not change the e-mail.
    [
      { includePageDonorName: false, includePageDonorAmount: false, includePageCampaignName: false },
      'Thank you for supporting Winter meals',
      'Thank you, Dana!',
      'Your gift of $25.00 to Winter meals has been received.',
    ],
  ] as const)('with %o has subject “%s”', (changes, subject, greeting, summary) => {
    expect(emailThankYou(settings(changes), { ...context, ...extra })).toMatchObject({
      subject,
      greeting,
      summary,
      paragraphs: ['We cook on Fridays.', 'See you there.'],
      signature: 'Harbor Light Food Bank',
    });
  });

  it.each([
    ['no header', { includeHeaderEmail: false }, extra.campaignHeaderImage, null],
    ['the campaign’s header', { includeHeaderEmail: true }, extra.campaignHeaderImage, extra.campaignHeaderImage],
    [
      'a custom header',
      {
        includeHeaderEmail: true,
        includeCustomizedHeaderEmail: true,
        emailHeaderUrl: 'https://cdn.example/thanks.png',
      },
      extra.campaignHeaderImage,
      'https://cdn.example/thanks.png',
    ],
    [
      'a custom header without its address: the campaign’s',
      { includeHeaderEmail: true, includeCustomizedHeaderEmail: true, emailHeaderUrl: null },
      extra.campaignHeaderImage,
      extra.campaignHeaderImage,
    ],
    ['the campaign’s header when it has none', { includeHeaderEmail: true }, null, null],
    [
      'a custom header while headers are off',
      {
        includeHeaderEmail: false,
        includeCustomizedHeaderEmail: true,
        emailHeaderUrl: 'https://cdn.example/thanks.png',
      },
      extra.campaignHeaderImage,
      null,
    ],
  ] as const)('with %s shows %s → %s', (_, changes, campaignHeaderImage, headerImageUrl) => {
    expect(emailThankYou(settings(changes), { ...context, ...extra, campaignHeaderImage }).headerImageUrl).toBe(
      headerImageUrl,
    );
  });

  it('writes the default words and the platform’s signature when there is nothing of the campaign’s', () => {
    const email = emailThankYou(null, { ...context, campaignHeaderImage: null, organizationName: null });
    expect(email.paragraphs).toEqual([DEFAULT_EMAIL_MESSAGE]);
    expect(emailText(email)).toBe(
      `Thank you, Dana!\n\nYour gift of $25.00 to Winter meals has been received.\n\n${DEFAULT_EMAIL_MESSAGE}\n\n— The Causeway team`,
    );
  });

  it('escapes everything in the HTML and shows only an http(s) header image', () => {
    const email = emailThankYou(
      settings({
        emailMessage: '<script>alert(1)</script> & more',
        includeHeaderEmail: true,
        includeCustomizedHeaderEmail: true,
        emailHeaderUrl: 'https://cdn.example/a.png?x="1"',
      }),
      { ...context, donorName: '<b>Dana</b>', ...extra },
    );
    const html = emailHtml(email);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(html).toContain('Thank you, &lt;b&gt;Dana&lt;/b&gt;!');
    expect(html).toContain('src="https://cdn.example/a.png?x=&quot;1&quot;"');
    expect(html).not.toContain('<script>');
    expect(emailHtml({ ...email, headerImageUrl: 'javascript:alert(1)' })).not.toContain('<img');
  });
});

describe('paragraphs and the promoter’s thanks', () => {
  it.each([
    ['One line.', ['One line.']],
    ['First.\n\nSecond.', ['First.', 'Second.']],
    ['First\nstill first.\r\n\r\nSecond.', ['First\nstill first.', 'Second.']],
    ['\n\n  \n', []],
  ])('reads %j as %j', (text, paragraphs) => {
    expect(paragraphsOf(text)).toEqual(paragraphs);
  });

  it.each([
    [
      { campaignName: 'Winter meals', amountCents: 2500 },
      'Your link brought a donation to Winter meals',
      'Your share link brought a donation of $25.00 to Winter meals. Thank you for spreading the word!',
    ],
    [
      { campaignName: null, amountCents: 100 },
      'Your link brought a donation',
      'Your share link brought a donation of $1.00. Thank you for spreading the word!',
    ],
  ])('tells the promoter of %o', (given, subject, message) => {
    expect(promoterThanks(given)).toEqual({ subject, message });
  });
});
