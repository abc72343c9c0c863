import { Receipt } from 'lucide-react';
import { CAMPAIGN_PATHS } from '@causeway/core/contracts/campaigns.contract';
import type { MyPayment } from '@causeway/core/contracts/payments.contract';
import { Link } from '@causeway/shells/shared/router';
import { OwnPage } from '../promotion/own-page';
import { useMyDonations } from './donations.api';
import { givingSummaryText, receiptPath, refundLabel } from './my-donations.rules';
import './donations.css';
import { LoadMore } from '@causeway/shells/shared/ui/load-more';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function DonationRow({ payment }: { payment: MyPayment }) {
  const receipt = receiptPath(payment);
  const refund = refundLabel(payment);
  const pagePath = CAMPAIGN_PATHS.page(encodeURIComponent(payment.campaignId));
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
    <OwnPage
      eyebrow="Donations"
      title="My donations"
      intro={
        donations.data
          ? `${givingSummaryText(donations.data)}. Gifts you made while signed in, newest first.`
          : 'Gifts you made while signed in, newest first.'
      }
      query={donations}
      loading="Loading your donations…"
      failed="Your donations couldn’t be loaded"
      isEmpty={(data) => data.length === 0}
      empty="You haven’t given while signed in yet. Gifts made signed out have their receipt by e-mail."
      emptyAction="Find a campaign to give to"
    >
      {(data) => (
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
              {data.map((payment) => (
                <DonationRow key={payment.donationId} payment={payment} />
              ))}
            </tbody>
          </table>
          <LoadMore query={donations} label="Load older donations" />
        </div>
      )}
    </OwnPage>
  );
}
