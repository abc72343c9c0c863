import { useMutation } from '@tanstack/react-query';
import { CircleAlert, CreditCard, HeartHandshake, LoaderCircle, Pause, Play, Repeat, Square } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import type { DonorMonthlyGift } from '@causeway/core/contracts/monthly-gifts.contract';
import { centsFromDollars, donationAmountProblem } from '@causeway/core/donations/donation.rules';
import { ApiError } from '@causeway/shells/shared/http';
import { Link } from '@causeway/shells/shared/router';
import { LoadingSkeleton } from '@causeway/shells/shared/ui/states';
import { openCardPage, useChangeMonthlyGift, useKeepGiving, useMonthlyGifts } from './monthly-gifts.api';
import { giftsDate } from './gifts.rules';

function AmountForm({ gift, onDone }: { gift: DonorMonthlyGift; onDone: () => void }) {
  const [text, setText] = useState((gift.amount / 100).toFixed(2));
  const [problem, setProblem] = useState<string | null>(null);
  const change = useChangeMonthlyGift(gift.subscriptionId);
  const ids = { input: useId(), error: useId(), hint: useId() };
  const serverProblem = change.error instanceof ApiError ? (change.error.fields?.amount ?? null) : null;
  const shown = problem ?? serverProblem;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const cents = centsFromDollars(text);
    const found = cents === null ? 'Enter an amount in dollars, like 25 or 25.50.' : donationAmountProblem(cents);
    setProblem(found);
    if (found || cents === null) return;
    change.mutate({ action: 'changeAmount', amount: cents }, { onSuccess: onDone });
  };
  return (
    <form className="cw-monthly__amount-form" onSubmit={onSubmit} noValidate>
      <label className="cw-field__label" htmlFor={ids.input}>
        New monthly amount (USD)
      </label>
      <div className="cw-monthly__amount-row">
        <input
          id={ids.input}
          className="cw-input"
          inputMode="decimal"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${ids.hint} ${ids.error}` : ids.hint}
        />
        <button type="submit" className="cw-button cw-button--primary" disabled={change.isPending}>
          {change.isPending && <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />}
          Save
        </button>
        <button type="button" className="cw-button cw-button--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
      <p id={ids.hint} className="cw-monthly__hint">
        The new amount is charged from your next monthly gift on; this month stays as it is.
      </p>
      {shown && (
        <p id={ids.error} className="cw-field__error">
          {shown}
        </p>
      )}
      {change.isError && !serverProblem && (
        <p className="cw-field__error" role="alert">
          {change.error.message}
        </p>
      )}
    </form>
  );
}

/** After the campaign ended: keep giving the same each month to the organization itself, in one click. */
function KeepGivingOffer({
  gift,
  offer,
}: {
  gift: DonorMonthlyGift;
  offer: NonNullable<DonorMonthlyGift['keepGiving']>;
}) {
  const keep = useKeepGiving(gift.subscriptionId);
  const titleId = useId();
  return (
    <div className="cw-monthly__offer" role="group" aria-labelledby={titleId}>
      <p id={titleId} className="cw-monthly__offer-title">
        Keep giving to {offer.organization}?
      </p>
      <p className="cw-monthly__hint">
        “{gift.campaign}” has ended. Your card on file can go on giving {offer.formattedAmount} a month to{' '}
        {offer.organization} itself, where it needs it most: the first month is charged now, and you can change or stop
        it here at any time.
      </p>
      <button
        type="button"
        className="cw-button cw-button--primary"
        disabled={keep.isPending}
        onClick={() => keep.mutate()}
      >
        {keep.isPending ? (
          <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
        ) : (
          <HeartHandshake size={16} aria-hidden="true" />
        )}
        Keep giving {offer.formattedAmount} a month
      </button>
      {keep.isError && (
        <p className="cw-alert" role="alert">
          <CircleAlert size={18} aria-hidden="true" />
          <span>{keep.error.message}</span>
        </p>
      )}
    </div>
  );
}

function MonthlyGiftRow({ gift }: { gift: DonorMonthlyGift }) {
  const [editing, setEditing] = useState(false);
  const [confirmingStop, setConfirmingStop] = useState(false);
  const change = useChangeMonthlyGift(gift.subscriptionId);
  const card = useMutation({
    mutationFn: () => openCardPage(gift.subscriptionId),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const error = change.error ?? card.error;
  return (
    <li className="cw-gifts__item cw-monthly__item" data-subscription-id={gift.subscriptionId}>
      <div className="cw-gifts__what">
        <h3 className="cw-gifts__campaign">
          {gift.campaignPath ? <Link to={gift.campaignPath}>{gift.campaign}</Link> : gift.campaign}
        </h3>
        <p className="cw-gifts__organization">{gift.organization ?? 'An organization no longer listed'}</p>
        <p className="cw-gifts__date">
          Since <time dateTime={gift.startedAt}>{giftsDate(gift.startedAt)}</time>
        </p>
      </div>
      <div className="cw-gifts__money">
        <p className="cw-gifts__amount">
          {gift.formattedAmount}
          <span className="cw-monthly__per"> / month</span>
        </p>
        <p className={`cw-gifts__status cw-monthly__state cw-monthly__state--${gift.state}`}>{gift.stateText}</p>
        {gift.failureReason && <p className="cw-monthly__failure">{gift.failureReason}</p>}
      </div>
      <div className="cw-monthly__actions">
        {editing ? (
          <AmountForm gift={gift} onDone={() => setEditing(false)} />
        ) : confirmingStop ? (
          <div className="cw-monthly__confirm" role="group" aria-label="Stop this monthly gift">
            <p>Stop this monthly gift? Nothing more will be charged; the gifts already made stay given.</p>
            <button
              type="button"
              className="cw-button cw-button--danger"
              disabled={change.isPending}
              onClick={() => change.mutate({ action: 'stop' }, { onSettled: () => setConfirmingStop(false) })}
            >
              {change.isPending && <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />}
              Yes, stop it
            </button>
            <button type="button" className="cw-button cw-button--secondary" onClick={() => setConfirmingStop(false)}>
              Keep giving
            </button>
          </div>
        ) : (
          <>
            {gift.can.changeAmount && (
              <button type="button" className="cw-button cw-button--secondary" onClick={() => setEditing(true)}>
                <Repeat size={16} aria-hidden="true" />
                Change amount
              </button>
            )}
            {gift.can.updateCard && (
              <button
                type="button"
                className="cw-button cw-button--secondary"
                disabled={card.isPending}
                onClick={() => card.mutate()}
              >
                <CreditCard size={16} aria-hidden="true" />
                Update card
              </button>
            )}
            {(gift.can.pause || gift.can.resume) && (
              <button
                type="button"
                className="cw-button cw-button--secondary"
                disabled={change.isPending}
                onClick={() => change.mutate({ action: gift.can.pause ? 'pause' : 'resume' })}
              >
                {gift.can.pause ? <Pause size={16} aria-hidden="true" /> : <Play size={16} aria-hidden="true" />}
                {gift.can.pause ? 'Pause' : 'Resume'}
              </button>
            )}
            {gift.can.stop && (
              <button type="button" className="cw-button cw-button--secondary" onClick={() => setConfirmingStop(true)}>
                <Square size={16} aria-hidden="true" />
                Stop
              </button>
            )}
          </>
        )}
        {error && !editing && (
          <p className="cw-alert" role="alert">
            <CircleAlert size={18} aria-hidden="true" />
            <span>{error.message}</span>
          </p>
        )}
      </div>
      {gift.keepGiving && <KeepGivingOffer gift={gift} offer={gift.keepGiving} />}
    </li>
  );
}

/** The visit's monthly gifts, each with what the donor may do: change the amount, the card, pause, stop. */
export function MonthlyGifts({ enabled }: { enabled: boolean }) {
  const gifts = useMonthlyGifts(enabled);
  if (gifts.isPending) return enabled ? <LoadingSkeleton label="Loading your monthly gifts…" /> : null;
  if (gifts.isError) {
    return (
      <p className="cw-alert" role="alert">
        <CircleAlert size={18} aria-hidden="true" />
        <span>Your monthly gifts couldn’t be loaded: {gifts.error.message}</span>
      </p>
    );
  }
  if (gifts.data.gifts.length === 0) return null;
  return (
    <section aria-labelledby="cw-gifts-monthly" className="cw-gifts__section">
      <h2 id="cw-gifts-monthly" className="cw-gifts__section-title">
        Monthly gifts
      </h2>
      <ul className="cw-gifts__list">
        {gifts.data.gifts.map((gift) => (
          <MonthlyGiftRow key={gift.subscriptionId} gift={gift} />
        ))}
      </ul>
    </section>
  );
}
