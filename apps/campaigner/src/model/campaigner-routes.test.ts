import { expect, test } from 'vitest';
import { CAMPAIGN_PATHS } from '@causeway/core/contracts/campaigns.contract';
import { campaignerPaths, campaignerRouteOf } from './campaigner-routes';

test.each([
  ['/campaigner', { page: 'home' }],
  ['/campaigner/', { page: 'home' }],
  ['/campaigner/drafts/abc-123', { page: 'draft', id: 'abc-123' }],
  ['/campaigner/drafts/abc-123/', { page: 'draft', id: 'abc-123' }],
  ['/campaigner/drafts/a%20b', { page: 'draft', id: 'a b' }],
  ['/campaigner/drafts/%E0%A4%A', { page: 'not-found' }],
  ['/campaigner/drafts', { page: 'not-found' }],
  ['/campaigner/drafts/abc/extra', { page: 'not-found' }],
  ['/campaigner/campaigns/cmp-1', { page: 'campaign', id: 'cmp-1' }],
  ['/campaigner/campaigns/cmp-1/', { page: 'campaign', id: 'cmp-1' }],
  ['/campaigner/campaigns/%E0%A4%A', { page: 'not-found' }],
  ['/campaigner/campaigns/cmp-1/delivery', { page: 'not-found' }],
  ['/campaigner/other', { page: 'not-found' }],
  ['/campaignerx', { page: 'not-found' }],
])('%s shows %j', (path, route) => {
  expect(campaignerRouteOf(path)).toEqual(route);
});

test('a draft’s address is the one notifications link to, with the step in the query', () => {
  expect(campaignerPaths.draft('abc-123')).toBe(CAMPAIGN_PATHS.draft('abc-123'));
  expect(campaignerPaths.draft('abc-123', 'budget')).toBe('/campaigner/drafts/abc-123?step=budget');
  expect(campaignerRouteOf(campaignerPaths.draft('a/b').split('?')[0]!)).toEqual({ page: 'draft', id: 'a/b' });
});

test('a live campaign’s address reads back as its page', () => {
  expect(campaignerPaths.campaign('c/1')).toBe('/campaigner/campaigns/c%2F1');
  expect(campaignerRouteOf(campaignerPaths.campaign('c/1'))).toEqual({ page: 'campaign', id: 'c/1' });
});
