import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle, Send } from 'lucide-react';
import {
  MONTHLY_GIFT_PATHS,
  type FailedMonthlyGift,
  type FailedMonthlyGiftsResponse,
} from '@causeway/core/contracts/monthly-gifts.contract';
import { apiRequest } from '@causeway/shells/shared/http';
import { ErrorPanel } from '@causeway/shells/shared/ui/states';
import { formatDay } from '../model/dates';
import { ListSkeleton } from '../ui/states';

const failedKey = (organizationId: string) => ['monthly-gifts', 'failed', organizationId] as const;

function FailedGiftRow({ gift, organizationId }: { gift: FailedMonthlyGift; organizationId: string }) {
  const queryClient = useQueryClient();
  const remind = useMutation({
    mutationFn: () => apiRequest<{ reminderSentAt: string }>('POST', MONTHLY_GIFT_PATHS.reminder(gift.subscriptionId)),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: failedKey(organizationId) }),
  });
  const when =
    gift.state === 'ended'
      ? `Stopped on ${formatDay(gift.endedAt ?? gift.failedAt)} after ${gift.attempts} declined tries`
      : gift.nextAttemptAt
        ? `Declined ${gift.attempts === 1 ? 'once' : `${gift.attempts} times`}; tried again on ${formatDay(gift.nextAttemptAt)}`
        : `Declined ${gift.attempts === 1 ? 'once' : `${gift.attempts} times`}`;
  return (
    <li className="cw-pub-live-item" data-subscription-id={gift.subscriptionId}>
      <div className="cw-pub-live-item__main">
        <p className="cw-camp-list__title">
          {gift.formattedAmount} / month · {gift.campaign}
        </p>
        <p className="cw-camp-list__description">
          {gift.donorEmail ?? 'No e-mail address'} · {when}
          {gift.reason ? ` · ${gift.reason}` : ''}
        </p>
        {gift.reminderSentAt && (
          <p className="cw-camp-list__description">Reminder sent on {formatDay(gift.reminderSentAt)}</p>
        )}
        {remind.isError && (
          <p className="cw-field__error" role="alert">
            {remind.error.message}
          </p>
        )}
      </div>
      {gift.canRemind && (
        <button
          type="button"
          className="cw-button cw-button--secondary"
          disabled={remind.isPending}
          onClick={() => remind.mutate()}
        >
          {remind.isPending ? (
            <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
          ) : (
            <Send size={16} aria-hidden="true" />
          )}
          Send one reminder
        </button>
      )}
    </li>
  );
}

/**
 * The organization's monthly gifts whose renewal was declined: being retried, or stopped after the last
 * try, with the reason; a stopped one's donor may be reminded once. Shown only when there are some.
 */
export function FailedMonthlyGiftsSection({ organizationId }: { organizationId: string }) {
  const query = useQuery({
    queryKey: failedKey(organizationId),
    queryFn: () => apiRequest<FailedMonthlyGiftsResponse>('GET', MONTHLY_GIFT_PATHS.failed(organizationId)),
  });
  if (query.isSuccess && query.data.gifts.length === 0) return null;
  return (
    <section className="cw-card cw-camp-list" aria-labelledby="cw-failed-monthly" data-testid="failed-monthly-gifts">
      <header className="cw-camp-list__head">
        <div>
          <h2 id="cw-failed-monthly" className="cw-camp-list__title">
            Declined monthly gifts
            {query.data && <span className="cw-camp-count-pill">{query.data.gifts.length}</span>}
          </h2>
          <p className="cw-camp-list__description">
            Monthly gifts whose card was declined: each is tried four times over about two weeks, and the donor is
            e-mailed each time with a link to update the card.
          </p>
        </div>
      </header>
      {query.isPending ? (
        <ListSkeleton label="Loading declined monthly gifts…" />
      ) : query.isError ? (
        <ErrorPanel
          title="Declined monthly gifts couldn't be loaded"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <ul className="cw-camp-items">
          {query.data.gifts.map((gift) => (
            <FailedGiftRow key={gift.subscriptionId} gift={gift} organizationId={organizationId} />
          ))}
        </ul>
      )}
    </section>
  );
}
