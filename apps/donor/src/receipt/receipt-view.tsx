import {
  ArrowLeft,
  CircleAlert,
  CircleCheck,
  CreditCard,
  Download,
  ExternalLink,
  RefreshCw,
  Repeat,
  SearchX,
} from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { CAMPAIGN_PATHS, type CampaignPage } from '@causeway/core/contracts/campaigns.contract';
import { formatUsd, type PaymentDetailResponse } from '@causeway/core/contracts/payments.contract';
import { externalHref } from '@causeway/shells/shared/campaign-page/campaign-page.rules';
import { Link } from '@causeway/shells/shared/router';
import { forgetDonationDraft } from '../donate/donation-draft';
import './receipt.css';

const cardBrand = (brand: string) =>
  ({ visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' })[brand] ??
  brand.charAt(0).toUpperCase() + brand.slice(1);

export type ReceiptViewProps = {
  campaignId: string;
  /** Null while it loads. */
  receipt: PaymentDetailResponse | null;
  campaign: CampaignPage | null;
  /** The campaign's thank-you message for this payment, shown under the receipt (filled by appreciations). */
  appreciation?: ReactNode;
};

/** The receipt of a donation: what was paid, when and with which card, for which campaign. */
export function ReceiptView({ campaignId, receipt, campaign, appreciation }: ReceiptViewProps) {
  // The gift is made: the campaign's donation form starts afresh next time.
  useEffect(() => {
    if (receipt) forgetDonationDraft(campaignId);
  }, [campaignId, receipt]);
  const party = receipt?.party ?? null;
  // Donors see the campaign's public headline, never its internal name.
  const campaignName = party?.campaignHeadline ?? (campaign?.title.trim() || null);
  const organizationName = party?.organizationName ?? campaign?.organization?.name ?? null;
  const donation = receipt?.donation ?? null;
  const payment = receipt?.payment ?? null;
  const providerReceipt = externalHref(payment?.link ?? null);
  const monthly = receipt?.frequency === 'monthly';
  // The organization's own site the gift came from, as the server found it listed (http or https only).
  const returnHref = externalHref(receipt?.returnLink?.url ?? null);
  return (
    <article className="cw-receipt" aria-labelledby="cw-receipt-title" aria-busy={receipt === null}>
      <header className="cw-receipt__header">
        <CircleCheck className="cw-receipt__check" size={40} aria-hidden="true" />
        <p className="cw-eyebrow" data-testid="receipt-kind">
          {monthly ? 'Monthly gift' : 'Donation received'}
        </p>
        <h1 id="cw-receipt-title" className="cw-receipt__title">
          {donation?.donorName ? `Thank you, ${donation.donorName}!` : 'Thank you for your gift!'}
        </h1>
        {campaignName && (
          <p className="cw-receipt__lead">
            {monthly ? 'Your monthly gift supports' : 'Your donation supports'} <strong>{campaignName}</strong>
            {organizationName ? ` by ${organizationName}` : ''}.
          </p>
        )}
        {returnHref && receipt?.returnLink && (
          // No Referer: the receipt's own address (its session id) stays on the platform.
          <a
            className="cw-button cw-button--primary cw-receipt__return"
            href={returnHref}
            rel="noreferrer"
            data-testid="receipt-return"
          >
            <ArrowLeft size={16} aria-hidden="true" />
            Back to {receipt.returnLink.host}
          </a>
        )}
      </header>

      <section className="cw-card cw-receipt__card" aria-label="Your receipt">
        {payment ? (
          <>
            <p className="cw-receipt__amount" data-testid="receipt-amount">
              {payment.formattedAmount}
              {monthly && <span className="cw-receipt__per"> a month</span>}
            </p>
            {monthly && (
              <p className="cw-receipt__renews" data-testid="receipt-renews">
                <Repeat size={16} aria-hidden="true" />
                Monthly gift: this is your first month. It renews each month, charging {payment.formattedAmount}, until
                you stop it; you can stop it any time from the link in your receipt e-mail.
              </p>
            )}
            <dl className="cw-receipt__facts">
              {donation && donation.coveredFee > 0 && (
                <>
                  <div>
                    <dt>Your gift</dt>
                    <dd data-testid="receipt-gift">{formatUsd(donation.amount)}</dd>
                  </div>
                  <div>
                    <dt>Card fee you covered</dt>
                    <dd data-testid="receipt-covered-fee">{formatUsd(donation.coveredFee)}</dd>
                  </div>
                </>
              )}
              {party && (
                <div>
                  <dt>Organization</dt>
                  <dd data-testid="receipt-organization">{party.legalName}</dd>
                </div>
              )}
              {party?.taxId && (
                <div>
                  <dt>Tax id</dt>
                  <dd>{party.taxId}</dd>
                </div>
              )}
              <div>
                <dt>Date</dt>
                <dd>{payment.formattedDate}</dd>
              </div>
              <div>
                <dt>Paid with</dt>
                <dd data-testid="receipt-card">
                  {payment.card ? (
                    <>
                      <CreditCard size={16} aria-hidden="true" />
                      {cardBrand(payment.card.brand)} ending in {payment.card.last4}
                    </>
                  ) : (
                    'Card'
                  )}
                </dd>
              </div>
              <div>
                <dt>Payment reference</dt>
                <dd className="cw-receipt__id">{payment.paymentId}</dd>
              </div>
              {donation && donation.refunded + donation.coveredFeeRefunded > 0 && (
                <div>
                  <dt>Refunded</dt>
                  <dd>
                    {donation.refunded + donation.coveredFeeRefunded >= payment.amount
                      ? 'In full'
                      : formatUsd(donation.refunded + donation.coveredFeeRefunded)}
                  </dd>
                </div>
              )}
            </dl>
            {party && party.taxStatement.length > 0 && (
              <div className="cw-receipt__tax" data-testid="receipt-tax-statement">
                {party.taxStatement.map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </div>
            )}
            {donation?.message && (
              <blockquote className="cw-receipt__message">
                <p>{donation.message}</p>
                <footer>Your message to the campaign</footer>
              </blockquote>
            )}
            {!donation && (
              <p className="cw-receipt__pending" role="status">
                Your payment went through. It will show on the campaign in a moment.
              </p>
            )}
            {receipt?.pdfUrl && (
              <a className="cw-button cw-button--secondary cw-receipt__pdf" href={receipt.pdfUrl} download>
                <Download size={16} aria-hidden="true" />
                Download the receipt (PDF)
              </a>
            )}
            {providerReceipt && (
              <a className="cw-receipt__link" href={providerReceipt} target="_blank" rel="noopener noreferrer">
                Your card receipt
                <ExternalLink size={14} aria-hidden="true" />
              </a>
            )}
          </>
        ) : (
          <div className="cw-receipt__loading" role="status">
            <span className="cw-skeleton__line cw-skeleton__line--title" />
            <span className="cw-skeleton__line" />
            <span className="cw-skeleton__line cw-skeleton__line--short" />
            <span className="cw-visually-hidden">Loading your receipt…</span>
          </div>
        )}
      </section>

      {appreciation && (
        <section className="cw-receipt__appreciation" aria-label="A message from the campaign">
          {appreciation}
        </section>
      )}

      <Link to={CAMPAIGN_PATHS.page(campaignId)} className="cw-button cw-button--secondary cw-receipt__back">
        <ArrowLeft size={16} aria-hidden="true" />
        Back to the campaign
      </Link>
    </article>
  );
}

/** The receipt cannot be shown: the address lacks its payment, the payment is unknown, or the API is out of reach. */
export function ReceiptMissing({
  campaignId,
  reason,
  message,
  retry,
}: {
  campaignId: string;
  reason: 'incomplete' | 'not-found' | 'unreachable';
  message?: string;
  retry?: () => void;
}) {
  const texts = {
    incomplete: {
      title: 'This receipt link is incomplete',
      text: 'The address is missing the payment it is for. Open the link from your receipt e-mail again.',
    },
    'not-found': {
      title: 'We couldn’t find this payment',
      text: 'No payment was taken with this checkout: it may have been canceled or declined. Nothing was charged.',
    },
    unreachable: { title: 'We couldn’t load your receipt', text: message ?? 'Please try again in a moment.' },
  }[reason];
  const Icon = reason === 'unreachable' ? CircleAlert : SearchX;
  return (
    <section
      className={`cw-card cw-notice cw-receipt__missing${reason === 'unreachable' ? ' cw-notice--error' : ''}`}
      role={reason === 'unreachable' ? 'alert' : undefined}
    >
      <Icon className="cw-notice__icon" size={22} aria-hidden="true" />
      <div>
        <h1 className="cw-notice__title">{texts.title}</h1>
        <p className="cw-notice__text">{texts.text}</p>
        <div className="cw-receipt__actions">
          {retry && reason === 'unreachable' && (
            <button type="button" className="cw-button cw-button--secondary" onClick={retry}>
              <RefreshCw size={16} aria-hidden="true" />
              Try again
            </button>
          )}
          <Link to={CAMPAIGN_PATHS.page(campaignId)} className="cw-button cw-button--secondary">
            Back to the campaign
          </Link>
        </div>
      </div>
    </section>
  );
}
