import { useQuery } from '@tanstack/react-query';
import { formatUsd } from '@causeway/core/budget/budget.rules';
import { leaderboardQuery } from '@causeway/shells/shared/campaign-page/fundraiser-page.query';
import { mediaSrc } from '@causeway/shells/shared/campaign-page/campaign-page.rules';

/** A campaign's top fundraisers (those who chose to be listed), on its page; nothing while there are none. */
export function TopFundraisers({ campaignId }: { campaignId: string }) {
  const board = useQuery(leaderboardQuery(campaignId));
  const fundraisers = board.data?.fundraisers ?? [];
  if (fundraisers.length === 0) return null;
  return (
    <section className="cw-leaderboard" aria-label="Top fundraisers" data-testid="top-fundraisers">
      <h2 className="cw-leaderboard__title">Top fundraisers</h2>
      <ol className="cw-leaderboard__list">
        {fundraisers.map((entry) => {
          const photo = mediaSrc(entry.photo);
          return (
            <li key={entry.promoterId} className="cw-leaderboard__item">
              {photo ? (
                <img className="cw-leaderboard__photo" src={photo} alt="" />
              ) : (
                <span className="cw-leaderboard__photo" aria-hidden="true">
                  {entry.promoterName.charAt(0).toUpperCase()}
                </span>
              )}
              <span className="cw-leaderboard__text">
                <a href={entry.path}>{entry.promoterName}</a>
                <span className="cw-leaderboard__amount" data-testid="leaderboard-amount">
                  {formatUsd(entry.raisedCents)} raised of {formatUsd(entry.goalCents)}
                </span>
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
