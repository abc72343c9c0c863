import { describe, expect, it } from 'vitest';
import { emptyMirrorKeys, type MirrorFacts } from './mirror.entity';
import { reportChangeOf } from './projector.service';

const noFacts = (): MirrorFacts => ({
  organizations: [],
  people: [],
  campaigns: [],
  gifts: [],
  checkouts: [],
  shareClicks: [],
  pageVisits: [],
  adDays: [],
  promotions: [],
  monthlyGifts: [],
});

describe('what a batch changed in the reports', () => {
  it('names the organizations its records belong to, once each', () => {
    const facts = noFacts();
    facts.gifts = [{ organizationId: 'org-1' }, { organizationId: 'org-1' }, { organizationId: null }] as never;
    facts.organizations = [{ organizationId: 'org-2' }] as never;
    facts.pageVisits = [{ organizationId: 'org-3' }] as never;
    facts.monthlyGifts = [{ organizationId: 'org-4' }] as never;
    expect(reportChangeOf(facts, emptyMirrorKeys())).toEqual({
      organizationIds: ['org-2', 'org-1', 'org-3', 'org-4'],
      all: false,
    });
  });

  it('is every organization’s when it removed a record, whose organization is no longer known', () => {
    const gone = emptyMirrorKeys();
    gone.people = ['u-1'];
    expect(reportChangeOf(noFacts(), gone)).toEqual({ organizationIds: [], all: true });
  });
});
