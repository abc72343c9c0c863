import { CalendarClock, Megaphone, Share2, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { formatUsd } from '@causeway/core/budget/budget.rules';
import type { PublicCampaign } from '@causeway/core/contracts/payments.contract';
import type { SessionUser } from '@causeway/core/users/user.entity';
import {
  deadlineLabel,
  deadlineStatus,
  donorsLabel,
  fundedPercent,
  mediaSrc,
} from '@causeway/shells/shared/campaign-page/campaign-page.rules';
import { Link } from '@causeway/shells/shared/router';
import { LoadMore } from '@causeway/shells/shared/ui/load-more';
import { LoadFailed } from './load-failed';
import { PromoteDialog } from './promote-dialog';
import { useLiveCampaigns, useMyPromotions } from './promotion.api';
import { DONATIONS_PATH, PROMOTIONS_PATH } from './promotion-paths';
import './promotion.css';

function CampaignCard({
  campaign,
  promoter,
  promoted,
  onPromote,
}: {
  campaign: PublicCampaign;
  promoter: boolean;
  promoted: boolean;
  onPromote: (campaign: PublicCampaign) => void;
}) {
  const headingId = useId();
  const percent = fundedPercent(campaign.raisedCents, campaign.goalCents);
  const deadline = deadlineLabel(deadlineStatus(campaign.deadline, new Date()));
  const cover = mediaSrc(campaign.coverImage);
  return (
    <li className="cw-discover__card" aria-labelledby={headingId} data-campaign-id={campaign.campaignId}>
      <div className="cw-discover__cover">
        {cover ? <img src={cover} alt="" loading="lazy" /> : <Share2 size={28} aria-hidden="true" />}
      </div>
      <div className="cw-discover__body">
        <p className="cw-discover__org">{campaign.organization?.name ?? campaign.category ?? 'Campaign'}</p>
        <h3 id={headingId} className="cw-discover__title">
          {campaign.title.trim() || campaign.name}
        </h3>
        {campaign.summary && <p className="cw-discover__summary">{campaign.summary}</p>}
        <div className="cw-discover__progress">
          <div
            className="cw-discover__bar"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.min(percent, 100)}
            aria-label={`${percent}% of the goal raised`}
          >
            <span className="cw-discover__bar-fill" style={{ width: `${Math.min(percent, 100)}%` }} />
          </div>
          <p className="cw-discover__raised">
            <strong>{formatUsd(campaign.raisedCents)}</strong>
            {campaign.goalCents > 0 ? ` raised of ${formatUsd(campaign.goalCents)}` : ' raised'}
          </p>
          <p className="cw-discover__meta">
            <span>
              <Users size={14} aria-hidden="true" />
              {donorsLabel(campaign.donators)}
            </span>
            {deadline && (
              <span>
                <CalendarClock size={14} aria-hidden="true" />
                {deadline}
              </span>
            )}
          </p>
        </div>
        <div className="cw-discover__actions">
          <Link to={campaign.pagePath} className="cw-button cw-button--secondary">
            View campaign
          </Link>
          {promoter && (
            <button
              type="button"
              className="cw-button cw-button--primary"
              onClick={() => onPromote(campaign)}
              aria-label={`${promoted ? 'Share again' : 'Promote'} ${campaign.title.trim() || campaign.name}`}
            >
              <Megaphone size={16} aria-hidden="true" />
              {promoted ? 'Share again' : 'Promote'}
            </button>
          )}
        </div>
        {promoter && promoted && <p className="cw-discover__promoted">You promote this campaign</p>}
      </div>
    </li>
  );
}

/** Discover: the live campaigns of the last 6 months, with a way to promote each for promoters. */
export function DiscoverSection({ user }: { user: SessionUser }) {
  const promoter = user.accountType === 'promoter';
  const discover = useLiveCampaigns();
  // Which of them the promoter promotes already.
  const mine = useMyPromotions(promoter);
  const promotedIds = new Set(mine.data?.promotions.map((promotion) => promotion.campaignId) ?? []);
  const [promoting, setPromoting] = useState<PublicCampaign | null>(null);
  const headingId = useId();
  return (
    <section className="cw-discover" aria-labelledby={headingId}>
      <header className="cw-discover__header">
        <div>
          <h2 id={headingId} className="cw-discover__heading">
            Live campaigns
          </h2>
          <p className="cw-discover__intro">
            {promoter
              ? 'Promote a campaign to get your own links for X, LinkedIn, Facebook and Instagram.'
              : 'Campaigns raising money now, newest first.'}
          </p>
        </div>
        <div className="cw-discover__links">
          <Link to={DONATIONS_PATH} className="cw-button cw-button--ghost">
            My donations
          </Link>
          {promoter && (
            <Link to={PROMOTIONS_PATH} className="cw-button cw-button--secondary">
              My promotions
            </Link>
          )}
        </div>
      </header>
      {discover.isPending && (
        <div className="cw-skeleton" aria-busy="true">
          <span className="cw-visually-hidden">Loading live campaigns…</span>
          <div className="cw-skeleton__grid">
            <div className="cw-skeleton__block" />
            <div className="cw-skeleton__block" />
          </div>
        </div>
      )}
      {discover.isError && (
        <LoadFailed
          title="Live campaigns couldn’t be loaded"
          error={discover.error}
          retry={() => void discover.refetch()}
        />
      )}
      {discover.data &&
        (discover.data.length === 0 ? (
          <p className="cw-card cw-discover__empty">
            No campaigns are live right now. New ones appear here as soon as they are published.
          </p>
        ) : (
          <ul className="cw-discover__grid">
            {discover.data.map((campaign) => (
              <CampaignCard
                key={campaign.campaignId}
                campaign={campaign}
                promoter={promoter}
                promoted={promotedIds.has(campaign.campaignId)}
                onPromote={setPromoting}
              />
            ))}
          </ul>
        ))}
      <LoadMore query={discover} label="More campaigns" />
      {promoter && (
        <PromoteDialog
          campaign={
            promoting ? { campaignId: promoting.campaignId, name: promoting.title.trim() || promoting.name } : null
          }
          onClose={() => setPromoting(null)}
        />
      )}
    </section>
  );
}
