import { describe, expect, it } from 'vitest';
import { SHARE_CHANNELS } from '../campaigns/targeting.entity';
import { CHANNEL_ORDER, isLinkPreviewer, networkShareUrl, shareCodeFrom, shortLinkPath } from './share-links.rules';

describe('share links', () => {
  it.each([
    ['x', 'https://x.com/intent/tweet?text=Warm%20meals%20%26%20more&url=https%3A%2F%2Fcw.example%2Fs%2Fabc123XYZ_'],
    ['linkedin', 'https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fcw.example%2Fs%2Fabc123XYZ_'],
    ['facebook', 'https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fcw.example%2Fs%2Fabc123XYZ_'],
    ['instagram', null],
  ] as const)('opens %s’s share page with the short link: %s', (channel, expected) => {
    expect(networkShareUrl(channel, 'https://cw.example/s/abc123XYZ_', 'Warm meals & more')).toBe(expected);
  });

  it('lists the channels in SPEC §9 order without the schemas', () => {
    expect(CHANNEL_ORDER).toEqual([...SHARE_CHANNELS]);
  });

  it.each([
    ['abcdefghijklmnopqrstuvwxyz0123456789-_', 'abcdefghij'],
    ['+/=ab+cd/efgh=ijk', 'abcdefghij'],
    ['A1_-B2_-C3_-', 'A1_-B2_-C3'],
  ])('makes the code of secret %s: %s', (secret, code) => {
    expect(shareCodeFrom(secret)).toBe(code);
  });

  it('refuses a secret too short for a code', () => {
    expect(() => shareCodeFrom('abc')).toThrow();
  });

  it('puts the code in the short path', () => {
    expect(shortLinkPath('abc123XYZ_')).toBe('/s/abc123XYZ_');
  });

  it.each([
    ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', true],
    ['Twitterbot/1.0', true],
    ['LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)', true],
    ['Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)', true],
    ['WhatsApp/2.23.20.0', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36', false],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Instagram 330.0', false],
    [undefined, false],
  ])('tells a link previewer from a visitor: %s → %s', (userAgent, previewer) => {
    expect(isLinkPreviewer(userAgent)).toBe(previewer);
  });
});
