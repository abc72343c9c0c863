import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Download, FileText, LoaderCircle, LogOut, MailCheck } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { linkTokenOf, MY_GIFTS_PATH, type DonorGift } from '@causeway/core/contracts/donor-gifts.contract';
import { botCheckFields, useBotCheckPhase } from '@causeway/shells/shared/bot-check/bot-check';
import { useDocumentTitle } from '@causeway/shells/shared/campaign-page/use-document-title';
import { ApiError } from '@causeway/shells/shared/http';
import { Link } from '@causeway/shells/shared/router';
import { LoadMore } from '@causeway/shells/shared/ui/load-more';
import { LoadingSkeleton } from '@causeway/shells/shared/ui/states';
import {
  closeGiftsVisit,
  giftsKeys,
  openGiftsLink,
  requestGiftsLink,
  useVisitGifts,
  useVisitStatements,
} from './gifts.api';
import { giftStatusLabel, giftsDate, visitEndText } from './gifts.rules';
import { MonthlyGifts } from './MonthlyGifts';
import './gifts.css';

/** What the page shows before the gifts: the link being opened, or why it could not be. */
type Opening = { state: 'none' } | { state: 'opening' } | { state: 'refused'; message: string } | { state: 'open' };

/** The link's token, taken from the address once and cleared from it (and from the history) at once. */
function takeLinkToken(): string | null {
  const token = linkTokenOf(window.location.hash);
  if (token) window.history.replaceState(window.history.state, '', MY_GIFTS_PATH);
  return token;
}

function GiftRow({ gift }: { gift: DonorGift }) {
  const status = giftStatusLabel(gift);
  const date = giftsDate(gift.date);
  return (
    <li className="cw-gifts__item" data-donation-id={gift.donationId}>
      <div className="cw-gifts__what">
        <h3 className="cw-gifts__campaign">
          {gift.campaignPath ? <Link to={gift.campaignPath}>{gift.campaign}</Link> : gift.campaign}
        </h3>
        <p className="cw-gifts__organization">{gift.organization ?? 'An organization no longer listed'}</p>
        <p className="cw-gifts__date">
          <time dateTime={gift.date}>{date}</time>
        </p>
      </div>
      <div className="cw-gifts__money">
        <p className={`cw-gifts__amount${gift.status === 'refunded' ? ' cw-gifts__amount--refunded' : ''}`}>
          {gift.formattedAmount}
        </p>
        <p className={`cw-gifts__status cw-gifts__status--${gift.status}`}>{status}</p>
        {gift.receiptPdfUrl ? (
          <a
            className="cw-gifts__receipt"
            href={gift.receiptPdfUrl}
            download
            aria-label={`Download the receipt of ${gift.formattedAmount} to ${gift.campaign} on ${date} (PDF)`}
          >
            <Download size={16} aria-hidden="true" />
            Receipt (PDF)
          </a>
        ) : (
          <p className="cw-gifts__no-receipt">No receipt to download</p>
        )}
      </div>
    </li>
  );
}

