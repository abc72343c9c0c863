import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { CircleAlert, Clock, Heart, Lock, Repeat } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { CampaignPage } from '@causeway/core/contracts/campaigns.contract';
import type {
  CardFeeResponse,
  DonationCheckoutBody,
  DonationCheckoutResponse,
  DonationFrequency,
} from '@causeway/core/contracts/payments.contract';
import { coveredFee, coverFeeOffer } from '@causeway/core/donations/card-fee.rules';
import { formatUsd } from '@causeway/core/budget/budget.rules';
import { DONATION_MESSAGE_MAX_LENGTH, DONOR_NAME_MAX_LENGTH } from '@causeway/core/donations/donation.rules';
import { deadlineStatus, externalHref } from '@causeway/shells/shared/campaign-page/campaign-page.rules';
import { botCheckFields, useBotCheckPhase } from '@causeway/shells/shared/bot-check/bot-check';
import { ApiError, apiRequest } from '@causeway/shells/shared/http';
import {
  amountOf,
  asksForBotCheck,
  DEFAULT_AMOUNT,
  donateLabel,
  FREQUENCY_OPTIONS,
  frequencyOf,
  MONTHLY_NOTE,
  PRESET_AMOUNTS,
  rememberedAttribution,
  secondsLeft,
  waitLabel,
  type AmountChoice,
} from './donate.rules';
import { useDonationDraft } from './donation-draft';
import './donate.css';
import { AMOUNT_MAX_LENGTH } from '@causeway/core/contracts/input-lengths';

const NAME_MAX = DONOR_NAME_MAX_LENGTH;
const MESSAGE_MAX = DONATION_MESSAGE_MAX_LENGTH;

/**
 * Opens the checkout; the browser then leaves for the payment page. When the server asks for the bot
 * check (after a declined card, or while the campaign sees a burst of them), the page solves it and
 * asks again once.
 */
