import { HandCoins, MousePointerClick } from 'lucide-react';
import { useId } from 'react';
import { formatUsd } from '@causeway/core/budget/budget.rules';
import type { PromotionView } from '@causeway/core/contracts/promotion.contract';
import { CHANNEL_LABELS, CHANNEL_ORDER } from '@causeway/core/promotion/share-links.rules';
import { Link } from '@causeway/shells/shared/router';
import { OwnPage } from './own-page';
import { useMyPromotions } from './promotion.api';
import { clicksLabel, donationsLabel, donationsThisWeek, totalClicks } from './promotion-format';
import { ChannelMark, ShareLinks } from './share-links';
import { FundraiserPageEditor } from './fundraiser-page-editor';
import './promotion.css';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function PromotionCard({ promotion }: { promotion: PromotionView }) {
  const headingId = useId();
  const pagePath = new URL(promotion.pageUrl, window.location.origin).pathname;
  return (
    <article className="cw-card cw-promotion" aria-labelledby={headingId} data-campaign-id={promotion.campaignId}>
      <header className="cw-promotion__header">
        <div>
          <h2 id={headingId} className="cw-promotion__title">
            {promotion.campaignTitle.trim() || promotion.campaignName}
          </h2>
          <p className="cw-promotion__since">Promoted since {dateText(promotion.promotedAt)}</p>
        </div>
        <Link to={pagePath} className="cw-button cw-button--ghost">
          View campaign
        </Link>
      </header>
      <div className="cw-promotion__figures">
        <div className="cw-promotion__figure">
          <MousePointerClick size={18} aria-hidden="true" />
          <div>
            <p className="cw-promotion__figure-value">{clicksLabel(totalClicks(promotion.clicks))}</p>
            <p className="cw-promotion__figure-label">{clicksLabel(totalClicks(promotion.clicksThisWeek))} this week</p>
          </div>
        </div>
        <div className="cw-promotion__figure">
          <HandCoins size={18} aria-hidden="true" />
          <div>
            <p className="cw-promotion__figure-value">
              {promotion.donations.count > 0
                ? `${formatUsd(promotion.donations.amountCents)} from ${donationsLabel(promotion.donations.count)}`
                : donationsLabel(0)}
            </p>
            <p className="cw-promotion__figure-label">{donationsThisWeek(promotion.donationsThisWeek)}</p>
          </div>
        </div>
      </div>
      <table className="cw-promotion__table">
        <caption className="cw-visually-hidden">Clicks on your links per network</caption>
        <thead>
          <tr>
            <th scope="col">Network</th>
            <th scope="col">All time</th>
            <th scope="col">This week</th>
          </tr>
        </thead>
        <tbody>
          {CHANNEL_ORDER.map((channel) => (
            <tr key={channel} data-channel={channel}>
              <th scope="row">
                <span className="cw-promotion__network">
                  <ChannelMark channel={channel} />
                  {CHANNEL_LABELS[channel]}
                </span>
              </th>
              <td>{promotion.clicks[channel].toLocaleString('en-US')}</td>
              <td>{promotion.clicksThisWeek[channel].toLocaleString('en-US')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details className="cw-promotion__links">
        <summary>Your links</summary>
        <ShareLinks campaignId={promotion.campaignId} links={promotion.links} />
      </details>
      <details className="cw-promotion__links">
        <summary>Your fundraising page</summary>
        <FundraiserPageEditor campaignId={promotion.campaignId} />
      </details>
    </article>
  );
}

/** A promoter's page: per campaign, the clicks on their links and the donations the links brought. */
export function MyPromotionsPage() {
  return (
    <OwnPage
      eyebrow="Promotions"
      title="My promotions"
      intro="The clicks on your links and the donations they brought, all time and in the last 7 days."
      query={useMyPromotions()}
      loading="Loading your promotions…"
      failed="Your promotions couldn’t be loaded"
      isEmpty={(data) => data.promotions.length === 0}
      empty="You don’t promote any campaign yet."
      emptyAction="Find a campaign to promote"
    >
      {(data) => (
        <div className="cw-promotions__list">
          {data.promotions.map((promotion) => (
            <PromotionCard key={promotion.campaignId} promotion={promotion} />
          ))}
        </div>
      )}
    </OwnPage>
  );
}
