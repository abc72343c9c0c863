import { describe, expect, it } from 'vitest';
import { campaignQrLandingPath, fundraiserQrLandingPath, landingPath, shareChannelOf } from './share-landing.rules';

describe('where a share link leads', () => {
  it.each([
    ['x', 'c-1', 'p-1', '/campaign/c-1/details/?ref=p-1&utm_source=x&utm_medium=social&utm_campaign=c-1'],
    [
      'linkedin',
      'c-2',
      'p&2 ',
      '/campaign/c-2/details/?ref=p%262+&utm_source=linkedin&utm_medium=social&utm_campaign=c-2',
    ],
    ['facebook', 'c-3', 'p-3', '/campaign/c-3/details/?ref=p-3&utm_source=facebook&utm_medium=social&utm_campaign=c-3'],
    [
      'instagram',
      'c-4',
      'p-4',
      '/campaign/c-4/details/?ref=p-4&utm_source=instagram&utm_medium=social&utm_campaign=c-4',
    ],
  ] as const)('sends a %s click on campaign %s by %s to %s', (channel, campaignId, promoterId, expected) => {
    expect(landingPath({ channel, campaignId, promoterId })).toBe(expected);
  });

  it("sends a scan of a promoter's QR code, and of the campaign's own, to the page naming the channel qr", () => {
    expect(landingPath({ channel: 'qr', campaignId: 'c-5', promoterId: 'p-5' })).toBe(
      '/campaign/c-5/details/?ref=p-5&utm_source=qr&utm_medium=social&utm_campaign=c-5',
    );
    expect(campaignQrLandingPath('c-6')).toBe(
      '/campaign/c-6/details/?utm_source=qr&utm_medium=social&utm_campaign=c-6',
    );
  });

  it("sends a scan of a fundraising page's QR code to the page, else to the campaign page, crediting its promoter", () => {
    expect(fundraiserQrLandingPath('c-7', 'p 7', true)).toBe(
      '/campaign/c-7/fundraisers/p%207/?ref=p+7&utm_source=qr&utm_medium=social&utm_campaign=c-7',
    );
    expect(fundraiserQrLandingPath('c-7', 'p-7', false)).toBe(
      '/campaign/c-7/details/?ref=p-7&utm_source=qr&utm_medium=social&utm_campaign=c-7',
    );
  });
});

describe('the share network a visitor came from', () => {
  it.each([
    ['x', 'x'],
    [' LinkedIn ', 'linkedin'],
    ['facebook', 'facebook'],
    ['instagram', 'instagram'],
    ['QR', 'qr'],
    ['twitter', 'x'],
    ['newsletter', null],
    ['', null],
    [undefined, null],
    [42, null],
  ] as const)('reads %j as %s', (source, channel) => {
    expect(shareChannelOf(source)).toBe(channel);
  });
});
