import {
  ChartColumn,
  CircleAlert,
  CirclePause,
  ExternalLink,
  HandCoins,
  History,
  Megaphone,
  RefreshCw,
  SearchX,
  Share2,
  TriangleAlert,
} from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { DeliveryView } from '@causeway/core/contracts/delivery.contract';
import type { PublicCampaign } from '@causeway/core/contracts/payments.contract';
import { REPORTING_PATHS } from '@causeway/core/contracts/reporting.contract';
import { CHANNEL_LABELS, CHANNEL_ORDER } from '@causeway/core/promotion/share-links.rules';
import { Link } from '@causeway/shells/shared/router';
import { EmptyState, ErrorPanel } from '@causeway/shells/shared/ui/states';
import { PageHeader, Section } from '@causeway/shells/shared/ui/page-header';
import { isStatus } from '../api/query';
import { useCampaignStats, useDelivery, useLiveCampaign, useRefreshDelivery } from '../api/publishing.api';
import { campaignerPaths } from '../model/campaigner-routes';
import { formatDay, formatMoment } from '../model/dates';
import {
  adStatusText,
  chartRowsOf,
  countText,
  cpcWarningOf,
  ctrText,
  dollarsText,
  donationStatusOf,
  plural,
  raisedOfGoal,
  refreshedAnew,
  shortDay,
} from '../model/live-figures';
import { useCampaignShares } from '../reach/reach.api';
import { reachPaths } from '../reach/reach-routes';
import { RaisedBar } from '../ui/raised-bar';
import { Banner, ListSkeleton, WizardSkeleton } from '../ui/states';
import { GiftsSection } from './campaign-gifts';
import { DonateFormSection } from './donate-form-section';
import { QrCodeSection } from './qr-code-section';
import '../publishing.css';

const DeliveryChart = lazy(() => import('../ui/delivery-chart'));

function Figure({ label, value, hint, metric }: { label: string; value: string; hint?: string; metric: string }) {
  return (
    <div className="cw-pub-figure" data-metric={metric}>
      <dt className="cw-pub-figure__label">{label}</dt>
      <dd className="cw-pub-figure__value">{value}</dd>
      {hint && <dd className="cw-pub-figure__hint">{hint}</dd>}
    </div>
  );
}

/** Raised of the goal, donations and promoters, counted from the recorded donations. */
function FundraisingSection({ campaign }: { campaign: PublicCampaign }) {
  const stats = useCampaignStats(campaign.campaignId);
  const raisedCents = stats.data?.totalRaised ?? campaign.raisedCents;
  const raised = raisedOfGoal(raisedCents, campaign.goalCents);
  return (
    <Section
      headingLevel={3}
      title="Fundraising"
      description={
        campaign.deadline
          ? `Donations net of refunds. Fundraising ends ${formatDay(campaign.deadline)}.`
          : 'Donations net of refunds.'
      }
    >
      <p className="cw-pub-raised__text" data-testid="campaign-raised">
        {raised.text}
      </p>
      <RaisedBar percent={raised.percent} label="Raised of the goal" />
      {stats.isError ? (
        <ErrorPanel title="The figures couldn't be loaded" error={stats.error} onRetry={() => void stats.refetch()} />
      ) : (
        <dl className="cw-pub-figures" data-testid="campaign-stats">
          <Figure metric="raised" label="Raised" value={dollarsText(raisedCents)} />
          <Figure
            metric="donations"
            label="Donations"
            value={stats.data ? countText(stats.data.count) : '…'}
            hint={plural(campaign.donators, 'donor', 'donors')}
          />
          <Figure
            metric="promoters"
            label="Promoters"
            value={stats.data ? countText(stats.data.totalPromoters) : '…'}
            hint="who brought donations"
          />
        </dl>
      )}
    </Section>
  );
}

