import { Megaphone } from 'lucide-react';
import { Link } from '@causeway/shells/shared/router';
import { ErrorPanel } from '@causeway/shells/shared/ui/states';
import { useOrganizationShares } from './reach.api';
import { ListSkeleton } from '../ui/states';
import { channelBreakdown, countLabel, dateText } from './reach-format';
import { reachPaths } from './reach-routes';

/** The organization's live campaigns, each with its share counters, promoters and thank-you messages. */
export function LiveCampaignsPage() {
  const shares = useOrganizationShares();
  return (
    <div className="cw-reach">
      <header className="cw-reach__header">
        <p className="cw-eyebrow">Campaigns</p>
        <h1 className="cw-reach__title">Live campaigns</h1>
        <p className="cw-reach__intro">
          How often each campaign’s share links are clicked, who promotes it, and what donors are told when they give.
        </p>
      </header>
      {shares.isPending && <ListSkeleton label="Loading your live campaigns…" />}
      {shares.isError && (
        <ErrorPanel
          title="Live campaigns couldn’t be loaded"
          error={shares.error}
          onRetry={() => void shares.refetch()}
        />
      )}
      {shares.data &&
        (shares.data.campaigns.length === 0 ? (
          <div className="cw-card cw-reach__empty">
            <Megaphone size={20} aria-hidden="true" />
            <p>None of your organization’s campaigns is live yet. Once one is published, its shares appear here.</p>
          </div>
        ) : (
          <ul className="cw-reach__list">
            {shares.data.campaigns.map((campaign) => (
              <li key={campaign.campaignId} className="cw-card cw-reach__row" data-campaign-id={campaign.campaignId}>
                <div className="cw-reach__row-text">
                  <h2 className="cw-reach__row-title">{campaign.name || campaign.title}</h2>
                  <p className="cw-reach__row-meta">
                    Published {dateText(campaign.createdAt)} · {countLabel(campaign.promoters, 'promoter', 'promoters')}
                  </p>
                  <p className="cw-reach__row-clicks">
                    {campaign.total === 0 ? (
                      'No clicks on share links yet'
                    ) : (
                      <>
                        <strong>{countLabel(campaign.total, 'click', 'clicks')}</strong>{' '}
                        {channelBreakdown(campaign.counters)}
                      </>
                    )}
                  </p>
                </div>
                <div className="cw-reach__row-actions">
                  <Link to={reachPaths.shares(campaign.campaignId)} className="cw-button cw-button--secondary">
                    Shares
                  </Link>
                  <Link to={reachPaths.thanks(campaign.campaignId)} className="cw-button cw-button--secondary">
                    Thank-you messages
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
