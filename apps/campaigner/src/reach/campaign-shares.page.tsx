import { formatUsd } from '@causeway/core/budget/budget.rules';
import { CHANNEL_LABELS, CHANNEL_ORDER } from '@causeway/core/promotion/share-links.rules';
import { ErrorPanel } from '@causeway/shells/shared/ui/states';
import { useCampaignShares } from './reach.api';
import { ListSkeleton } from '../ui/states';
import { ReachFrame } from './reach-frame';
import { FundraiserPagesSection } from './fundraiser-pages';
import { channelBreakdown, countLabel, dateText } from './reach-format';

/** A live campaign's share counters per network (SPEC §3 sharesClicks) and the promoters who share it. */
export function CampaignSharesPage({ campaignId }: { campaignId: string }) {
  const shares = useCampaignShares(campaignId);
  return (
    <ReachFrame campaignId={campaignId} campaignName={shares.data?.campaignName}>
      {shares.isPending && <ListSkeleton label="Loading the campaign’s shares…" />}
      {shares.isError && (
        <ErrorPanel title="The shares couldn’t be loaded" error={shares.error} onRetry={() => void shares.refetch()} />
      )}
      {shares.data && (
        <>
          <section className="cw-card" aria-labelledby="cw-reach-counters">
            <h2 id="cw-reach-counters" className="cw-card__title">
              Clicks on share links
            </h2>
            <p className="cw-reach__total" data-testid="share-total">
              {countLabel(shares.data.total, 'click', 'clicks')} in all
            </p>
            <ul className="cw-reach__counters" data-testid="share-counters">
              {CHANNEL_ORDER.map((channel) => (
                <li key={channel} className="cw-reach__counter" data-channel={channel}>
                  <span className="cw-reach__counter-label">{CHANNEL_LABELS[channel]}</span>
                  <span className="cw-reach__counter-value">
                    {shares.data.counters[channel].toLocaleString('en-US')}
                  </span>
                  <span className="cw-reach__counter-week">
                    {shares.data.thisWeek[channel].toLocaleString('en-US')} this week
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section className="cw-card" aria-labelledby="cw-reach-promoters">
            <h2 id="cw-reach-promoters" className="cw-card__title">
              Promoters
            </h2>
            {shares.data.promoters.length === 0 ? (
              <p className="cw-reach__muted">
                No promoter shares this campaign yet. Promoters find it under Discover and get their own links.
              </p>
            ) : (
              <table className="cw-reach__table">
                <thead>
                  <tr>
                    <th scope="col">Promoter</th>
                    <th scope="col">Since</th>
                    <th scope="col">Clicks</th>
                    <th scope="col">Donations brought</th>
                  </tr>
                </thead>
                <tbody>
                  {shares.data.promoters.map((promoter) => (
                    <tr key={promoter.promoterId}>
                      <th scope="row">{promoter.name}</th>
                      <td>{dateText(promoter.promotedAt)}</td>
                      <td>{channelBreakdown(promoter.clicks)}</td>
                      <td>
                        {promoter.donations.count === 0
                          ? 'None yet'
                          : `${formatUsd(promoter.donations.amountCents)} from ${countLabel(promoter.donations.count, 'donation', 'donations')}`}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
          <FundraiserPagesSection campaignId={campaignId} />
        </>
      )}
    </ReachFrame>
  );
}