function DeliveryFigures({ delivery }: { delivery: DeliveryView }) {
  const { totals } = delivery;
  const rows = chartRowsOf(delivery.daily);
  const costly = cpcWarningOf(delivery);
  return (
    <div className="cw-pub-delivery">
      {delivery.pause && (
        <Banner tone="warning" icon={CirclePause} title="The ads are paused" role="status">
          <p data-testid="delivery-pause">{delivery.pause.message}</p>
          <p>Paused {formatMoment(delivery.pause.pausedAt)}, so no more of the budget is spent.</p>
        </Banner>
      )}
      {costly && (
        <Banner tone="warning" icon={TriangleAlert} title="Clicks cost far more than the target" role="status">
          <p data-testid="cpc-warning">{costly.text}</p>
          <p>
            At this price the budget buys fewer clicks than planned. Ask Causeway support to review the campaign’s
            targeting: a wider audience or more places to show the ads usually brings the cost per click down.
          </p>
        </Banner>
      )}
      {delivery.lastFailure && (
        <p className="cw-camp-note cw-camp-note--info" role="note" data-testid="delivery-stale">
          <History size={16} aria-hidden="true" />
          <span>
            These figures may be out of date: getting newer ones failed {formatMoment(delivery.lastFailure.at)} (
            {delivery.lastFailure.message}). They were pulled {formatMoment(delivery.refreshedAt)}.
          </span>
        </p>
      )}
      <dl className="cw-pub-figures" data-testid="delivery-totals">
        <Figure metric="impressions" label="Impressions" value={countText(totals.impressions)} />
        <Figure metric="clicks" label="Clicks" value={countText(totals.clicks)} />
        <Figure metric="spend" label="Spend" value={dollarsText(totals.spendCents)} />
        <Figure metric="ctr" label="Click-through rate" value={ctrText(totals.ctr)} />
        <Figure
          metric="cpc"
          label="Cost per click"
          value={dollarsText(totals.cpcCents)}
          hint={`Target ${dollarsText(delivery.targetCpcCents)}${costly ? ': far above it' : ''}`}
        />
      </dl>
      <p className="cw-pub-delivery__meta">
        <span>Ads: {adStatusText(delivery)}</span>
        <span>
          Flight {formatDay(`${delivery.flight.startDate}T00:00:00Z`)} to{' '}
          {formatDay(`${delivery.flight.endDate}T00:00:00Z`)}
        </span>
        <span data-testid="delivery-refreshed">Figures as of {formatMoment(delivery.reportedAt)}</span>
      </p>
      {rows.length > 0 && (
        <>
          <Suspense fallback={<span className="cw-camp-shimmer cw-pub-chart cw-pub-chart--loading" />}>
            <DeliveryChart rows={rows} />
          </Suspense>
          <details className="cw-pub-days">
            <summary>Figures by day</summary>
            <table className="cw-pub-table">
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Impressions</th>
                  <th scope="col">Clicks</th>
                  <th scope="col">Spend</th>
                  <th scope="col">CTR</th>
                  <th scope="col">CPC</th>
                </tr>
              </thead>
              <tbody>
                {delivery.daily.map((day) => (
                  <tr key={day.day}>
                    <th scope="row">{shortDay(day.day)}</th>
                    <td>{countText(day.impressions)}</td>
                    <td>{countText(day.clicks)}</td>
                    <td>{dollarsText(day.spendCents)}</td>
                    <td>{ctrText(day.ctr)}</td>
                    <td>{dollarsText(day.cpcCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </div>
  );
}

/** Impressions, clicks, spend, CTR and CPC from the ad platform, its days as a chart, and Refresh. */
function DeliverySection({ campaignId }: { campaignId: string }) {
  const delivery = useDelivery(campaignId);
  const refresh = useRefreshDelivery(campaignId);
  const [unchanged, setUnchanged] = useState(false);
  const notDeployed = isStatus(delivery.error, 404);
  const noFiguresYet = isStatus(delivery.error, 503) && !delivery.data;

  const pull = () => {
    const before = delivery.data;
    setUnchanged(false);
    refresh.mutate(undefined, { onSuccess: (after) => setUnchanged(!refreshedAnew(before, after)) });
  };

  return (
    <Section
      headingLevel={3}
      title="Ads"
      description="What the ads delivered so far, from the ad platform’s reports. Amounts in US dollars."
      actions={
        delivery.data || noFiguresYet ? (
          <button
            type="button"
            className="cw-button cw-button--secondary"
            onClick={pull}
            disabled={refresh.isPending}
            aria-label="Refresh the delivery figures"
          >
            <RefreshCw size={16} className={refresh.isPending ? 'cw-spin' : undefined} aria-hidden="true" />
            Refresh
          </button>
        ) : undefined
      }
    >
      {refresh.isError && (
        <p className="cw-alert" role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          Newer figures couldn’t be pulled: {refresh.error.message}
        </p>
      )}
      {unchanged && !refresh.isPending && (
        <p className="cw-camp-note cw-camp-note--info" role="status">
          <History size={16} aria-hidden="true" />
          <span>These are the newest figures: the ad platform is asked at most once a minute.</span>
        </p>
      )}
      {delivery.data ? (
        <DeliveryFigures delivery={delivery.data} />
      ) : delivery.isPending ? (
        <ListSkeleton label="Loading the delivery figures…" />
      ) : notDeployed ? (
        <EmptyState layout="inline" icon={Megaphone} title="Not running as ads" text={delivery.error?.message ?? ''} />
      ) : noFiguresYet ? (
        <EmptyState
          layout="inline"
          icon={History}
          title="No figures yet"
          text={`${delivery.error?.message ?? ''} Try Refresh in a minute.`}
        />
      ) : (
        <ErrorPanel
          title="The delivery figures couldn't be loaded"
          error={delivery.error}
          onRetry={isStatus(delivery.error, 403) ? undefined : () => void delivery.refetch()}
        />
      )}
    </Section>
  );
}

/** Clicks on promoters' share links, per network. */
function SharesSection({ campaignId }: { campaignId: string }) {
  const shares = useCampaignShares(campaignId);
  return (
    <Section
      headingLevel={3}
      title="Shares"
      description="Clicks on the links promoters share, per network, and scans of the QR codes."
      actions={
        <div className="cw-pub-section-links">
          <Link to={reachPaths.shares(campaignId)} className="cw-button cw-button--secondary">
            <Share2 size={16} aria-hidden="true" />
            Promoters
          </Link>
          <Link to={reachPaths.thanks(campaignId)} className="cw-button cw-button--secondary">
            <HandCoins size={16} aria-hidden="true" />
            Thank-you messages
          </Link>
        </div>
      }
    >
      {shares.isPending ? (
        <ListSkeleton label="Loading the share counters…" rows={1} />
      ) : shares.isError ? (
        <ErrorPanel title="The share counters couldn't be loaded" error={shares.error} />
      ) : (
        <>
          <dl className="cw-pub-figures" data-testid="share-counters">
            {CHANNEL_ORDER.map((channel) => (
              <Figure
                key={channel}
                metric={channel}
                label={CHANNEL_LABELS[channel]}
                value={countText(shares.data.counters[channel])}
                hint={`${countText(shares.data.thisWeek[channel])} this week`}
              />
            ))}
          </dl>
          <p className="cw-pub-delivery__meta">
            <span>{plural(shares.data.total, 'click', 'clicks')} in all</span>
            <span>{plural(shares.data.promoters.length, 'promoter', 'promoters')}</span>
          </p>
        </>
      )}
    </Section>
  );
}

/** A live campaign of the organization: its public page, fundraising figures, ads' delivery and shares. */
export function CampaignPage({ campaignId }: { campaignId: string }) {
  const campaign = useLiveCampaign(campaignId);
  if (campaign.isPending) return <WizardSkeleton label="Loading the campaign…" />;
  if (campaign.isError) {
    if (isStatus(campaign.error, 404)) {
      return (
        <section className="cw-card cw-notice">
          <SearchX className="cw-notice__icon" size={22} aria-hidden="true" />
          <div>
            <h1 className="cw-notice__title">This campaign isn’t live</h1>
            <p className="cw-notice__text">{campaign.error.message}</p>
            <Link to={campaignerPaths.home()} className="cw-button cw-button--secondary">
              Back to your campaigns
            </Link>
          </div>
        </section>
      );
    }
    return (
      <ErrorPanel
        title="The campaign couldn't be loaded"
        error={campaign.error}
        onRetry={() => void campaign.refetch()}
      />
    );
  }
  const live = campaign.data;
  const status = donationStatusOf(live);
  return (
    <div className="cw-camp-page cw-pub-campaign">
      <PageHeader
        back={{ to: campaignerPaths.home(), label: 'All campaigns' }}
        eyebrow="Live campaign"
        title={live.name || live.title}
        badge={<span className={`cw-badge cw-pub-badge cw-pub-badge--${status.tone}`}>{status.label}</span>}
        description={live.name ? live.title : undefined}
        actions={
          <div className="cw-pub-section-links">
            <Link to={REPORTING_PATHS.campaign(campaignId)} className="cw-button cw-button--secondary">
              <ChartColumn size={16} aria-hidden="true" />
              Campaign report
            </Link>
            <a
              href={live.pagePath}
              className="cw-button cw-button--secondary"
              target="_blank"
              rel="noopener noreferrer"
            >
              <ExternalLink size={16} aria-hidden="true" />
              Open the public page
            </a>
          </div>
        }
      />
      <FundraisingSection campaign={live} />
      <GiftsSection campaignId={campaignId} />
      <DeliverySection campaignId={campaignId} />
      <SharesSection campaignId={campaignId} />
      <QrCodeSection campaignId={campaignId} />
      <DonateFormSection campaign={live} />
    </div>
  );
}