/** A statement a year for each organization the address gave to, for the donor's tax return. */
function YearEndStatements() {
  const statements = useVisitStatements(true);
  if (statements.isPending) return <LoadingSkeleton label="Loading your statements…" />;
  if (statements.isError) {
    return (
      <p className="cw-alert" role="alert">
        <CircleAlert size={18} aria-hidden="true" />
        <span>Your statements couldn’t be loaded: {statements.error.message}</span>
      </p>
    );
  }
  if (statements.data.statements.length === 0) return null;
  return (
    <section aria-labelledby="cw-gifts-statements" className="cw-gifts__section">
      <h2 id="cw-gifts-statements" className="cw-gifts__section-title">
        Year-end statements
      </h2>
      <p className="cw-gifts__empty">
        One for each organization and year you gave in: every gift, any refund and the total net of refunds, with the
        organization’s tax id. Years are calendar years in UTC.
      </p>
      <ul className="cw-gifts__list">
        {statements.data.statements.map((statement) => (
          <li
            key={`${statement.organizationId}-${statement.year}`}
            className="cw-gifts__item"
            data-statement={`${statement.organizationId}-${statement.year}`}
          >
            <div className="cw-gifts__what">
              <h3 className="cw-gifts__campaign">
                {statement.organization}, {statement.year}
              </h3>
              <p className="cw-gifts__organization">
                {statement.gifts === 1 ? '1 gift' : `${statement.gifts} gifts`} · {statement.formattedNet} net of
                refunds
              </p>
            </div>
            <div className="cw-gifts__money">
              <a
                className="cw-gifts__receipt"
                href={statement.pdfUrl}
                download
                aria-label={`Download statement: ${statement.organization}, ${statement.year} (PDF)`}
              >
                <FileText size={16} aria-hidden="true" />
                Download statement
              </a>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "Find my gifts": an e-mail address; the answer is the same whether or not it ever gave. */
function FindMyGifts({ refusal }: { refusal: string | null }) {
  const [email, setEmail] = useState('');
  const ids = { title: useId(), email: useId(), emailError: useId(), hint: useId() };
  const botCheck = useBotCheckPhase();
  const request = useMutation({
    mutationFn: async (address: string) => requestGiftsLink({ email: address, ...(await botCheckFields()) }),
  });
  const fieldError = request.error instanceof ApiError ? request.error.fields?.email : undefined;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.mutate(email.trim());
  };
  return (
    <section className="cw-card cw-gifts__find" aria-labelledby={ids.title}>
      {refusal && (
        <p className="cw-alert" role="alert">
          <CircleAlert size={18} aria-hidden="true" />
          <span>{refusal}</span>
        </p>
      )}
      <h2 id={ids.title} className="cw-gifts__find-title">
        Find my gifts
      </h2>
      <p id={ids.hint} className="cw-gifts__find-text">
        Enter the e-mail address you gave with. We will send it a link to your gifts and their receipts; it works once,
        for an hour. No account needed.
      </p>
      <div aria-live="polite" aria-atomic="true">
        {request.isSuccess && (
          <p className="cw-alert cw-alert--success" role="status">
            <MailCheck size={18} aria-hidden="true" />
            <span>{request.data.message}</span>
          </p>
        )}
        {request.isError && !fieldError && (
          <p className="cw-alert" role="alert">
            <CircleAlert size={18} aria-hidden="true" />
            <span>{request.error.message}</span>
          </p>
        )}
      </div>
      <form className="cw-form cw-gifts__form" aria-labelledby={ids.title} onSubmit={onSubmit}>
        <div className="cw-field">
          <label className="cw-field__label" htmlFor={ids.email}>
            E-mail address
          </label>
          <input
            id={ids.email}
            className="cw-input"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            maxLength={254}
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${ids.hint} ${ids.emailError}` : ids.hint}
          />
          {fieldError && (
            <p id={ids.emailError} className="cw-field__error">
              {fieldError}
            </p>
          )}
        </div>
        <button type="submit" className="cw-button cw-button--primary" disabled={request.isPending}>
          {request.isPending && <LoaderCircle className="cw-spin" size={18} aria-hidden="true" />}
          {request.isPending ? (botCheck === 'checking' ? 'Checking…' : 'Sending…') : 'Send me a link'}
        </button>
      </form>
    </section>
  );
}

/**
 * A donor's own gifts, without an account (`/my-gifts`). The link from an e-mail (`#link=…`) is opened
 * once for a visit of 30 minutes held in an http-only cookie; the visit lists the gifts made with the
 * link's e-mail address, across organizations, each with its receipt. Without a visit: the form.
 */
export default function GiftsPage() {
  const [token, setToken] = useState(takeLinkToken);
  const [opening, setOpening] = useState<Opening>(token ? { state: 'opening' } : { state: 'none' });
  const queryClient = useQueryClient();
  useDocumentTitle('Your gifts · Causeway');

  // A link opened while the page is already open (only the fragment changes) is taken the same way.
  useEffect(() => {
    const onHashChange = () => {
      const next = takeLinkToken();
      if (!next) return;
      setToken(next);
      setOpening({ state: 'opening' });
    };
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, []);

  useEffect(() => {
    if (!token) return;
    let current = true;
    openGiftsLink(token).then(
      () => {
        if (!current) return;
        void queryClient.resetQueries({ queryKey: giftsKeys.visit() });
        setOpening({ state: 'open' });
      },
      (error: unknown) => {
        if (!current) return;
        const fields = error instanceof ApiError ? error.fields : {};
        const message = fields.token ?? (error instanceof Error ? error.message : 'This link could not be opened.');
        setOpening({ state: 'refused', message });
      },
    );
    return () => {
      current = false;
    };
  }, [token, queryClient]);

  // Without a link, a visit still open in this browser shows its gifts.
  const gifts = useVisitGifts(opening.state === 'open' || opening.state === 'none');
  const close = useMutation({
    mutationFn: closeGiftsVisit,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: giftsKeys.visit() });
      queryClient.removeQueries({ queryKey: giftsKeys.statements() });
      setOpening({ state: 'refused', message: 'Your visit has ended. Ask for a new link whenever you like.' });
    },
  });

  const visitEnded = gifts.isError && gifts.error instanceof ApiError && gifts.error.status === 401;
  let body;
  if (opening.state === 'opening' || (gifts.isPending && gifts.fetchStatus === 'fetching')) {
    body = <LoadingSkeleton label="Opening your gifts…" />;
  } else if (opening.state === 'refused') {
    body = <FindMyGifts refusal={opening.message} />;
  } else if (gifts.isError) {
    body = <FindMyGifts refusal={visitEnded && opening.state === 'open' ? gifts.error.message : null} />;
    if (!visitEnded) {
      body = (
        <>
          <p className="cw-alert" role="alert">
            <CircleAlert size={18} aria-hidden="true" />
            <span>Your gifts couldn’t be loaded: {gifts.error.message}</span>
          </p>
          {body}
        </>
      );
    }
  } else if (gifts.data) {
    const { email, endsAt } = gifts.data;
    body = (
      <>
        <div className="cw-gifts__visit">
          <p>
            Gifts made with <strong>{email}</strong>, newest first. {visitEndText(endsAt)}
          </p>
          <button
            type="button"
            className="cw-button cw-button--secondary"
            onClick={() => close.mutate()}
            disabled={close.isPending}
          >
            <LogOut size={16} aria-hidden="true" />
            Close
          </button>
        </div>
        <MonthlyGifts enabled />
        <section aria-labelledby="cw-gifts-one-off" className="cw-gifts__section">
          <h2 id="cw-gifts-one-off" className="cw-gifts__section-title">
            Gifts
          </h2>
          {gifts.data.gifts.length === 0 ? (
            <p className="cw-gifts__empty">No gifts were made with this address.</p>
          ) : (
            <ul className="cw-gifts__list">
              {gifts.data.gifts.map((gift) => (
                <GiftRow key={gift.donationId} gift={gift} />
              ))}
            </ul>
          )}
          <LoadMore query={gifts} label="Load older gifts" />
        </section>
        <YearEndStatements />
      </>
    );
  } else {
    body = <FindMyGifts refusal={null} />;
  }

  return (
    <div className="cw-gifts">
      <header className="cw-gifts__header">
        <p className="cw-gifts__eyebrow">Your giving</p>
        <h1 className="cw-gifts__title">Your gifts</h1>
        <p className="cw-gifts__intro">Every gift you made on Causeway, with its receipt, without an account.</p>
      </header>
      {body}
    </div>
  );
}
