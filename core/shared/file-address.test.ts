import { describe, expect, test } from 'vitest';
import { PreCampaign } from '../campaigns/campaign.entity';
import { Organization } from '../organizations/organization.entity';
import { UserProfile } from '../users/user.entity';
import { absoluteFileUrl, FileAddress, sameOriginFileAddress } from './file-address';

describe('sameOriginFileAddress', () => {
  test.each([
    ['/files/campaigns/c-1-cover.jpg', '/files/campaigns/c-1-cover.jpg'],
    ['http://localhost:3000/files/campaigns/c-1-cover.jpg', '/files/campaigns/c-1-cover.jpg'],
    ['http://localhost/files/preCampaigns/cover_d-1.png', '/files/preCampaigns/cover_d-1.png'],
    ['http://127.0.0.1:3456/files/avatars/avatar_u-1.png?v=12', '/files/avatars/avatar_u-1.png?v=12'],
    ['http://[::1]:3000/files/organizations/logo_o-1.svg', '/files/organizations/logo_o-1.svg'],
    // Another host's files, and the platform's pages on a loopback host, stay as they are.
    ['https://give.example/files/campaigns/c-1-cover.jpg', 'https://give.example/files/campaigns/c-1-cover.jpg'],
    ['https://cdn.example.org/files/c.jpg', 'https://cdn.example.org/files/c.jpg'],
    ['http://localhost.example/files/c.jpg', 'http://localhost.example/files/c.jpg'],
    ['http://localhost:3000/campaign/c-1/details/', 'http://localhost:3000/campaign/c-1/details/'],
    ['http://localhost:3000/filesx/c.jpg', 'http://localhost:3000/filesx/c.jpg'],
  ])('%s is loaded from %s', (stored, loaded) => {
    expect(sameOriginFileAddress(stored)).toBe(loaded);
    expect(FileAddress.parse(stored)).toBe(loaded);
  });
});

describe('absoluteFileUrl', () => {
  test.each([
    ['/files/campaigns/c-1-cover.jpg', 'https://give.example', 'https://give.example/files/campaigns/c-1-cover.jpg'],
    ['/files/c.jpg', 'http://localhost:3000/', 'http://localhost:3000/files/c.jpg'],
    ['http://localhost:3000/files/c.jpg', 'https://give.example', 'https://give.example/files/c.jpg'],
    ['https://cdn.example.org/files/c.jpg', 'https://give.example', 'https://cdn.example.org/files/c.jpg'],
    ['javascript:alert(1)', 'https://give.example', null],
    ['data:image/png;base64,AAAA', 'https://give.example', null],
  ])('%s on %s is %s', (address, publicUrl, expected) => {
    expect(absoluteFileUrl(address, publicUrl)).toBe(expected);
  });
});

describe('records holding the addresses the platform stored on its default host', () => {
  const NOW = '2026-01-15T12:00:00.000Z';
  const legacy = (path: string) => `http://localhost:3000/files/${path}`;

  test("are read with same-origin paths, so a page opened by any of the host's names loads them", () => {
    const draft = PreCampaign.parse({
      id: 'd-1',
      campaignUUID: 'c-1',
      userId: 'u-1',
      createdAt: NOW,
      campaignCoverImage: legacy('preCampaigns/cover_d-1.jpg'),
      headerImageDesktop: legacy('campaigns/c-1-header.png'),
      headerUrlDesktop: 'http://localhost:3000/campaign/c-1/details/',
      adFiles: [
        {
          name: 'banner.png',
          path: 'campaigns/c-1-banner.png',
          url: legacy('campaigns/c-1-banner.png'),
          typeFormat: 'display',
        },
      ],
    });
    expect(draft).toMatchObject({
      campaignCoverImage: '/files/preCampaigns/cover_d-1.jpg',
      headerImageDesktop: '/files/campaigns/c-1-header.png',
      // A link is not a file: it is kept as written.
      headerUrlDesktop: 'http://localhost:3000/campaign/c-1/details/',
      adFiles: [{ url: '/files/campaigns/c-1-banner.png' }],
    });
    expect(
      Organization.parse({
        organizationId: 'o-1',
        name: 'Harbor Light',
        created_date: NOW,
        logo: legacy('organizations/logo_o-1.png'),
      }).logo,
    ).toBe('/files/organizations/logo_o-1.png');
    expect(
      UserProfile.parse({
        UserId: 'u-1',
        uid: 'u-1',
        Email: 'casey@example.org',
        AccountType: 'campaigner',
        createdAt: NOW,
        avatar: `${legacy('avatars/avatar_u-1.png')}?v=1`,
      }).avatar,
    ).toBe('/files/avatars/avatar_u-1.png?v=1');
  });
});
