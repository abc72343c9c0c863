import { ArrowLeft, Receipt } from 'lucide-react';
import type { MyPayment } from '../../../../core/contracts/payments.contract';
import { Link } from '../../../../shells/shared/router';
import { LoadFailed } from '../promotion/load-failed';
import { DISCOVER_PATH } from '../promotion/promotion-paths';
import { useMyDonations } from './donations.api';
import { givingSummaryText, receiptPath, refundLabel } from './my-donations.rules';
import '../promotion/promotion.css';
import './donations.css';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function DonationRow({ payment }: { payment: MyPayment }) {
  const receipt = receiptPath(payment);
  const refund = refundLabel(payment);
  const pagePath = `/campaign/${encodeURIComponent(payment.campaignId)}/details/`;
  return (
    <tr data-donation-id={payment.donationId}>
      <td className="cw-donations__date">
        <time dateTime={payment.date}>{dateText(payment.date)}</time>
      </td>
      <th scope="row" className="cw-donations__campaign">
        {payment.campaignName ? (
          <Link to={pagePath}>{payment.campaignName}</Link>
        ) : (
          <span className="cw-donations__gone">A campaign no longer listed</span>
        )}
      </th>
      <td className="cw-donations__amount">
        <span className={refund === 'Refunded' ? 'cw-donations__struck' : undefined}>{payment.formattedAmount}</span>
        {refund && <span className="cw-donations__refund">{refund}</span>}
      </td>
      <td className="cw-donations__receipt">
        {receipt ? (
          <a href={receipt} aria-label={`Receipt of ${payment.formattedAmount} on ${dateText(payment.date)}`}>
            <Receipt size={16} aria-hidden="true" />
            <span className="cw-donations__receipt-text">Receipt</span>
          </a>
        ) : (
          <span className="cw-donations__gone">No receipt</span>
        )}
      </td>
    </tr>
  );
}

/** A donor's own gifts made while signed in, newest first, each with its receipt. */
export function MyDonationsPage() {
  const donations = useMyDonations();
  return (
    <div className="cw-promotions">
      <Link to={DISCOVER_PATH} className="cw-promotions__back">
        <ArrowLeft size={16} aria-hidden="true" />
        Discover
      </Link>
      <header className="cw-promotions__header">
        <p className="cw-eyebrow">Donations</p>
        <h1 className="cw-promotions__title">My donations</h1>
        <p className="cw-promotions__intro">
          {donations.data
            ? `${givingSummaryText(donations.data)}. Gifts you made while signed in, newest first.`
            : 'Gifts you made while signed in, newest first.'}
        </p>
      </header>
      {donations.isPending && (
        <div className="cw-skeleton" aria-busy="true">
          <span className="cw-visually-hidden">Loading your donations…</span>
          <div className="cw-skeleton__block" />
        </div>
      )}
      {donations.isError && (
        <LoadFailed
          title="Your donations couldn’t be loaded"
          error={donations.error}
          retry={() => void donations.refetch()}
        />
      )}
      {donations.data &&
        (donations.data.length === 0 ? (
          <div className="cw-card cw-promotions__empty">
            <p>You haven’t given while signed in yet. Gifts made signed out have their receipt by e-mail.</p>
            <Link to={DISCOVER_PATH} className="cw-button cw-button--primary">
              Find a campaign to give to
            </Link>
          </div>
        ) : (
          <div className="cw-card cw-donations">
            <table className="cw-donations__table">
              <caption className="cw-visually-hidden">Your donations, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Campaign</th>
                  <th scope="col" className="cw-donations__amount">
                    Amount
                  </th>
                  <th scope="col">
                    <span className="cw-visually-hidden">Receipt</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {donations.data.map((payment) => (
                  <DonationRow key={payment.donationId} payment={payment} />
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </div>
  );
}