function useOpenCheckout(campaignId: string) {
  return useMutation({
    mutationFn: async (body: DonationCheckoutBody) => {
      const open = (withCheck: DonationCheckoutBody) =>
        apiRequest<DonationCheckoutResponse>(
          'POST',
          `/api/campaigns/${encodeURIComponent(campaignId)}/donations/checkout`,
          withCheck,
        );
      try {
        return await open(body);
      } catch (error) {
        if (!asksForBotCheck(error)) throw error;
        return open({ ...body, ...(await botCheckFields()) });
      }
    },
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** `GET /api/donations/card-fee`: the card fee rule a donor may cover (the server works the extra out again). */
const cardFeeQuery = queryOptions({
  queryKey: ['donations', 'card-fee'],
  queryFn: () => apiRequest<CardFeeResponse>('GET', '/api/donations/card-fee'),
  staleTime: 60_000,
});

/** While the server asks to wait (a 429 with Retry-After): the seconds left, ticking down. */
function useWait(error: unknown): number {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (error instanceof ApiError && error.status === 429)
      setUntil(Date.now() + (error.retryAfterSeconds ?? 60) * 1000);
  }, [error]);
  const left = secondsLeft(until, now);
  useEffect(() => {
    if (left === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return left;
}

/** The tab's session storage, or null where the browser refuses it. */
function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Why the campaign takes no gift now, or null when it does (its page shows when donations are off). */
function closedReason(page: CampaignPage, now: Date): string | null {
  if (deadlineStatus(page.deadline, now).kind === 'ended')
    return 'This campaign has ended and no longer takes donations.';
  return null;
}

/**
 * The donate panel of the public campaign page: an amount (a preset or one's own), optionally one's
 * name and a message, then the card payment provider's checkout page. The amount is checked here with
 * the API's own rule. A promoter's shared link (`ref`) and its network (`utm_source`) go along, so the
 * gift counts for them and by channel, even after a canceled checkout brings the donor back.
 */
export function DonatePanel({
  page,
  credit,
  now = new Date(),
}: {
  page: CampaignPage;
  /** The promoter whose fundraising page this panel is on: their gifts, whatever link was followed. */
  credit?: string;
  now?: Date;
}) {
  // Kept for the tab: coming back from the checkout page (or a reload) finds the form as it was left.
  const [form, setForm] = useDonationDraft(page.campaignId, {
    choice: { kind: 'preset', cents: DEFAULT_AMOUNT },
    donorName: '',
    message: '',
    coverFee: false,
    frequency: 'once',
  });
  const { choice, donorName, message } = form;
  // Monthly only where the campaign takes monthly gifts (its page hides the choice otherwise).
  const frequency = frequencyOf(form.frequency, page.allowMonthlyGifts);
  const setFrequency = (next: DonationFrequency) => setForm((current) => ({ ...current, frequency: next }));
  const coverFee = form.coverFee === true;
  const setCoverFee = (next: boolean) => setForm((current) => ({ ...current, coverFee: next }));
  const cardFee = useQuery(cardFeeQuery).data?.cardFee ?? null;
  const setChoice = (next: AmountChoice) => setForm((current) => ({ ...current, choice: next }));
  const setDonorName = (next: string) => setForm((current) => ({ ...current, donorName: next }));
  const setMessage = (next: string) => setForm((current) => ({ ...current, message: next }));
  const [touched, setTouched] = useState(false);
  // Read as the page opens: the landing link's promoter and network, kept for the tab.
  const [attribution] = useState(() => {
    const remembered = rememberedAttribution(page.campaignId, window.location.search, tabStorage());
    return credit ? { ...remembered, ref: credit } : remembered;
  });
  const checkout = useOpenCheckout(page.campaignId);
  const botCheck = useBotCheckPhase();
  const waitSeconds = useWait(checkout.error);
  const ids = {
    title: useId(),
    amount: useId(),
    amountError: useId(),
    name: useId(),
    message: useId(),
    coverFee: useId(),
    frequency: useId(),
    monthlyNote: useId(),
  };

  const closed = closedReason(page, now);
  if (closed) {
    return (
      <p className="cw-cpage__note cw-donate__closed" role="status">
        {closed}
      </p>
    );
  }

  const amount = amountOf(choice);
  const amountProblem = touched && 'problem' in amount ? amount.problem : null;
  const organization = page.organization;
  const terms = externalHref(organization?.termsAndConditionsLink ?? null);
  const leaving = checkout.isPending || checkout.isSuccess;
  // The extra shown is the server's own rule on the rule in force; the checkout works it out again.
  const extra = cardFee && 'cents' in amount ? coveredFee(amount.cents, cardFee) : null;
  const covering = coverFee && extra !== null && extra > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if ('problem' in amount || leaving || waitSeconds > 0) return;
    checkout.mutate({
      amount: amount.cents,
      ...(donorName.trim() ? { donorName: donorName.trim() } : {}),
      ...(message.trim() ? { message: message.trim() } : {}),
      ...(coverFee ? { coverFee: true } : {}),
      ...(frequency === 'monthly' ? { frequency } : {}),
      ...attribution,
      // Reports tell gifts made on a promoter's fundraising page from those on the campaign's page.
      givenOn: credit ? 'fundraiser_page' : 'campaign_page',
    });
  };

  return (
    <form className="cw-donate" aria-labelledby={ids.title} onSubmit={submit} noValidate>
      <h2 id={ids.title} className="cw-donate__title">
        <Heart size={18} aria-hidden="true" />
        Make a donation
      </h2>
      {page.allowMonthlyGifts && (
        <div className="cw-donate__frequency" role="group" aria-labelledby={ids.frequency}>
          <span id={ids.frequency} className="cw-field__label">
            How often
          </span>
          <div className="cw-donate__frequency-options">
            {FREQUENCY_OPTIONS.map((option) => {
              const selected = frequency === option.value;
              return (
                <button
                  key={option.value}
                  type="button"
                  className={`cw-donate__frequency-option${selected ? ' cw-donate__frequency-option--selected' : ''}`}
                  aria-pressed={selected}
                  onClick={() => setFrequency(option.value)}
                >
                  {option.value === 'monthly' && <Repeat size={14} aria-hidden="true" />}
                  {option.label}
                </button>
              );
            })}
          </div>
        </div>
      )}
      <fieldset className="cw-donate__amounts">
        <legend className="cw-field__label">{frequency === 'monthly' ? 'Amount each month' : 'Amount'}</legend>
        <div className="cw-donate__presets">
          {PRESET_AMOUNTS.map((cents) => {
            const selected = choice.kind === 'preset' && choice.cents === cents;
            return (
              <button
                key={cents}
                type="button"
                className={`cw-donate__preset${selected ? ' cw-donate__preset--selected' : ''}`}
                aria-pressed={selected}
                onClick={() => setChoice({ kind: 'preset', cents })}
              >
                {formatUsd(cents).replace(/\.00$/, '')}
              </button>
            );
          })}
        </div>
        <label className="cw-donate__custom" htmlFor={ids.amount}>
          <span className="cw-donate__custom-label">Other amount</span>
          <span className="cw-donate__money">
            <span aria-hidden="true">$</span>
            <input
              id={ids.amount}
              className="cw-input cw-donate__custom-input"
              inputMode="decimal"
              autoComplete="off"
              placeholder="Other"
              maxLength={AMOUNT_MAX_LENGTH}
              value={choice.kind === 'custom' ? choice.text : ''}
              aria-invalid={amountProblem !== null}
              aria-describedby={amountProblem ? ids.amountError : undefined}
              onFocus={() => choice.kind === 'preset' && setChoice({ kind: 'custom', text: '' })}
              onChange={(event) => setChoice({ kind: 'custom', text: event.target.value })}
              onBlur={() => choice.kind === 'custom' && choice.text !== '' && setTouched(true)}
            />
          </span>
        </label>
        {amountProblem && (
          <p id={ids.amountError} className="cw-field__error" role="alert">
            {amountProblem}
          </p>
        )}
        {cardFee && extra !== null && extra > 0 && 'cents' in amount && (
          <label className="cw-donate__cover-fee" htmlFor={ids.coverFee}>
            <input
              id={ids.coverFee}
              type="checkbox"
              checked={coverFee}
              onChange={(event) => setCoverFee(event.target.checked)}
            />
            <span data-testid="cover-fee-offer">
              {coverFeeOffer(amount.cents, cardFee, organization?.name ?? null, frequency === 'monthly')}
            </span>
          </label>
        )}
      </fieldset>
      <div className="cw-field">
        <label className="cw-field__label" htmlFor={ids.name}>
          Your name <span className="cw-donate__optional">(optional)</span>
        </label>
        <input
          id={ids.name}
          className="cw-input"
          autoComplete="name"
          maxLength={NAME_MAX}
          value={donorName}
          onChange={(event) => setDonorName(event.target.value)}
        />
      </div>
      <div className="cw-field">
        <label className="cw-field__label" htmlFor={ids.message}>
          Message to the campaign <span className="cw-donate__optional">(optional)</span>
        </label>
        <textarea
          id={ids.message}
          className="cw-input cw-donate__message"
          rows={3}
          maxLength={MESSAGE_MAX}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
        <span className="cw-donate__count" aria-live="polite">
          {message.length}/{MESSAGE_MAX}
        </span>
      </div>
      {checkout.isError && (
        <p className="cw-alert" role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          {checkout.error.message}
        </p>
      )}
      {frequency === 'monthly' && (
        <p id={ids.monthlyNote} className="cw-donate__monthly-note" data-testid="monthly-note">
          <Repeat size={14} aria-hidden="true" />
          {MONTHLY_NOTE}
        </p>
      )}
      <button
        type="submit"
        className="cw-button cw-button--primary cw-button--block"
        disabled={leaving || waitSeconds > 0}
        aria-describedby={frequency === 'monthly' ? ids.monthlyNote : undefined}
      >
        {waitSeconds > 0 ? <Clock size={16} aria-hidden="true" /> : <Lock size={16} aria-hidden="true" />}
        {waitSeconds > 0
          ? waitLabel(waitSeconds)
          : botCheck === 'checking'
            ? 'Checking that you’re a person…'
            : leaving
              ? 'Opening the secure checkout…'
              : donateLabel('cents' in amount ? amount.cents + (covering ? (extra ?? 0) : 0) : null, frequency)}
      </button>
      <div className="cw-donate__fineprint">
        <p>You pay on our card payment provider’s secure page, and come back here for your receipt.</p>
        {organization?.paymentDisclaimer && <p className="cw-donate__disclaimer">{organization.paymentDisclaimer}</p>}
        {organization && terms && (
          <p>
            <a href={terms} target="_blank" rel="noopener noreferrer">
              {organization.name}’s terms and conditions
            </a>
          </p>
        )}
      </div>
    </form>
  );
}
