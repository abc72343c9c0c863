import { CalendarClock, ExternalLink, Eye, Globe, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { formatUsd } from '@causeway/core/budget/budget.rules';
import type { CampaignPage } from '@causeway/core/contracts/campaigns.contract';
import {
  campaignHeadline,
  deadlineLabel,
  deadlineStatus,
  donorsLabel,
  externalHref,
  fundedPercent,
  linkLabel,
  mediaSrc,
  storyParagraphs,
} from './campaign-page.rules';

export type CampaignPageViewProps = {
  page: CampaignPage;
  /** The donation panel; shown only on a live campaign that takes donations. */
  donate?: ReactNode;
  /** Ways to share the campaign, below its progress. */
  share?: ReactNode;
  /** The instant "days left" is counted from; now unless given. */
  now?: Date;
};

/** Below this width the mobile header and footer images are used (the wizard's mobile banners). */
const MOBILE_MEDIA = '(max-width: 640px)';

type Banner = CampaignPage['header'];

/** A header or footer image, its mobile variant on small screens, linked when the campaign gives a link. */
function CampaignBanner({ banner, className, label }: { banner: Banner; className: string; label: string }) {
  const desktop = mediaSrc(banner.desktop);
  const mobile = mediaSrc(banner.mobile);
  const src = desktop ?? mobile;
  if (src === null) return null;
  const href = externalHref(banner.link);
  const picture = (
    <picture>
      {desktop && mobile && <source media={MOBILE_MEDIA} srcSet={mobile} />}
      <img className="cw-cpage__banner-img" src={src} alt={href ? `${label}: ${linkLabel(href)}` : ''} />
    </picture>
  );
  return (
    <div className={`cw-cpage__banner ${className}`}>
      {href ? (
        <a href={href} target="_blank" rel="noopener noreferrer" className="cw-cpage__banner-link">
          {picture}
        </a>
      ) : (
        picture
      )}
    </div>
  );
}

function CampaignCover({ page, headline }: { page: CampaignPage; headline: string }) {
  const video = mediaSrc(page.coverVideo);
  const image = mediaSrc(page.coverImage);
  if (video) {
    return (
      <div className="cw-cpage__cover">
        <video className="cw-cpage__cover-media" controls playsInline preload="metadata" poster={image ?? undefined}>
          <source src={video} />
          <a href={video}>Watch the campaign video</a>
        </video>
      </div>
    );
  }
  if (image) {
    return (
      <div className="cw-cpage__cover">
        {/* The page's largest paint: fetched ahead of the scripts. */}
        <img className="cw-cpage__cover-media" src={image} alt={headline} fetchPriority="high" />
      </div>
    );
  }
  return (
    <div className="cw-cpage__cover cw-cpage__cover--empty" aria-hidden="true">
      <span className="cw-cpage__cover-initial">{headline.charAt(0).toUpperCase()}</span>
    </div>
  );
}

function CampaignOrganization({ organization }: { organization: NonNullable<CampaignPage['organization']> }) {
  const logo = mediaSrc(organization.logo);
  const website = externalHref(organization.website);
  return (
    <div className="cw-cpage__org">
      {logo ? (
        <img className="cw-cpage__org-logo" src={logo} alt="" />
      ) : (
        <span className="cw-cpage__org-logo cw-cpage__org-logo--initial" aria-hidden="true">
          {organization.name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <div className="cw-cpage__org-text">
        <span className="cw-cpage__org-by">Organized by</span>
        <span className="cw-cpage__org-name">{organization.name}</span>
        {website && (
          <a className="cw-cpage__org-site" href={website} target="_blank" rel="noopener noreferrer">
            <Globe size={14} aria-hidden="true" />
            {linkLabel(website)}
            <ExternalLink size={12} aria-hidden="true" />
            <span className="cw-visually-hidden"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </div>
  );
}

function CampaignProgress({ page, now }: { page: CampaignPage; now: Date }) {
  const percent = fundedPercent(page.raisedCents, page.goalCents);
  const status = deadlineStatus(page.deadline, now);
  const remaining = deadlineLabel(status);
  const hasGoal = page.goalCents > 0;
  const headingId = useId();
  return (
    <section className="cw-cpage__progress" aria-labelledby={headingId} data-testid="campaign-progress">
      <h2 id={headingId} className="cw-visually-hidden">
        Progress
      </h2>
      <p className="cw-cpage__raised">
        <span className="cw-cpage__raised-amount">{formatUsd(page.raisedCents)}</span>
        <span className="cw-cpage__raised-goal">
          {hasGoal ? (
            <>
              raised of <strong>{formatUsd(page.goalCents)}</strong> goal
            </>
          ) : (
            'raised'
          )}
        </span>
      </p>
      {hasGoal && (
        <div
          className="cw-cpage__bar"
          role="progressbar"
          aria-label="Raised toward the goal"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.min(percent, 100)}
          aria-valuetext={`${percent}% of the ${formatUsd(page.goalCents)} goal`}
        >
          <span className="cw-cpage__bar-fill" style={{ width: `${Math.min(percent, 100)}%` }} />
        </div>
      )}
      <dl className="cw-cpage__stats">
        {hasGoal && (
          <div className="cw-cpage__stat">
            <dt className="cw-visually-hidden">Funded</dt>
            <dd>
              <strong className="cw-cpage__stat-value" data-testid="campaign-percent">
                {percent}%
              </strong>{' '}
              funded
            </dd>
          </div>
        )}
        <div className="cw-cpage__stat">
          <dt className="cw-visually-hidden">Donors</dt>
          <dd>
            <Users size={15} aria-hidden="true" />
            <span data-testid="campaign-donors">{donorsLabel(page.donators)}</span>
          </dd>
        </div>
        {remaining !== null && (
          <div className="cw-cpage__stat">
            <dt className="cw-visually-hidden">Time left</dt>
            <dd className={status.kind === 'ended' ? 'cw-cpage__ended' : undefined}>
              <CalendarClock size={15} aria-hidden="true" />
              <time dateTime={page.deadline ?? undefined} title={deadlineTitle(page.deadline)}>
                {remaining}
              </time>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

function deadlineTitle(deadline: string | null): string | undefined {
  if (deadline === null || Number.isNaN(Date.parse(deadline))) return undefined;
  return `Ends ${new Date(deadline).toLocaleDateString('en-US', { dateStyle: 'long' })}`;
}

/**
 * What the page offers to give: the donate panel only where it can work. A preview says when donations
 * open instead, so nobody takes a draft's page for a place to pay.
 */
function DonateArea({ page, donate }: { page: CampaignPage; donate: ReactNode }) {
  if (page.preview) {
    return (
      <p className="cw-cpage__note">
        {page.allowDonations
          ? 'Donations open when the campaign is live.'
          : 'This campaign will not take donations online.'}
      </p>
    );
  }
  if (!page.allowDonations) return <p className="cw-cpage__note">This campaign isn’t taking donations online.</p>;
  return donate ? <div className="cw-cpage__donate">{donate}</div> : null;
}

/**
 * The campaign page as donors see it (SPEC §2): story, organization and progress, with slots to give and share. The
 * server paints it too (before any script runs), so it imports no stylesheet: its users do
 * (`campaign-page.css`).
 */
export function CampaignPageView({ page, donate, share, now = new Date() }: CampaignPageViewProps) {
  const headline = campaignHeadline(page);
  const ids = { title: useId(), story: useId(), cause: useId() };
  const paragraphs = storyParagraphs(page.story);
  const hasCause = page.category !== null || page.tags.length > 0;
  return (
    <article className="cw-cpage" aria-labelledby={ids.title} data-campaign-id={page.campaignId}>
      {page.preview && (
        <p className="cw-cpage__preview" role="note">
          <Eye size={16} aria-hidden="true" />
          Preview: this is how the page will look once the campaign is live.
        </p>
      )}
      <CampaignBanner banner={page.header} className="cw-cpage__banner--header" label="Campaign header" />
      <div className="cw-cpage__layout">
        <CampaignCover page={page} headline={headline} />
        <header className="cw-cpage__intro">
          {page.category && <p className="cw-cpage__eyebrow">{page.category}</p>}
          <h1 id={ids.title} className="cw-cpage__title">
            {headline}
          </h1>
          {page.organization && <CampaignOrganization organization={page.organization} />}
        </header>
        <aside className="cw-cpage__aside" aria-label="Support this campaign">
          <div className="cw-cpage__panel">
            <CampaignProgress page={page} now={now} />
            <DonateArea page={page} donate={donate} />
          </div>
          {share && <div className="cw-cpage__share">{share}</div>}
        </aside>
        <div className="cw-cpage__body">
          <section className="cw-cpage__section" aria-labelledby={ids.story}>
            <h2 id={ids.story} className="cw-cpage__section-title">
              About this campaign
            </h2>
            {paragraphs.length > 0 ? (
              <div className="cw-cpage__story">
                {paragraphs.map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            ) : (
              <p className="cw-cpage__empty">The story of this campaign hasn’t been written yet.</p>
            )}
          </section>
          {hasCause && (
            <section className="cw-cpage__section" aria-labelledby={ids.cause}>
              <h2 id={ids.cause} className="cw-cpage__section-title">
                Cause
              </h2>
              <ul className="cw-cpage__chips" aria-label="Cause and tags">
                {page.category && <li className="cw-cpage__chip cw-cpage__chip--cause">{page.category}</li>}
                {page.tags.map((tag) => (
                  <li key={tag} className="cw-cpage__chip">
                    #{tag}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
      <CampaignBanner banner={page.footer} className="cw-cpage__banner--footer" label="Campaign footer" />
    </article>
  );
}
