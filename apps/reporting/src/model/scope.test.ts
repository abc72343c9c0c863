import { describe, expect, it } from 'vitest';
import { intervalOf, rangeOf, reportQuery, scopeFromSearch, searchOfScope, withScope } from './scope';

const NOW = new Date('2026-05-10T15:30:00.000Z');

describe('a report scope', () => {
  it('covers the last days today included, or everything', () => {
    expect(rangeOf(7, NOW)).toEqual({ from: '2026-05-04', to: '2026-05-10' });
    expect(rangeOf(30, NOW)).toEqual({ from: '2026-04-11', to: '2026-05-10' });
    expect(rangeOf(90, NOW)).toEqual({ from: '2026-02-10', to: '2026-05-10' });
    expect(rangeOf('all', NOW)).toEqual({});
  });

  it('is read from the address, the organization only for platform-wide readers', () => {
    const params = new URLSearchParams('range=90&org=org-2');
    expect(scopeFromSearch(params, true)).toEqual({ preset: 90, organizationId: 'org-2' });
    expect(scopeFromSearch(params, false)).toEqual({ preset: 90, organizationId: null });
    expect(scopeFromSearch(new URLSearchParams('range=all'), true)).toEqual({ preset: 'all', organizationId: null });
    expect(scopeFromSearch(new URLSearchParams('range=12'), true)).toEqual({ preset: 30, organizationId: null });
  });

  it('keeps the range and organization on the links between reports', () => {
    expect(withScope('/reports/campaigns/c-1', { preset: 90, organizationId: 'org-1' })).toBe(
      '/reports/campaigns/c-1?range=90&org=org-1',
    );
    expect(withScope('/reports', { preset: 30, organizationId: null })).toBe('/reports');
  });

  it('writes back only what differs from the defaults', () => {
    expect(searchOfScope({ preset: 30, organizationId: null })).toEqual({ range: null, org: null });
    expect(searchOfScope({ preset: 'all', organizationId: 'org-1' })).toEqual({ range: 'all', org: 'org-1' });
  });

  it('asks a report for its days, organization and own parameters', () => {
    expect(reportQuery({ preset: 7, organizationId: 'org-1' }, NOW, { interval: 'day', page: 2 })).toBe(
      '?from=2026-05-04&to=2026-05-10&organizationId=org-1&interval=day&page=2',
    );
    expect(reportQuery({ preset: 'all', organizationId: null }, NOW)).toBe('');
    expect(intervalOf('all')).toBe('week');
    expect(intervalOf(90)).toBe('day');
  });
});
