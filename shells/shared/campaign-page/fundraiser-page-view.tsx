import { HeartHandshake, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { formatUsd } from '@causeway/core/budget/budget.rules';
import type { PublicFundraiserPage } from '@causeway/core/contracts/fundraiser-pages.contract';
import { CampaignPageView } from './campaign-page-view';
import { campaignHeadline, donorsLabel, fundedPercent, mediaSrc, storyParagraphs } from './campaign-page.rules';

export type FundraiserPageViewProps = {
  fundraiser: PublicFundraiserPage;
  /** The donation panel, crediting the fundraiser. */
  donate?: ReactNode;
  /** Ways to share this page. */
  share?: ReactNode;
  now?: Date;
};

/** The fundraiser's own progress toward their personal goal. */
function FundraiserProgress({ fundraiser }: { fundraiser: PublicFundraiserPage }) {
  const percent = fundedPercent(fundraiser.raisedCents, fundraiser.goalCents);
  return (
    <section className="cw-fpage__progress" aria-label="Raised on this page" data-testid="fundraiser-progress">
      <p className="cw-cpage__raised">
        <span className="cw-cpage__raised-amount" data-testid="fundraiser-raised">
          {formatUsd(fundraiser.raisedCents)}
        </span>
        <span className="cw-cpage__raised-goal">
          raised of <strong>{formatUsd(fundraiser.goalCents)}</strong> personal goal
        </span>
      </p>
      <div
        className="cw-cpage__bar"
        role="progressbar"
        aria-label="Raised toward the personal goal"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(percent, 100)}
        aria-valuetext={`${percent}% of the ${formatUsd(fundraiser.goalCents)} personal goal`}
      >
        <span className="cw-cpage__bar-fill" style={{ width: `${Math.min(percent, 100)}%` }} />
      </div>
      <p className="cw-fpage__donors">
        <Users size={15} aria-hidden="true" />
        <span data-testid="fundraiser-donors">{donorsLabel(fundraiser.donors)}</span>
      </p>
    </section>
  );
}

/**
 * A promoter's fundraising page as donors see it: their photo, words and progress, the donate panel
 * (crediting them) and the campaign's own page below. The server paints it too, so it imports no
 * stylesheet: its users do (`campaign-page.css`, `fundraiser-page.css`).
 */
export function FundraiserPageView({ fundraiser, donate, share, now = new Date() }: FundraiserPageViewProps) {
  const ids = { title: useId(), words: useId() };
  const campaign = fundraiser.campaign;
  const campaignName = campaignHeadline(campaign);
  const photo = mediaSrc(fundraiser.photo);
  const paragraphs = storyParagraphs(fundraiser.story);
  return (
    <div className="cw-fpage" data-fundraiser-id={fundraiser.promoterId}>
      <article className="cw-fpage__own" aria-labelledby={ids.title}>
        <div className="cw-fpage__head">
          {photo ? (
            <img className="cw-fpage__photo" src={photo} alt={fundraiser.promoterName} fetchPriority="high" />
          ) : (
            <span className="cw-fpage__photo cw-fpage__photo--initial" aria-hidden="true">
              {fundraiser.promoterName.charAt(0).toUpperCase()}
            </span>
          )}
          <div className="cw-fpage__intro">
            <p className="cw-cpage__eyebrow">
              <HeartHandshake size={14} aria-hidden="true" /> {fundraiser.promoterName} is fundraising for{' '}
              {campaignName}
            </p>
            <h1 id={ids.title} className="cw-cpage__title">
              {fundraiser.headline}
            </h1>
          </div>
        </div>
        <div className="cw-fpage__layout">
          <section className="cw-fpage__words" aria-labelledby={ids.words}>
            <h2 id={ids.words} className="cw-visually-hidden">
              In {fundraiser.promoterName}’s words
            </h2>
            {paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </section>
          <aside className="cw-fpage__aside" aria-label={`Give on ${fundraiser.promoterName}’s page`}>
            <div className="cw-cpage__panel">
              <FundraiserProgress fundraiser={fundraiser} />
              {campaign.allowDonations && donate ? <div className="cw-cpage__donate">{donate}</div> : null}
            </div>
            {share && <div className="cw-cpage__share">{share}</div>}
          </aside>
        </div>
      </article>
      <section className="cw-fpage__campaign" aria-label="The campaign">
        <CampaignPageView page={campaign} now={now} />
      </section>
    </div>
  );
}
