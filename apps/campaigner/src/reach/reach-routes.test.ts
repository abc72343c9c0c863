import { describe, expect, it } from 'vitest';
import { reachPaths, reachRouteOf } from './reach-routes';

describe('the reach pages of the campaigner area', () => {
  it.each([
    ['/campaigner/campaigns', { page: 'campaigns' }],
    ['/campaigner/campaigns/', { page: 'campaigns' }],
    ['/campaigner/campaigns/cmp-1/shares', { page: 'shares', campaignId: 'cmp-1' }],
    ['/campaigner/campaigns/cmp-1/thanks/', { page: 'thanks', campaignId: 'cmp-1' }],
    ['/campaigner/campaigns/a%20b/thanks', { page: 'thanks', campaignId: 'a b' }],
    ['/campaigner/campaigns/cmp-1', null],
    ['/campaigner/campaigns/cmp-1/edit', null],
    ['/campaigner/campaigns/%E0%A4%A/shares', null],
    ['/campaigner/campaignsx', null],
    ['/campaigner', null],
    ['/campaigner/drafts/d-1', null],
  ])('reads %s as %o', (pathname, route) => {
    expect(reachRouteOf(pathname)).toEqual(route);
  });

  it.each([
    [reachPaths.campaigns(), { page: 'campaigns' }],
    [reachPaths.shares('c/1'), { page: 'shares', campaignId: 'c/1' }],
    [reachPaths.thanks('c 2'), { page: 'thanks', campaignId: 'c 2' }],
  ])('reads its own path %s back', (path, route) => {
    expect(reachRouteOf(path)).toEqual(route);
  });
});
