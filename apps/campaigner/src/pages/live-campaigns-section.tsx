import { ExternalLink, Rocket } from 'lucide-react';
import { Link } from '@causeway/shells/shared/router';
import { LoadMore } from '@causeway/shells/shared/ui/load-more';
import { EmptyState, ErrorPanel } from '@causeway/shells/shared/ui/states';
import { useLiveCampaigns } from '../api/publishing.api';
import { campaignerPaths } from '../model/campaigner-routes';
import { formatDay } from '../model/dates';
import { campaignsOfOrganization, donationStatusOf, plural, raisedOfGoal } from '../model/live-figures';
import { reachPaths } from '../reach/reach-routes';
import { ListSkeleton } from '../ui/states';
import { RaisedBar } from '../ui/raised-bar';
import '../publishing.css';

/** The organization's published campaigns: raised of the goal, donors, whether they take donations. */
export function LiveCampaignsSection({
  organizationId,
  organization,
}: {
  organizationId: string;
  organization: string;
}) {
  const query = useLiveCampaigns(organizationId);
  const campaigns = query.data ? campaignsOfOrganization(query.data, organizationId) : [];
  return (
    <section className="cw-card cw-camp-list" aria-labelledby="cw-camp-list-live" data-testid="live-campaigns">
      <header className="cw-camp-list__head">
        <div>
          <h2 id="cw-camp-list-live" className="cw-camp-list__title">
            Live campaigns
            {campaigns.length > 0 && <span className="cw-camp-count-pill">{campaigns.length}</span>}
          </h2>
          <p className="cw-camp-list__description">
            Published campaigns of {organization}: what they raised, their ads and their shares.
          </p>
        </div>
      </header>
      {query.isPending ? (
        <ListSkeleton label="Loading live campaigns…" />
      ) : query.isError ? (
        <ErrorPanel
          title="Live campaigns couldn't be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : campaigns.length === 0 ? (
        <EmptyState
          layout="inline"
          icon={Rocket}
          title="Nothing is live yet"
          text="A campaign goes live once it is approved and its ad budget is paid."
        />
      ) : (
        <ul className="cw-camp-items">
          {campaigns.map((campaign) => {
            const name = campaign.name || campaign.title;
            const raised = raisedOfGoal(campaign.raisedCents, campaign.goalCents);
            const status = donationStatusOf(campaign);
            return (
              <li key={campaign.campaignId} className="cw-pub-live-item" data-campaign-id={campaign.campaignId}>
                <div className="cw-pub-live-item__main">
                  <div className="cw-pub-live-item__title-row">
                    <Link to={campaignerPaths.campaign(campaign.campaignId)} className="cw-pub-live-item__name">
                      {name}
                    </Link>
                    <span className={`cw-badge cw-pub-badge cw-pub-badge--${status.tone}`}>{status.label}</span>
                  </div>
                  <p className="cw-pub-live-item__meta">
                    <span data-testid="live-raised">{raised.text}</span>
                    <span>{plural(campaign.donators, 'donor', 'donors')}</span>
                    <span>Published {formatDay(campaign.createdAt)}</span>
                  </p>
                  <RaisedBar percent={raised.percent} label={`${name}: raised of the goal`} />
                </div>
                <div className="cw-pub-item-actions">
                  <a
                    href={campaign.pagePath}
                    className="cw-button cw-button--secondary"
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Public page of ${name}`}
                  >
                    <ExternalLink size={16} aria-hidden="true" />
                    Public page
                  </a>
                  <Link
                    to={campaignerPaths.campaign(campaign.campaignId)}
                    className="cw-button cw-button--primary"
                    aria-label={`Open ${name}`}
                  >
                    Open
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <LoadMore query={query} />
      {campaigns.length > 0 && (
        <p className="cw-pub-list-foot">
          <Link to={reachPaths.campaigns()} className="cw-camp-link">
            Shares and thank-you messages of every live campaign
          </Link>
        </p>
      )}
    </section>
  );
}
