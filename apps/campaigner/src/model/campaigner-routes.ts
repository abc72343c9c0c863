import { CAMPAIGN_PATHS } from '@causeway/core/contracts/campaign-screens';
import type { StepId } from './wizard-steps';

/** The pages of the campaigner area, below `/campaigner`. */
export type CampaignerRoute =
  { page: 'home' } | { page: 'draft'; id: string } | { page: 'campaign'; id: string } | { page: 'not-found' };

export const CAMPAIGNER_BASE = '/campaigner';

export type HomeView = 'mine' | 'organization';

export const campaignerPaths = {
  home: (view: HomeView = 'mine') => (view === 'mine' ? CAMPAIGNER_BASE : `${CAMPAIGNER_BASE}?view=organization`),
  /** A draft in the wizard (CAMPAIGN_PATHS.draft), at a step when given. */
  draft: (id: string, step?: StepId) => `${CAMPAIGN_PATHS.draft(encodeURIComponent(id))}${step ? `?step=${step}` : ''}`,
  /** The wizard on a new campaign: nothing is stored until its first save. */
  newDraft: () => `${CAMPAIGN_PATHS.newDraft()}?step=basics`,
  /** A live campaign: its figures and its ads' delivery (its shares and thanks are pages below it). */
  campaign: (campaignId: string) => `${CAMPAIGNER_BASE}/campaigns/${encodeURIComponent(campaignId)}`,
};

const PAGES_WITH_ID = { drafts: 'draft', campaigns: 'campaign' } as const;

/** The page a path of the campaigner area shows; a trailing slash is ignored. */
export function campaignerRouteOf(pathname: string): CampaignerRoute {
  if (pathname !== CAMPAIGNER_BASE && !pathname.startsWith(`${CAMPAIGNER_BASE}/`)) return { page: 'not-found' };
  const parts = pathname.slice(CAMPAIGNER_BASE.length).split('/').filter(Boolean);
  if (parts.length === 0) return { page: 'home' };
  if (parts.length === 2 && (parts[0] === 'drafts' || parts[0] === 'campaigns')) {
    const page = PAGES_WITH_ID[parts[0]];
    try {
      const id = decodeURIComponent(parts[1]!);
      return id.trim() === '' ? { page: 'not-found' } : { page, id };
    } catch {
      return { page: 'not-found' };
    }
  }
  return { page: 'not-found' };
}
