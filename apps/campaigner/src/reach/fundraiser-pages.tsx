import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatUsd } from '@causeway/core/budget/budget.rules';
import type { FundraiserPageView, FundraiserVisibilityBody } from '@causeway/core/contracts/fundraiser-pages.contract';
import { FUNDRAISER_PATHS } from '@causeway/core/contracts/fundraiser-paths';
import { FUNDRAISER_HIDDEN_REASON_MAX_LENGTH } from '@causeway/core/promotion/fundraiser-page.entity';
import { ApiError, apiRequest } from '@causeway/shells/shared/http';
import { LIVE_QUERY_KEYS } from '@causeway/shells/shared/live-queries';
import { retryTransient } from '../api/query';

const pagesKey = (campaignId: string) => [...LIVE_QUERY_KEYS.campaigns, campaignId, 'fundraiser-pages'] as const;

/** One page's row: its promoter, words, progress, and hiding it (with the reason the promoter is told). */
function PageRow({ campaignId, page }: { campaignId: string; page: FundraiserPageView }) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [hiding, setHiding] = useState(false);
  const [reason, setReason] = useState('');
  const change = useMutation({
    mutationFn: (body: FundraiserVisibilityBody) =>
      apiRequest<{ page: FundraiserPageView }>(
        'PUT',
        `/api/campaigns/${encodeURIComponent(campaignId)}/fundraisers/${encodeURIComponent(page.promoterId)}/visibility`,
        body,
      ),
    onSuccess: () => {
      setHiding(false);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: pagesKey(campaignId) });
    },
  });
  const reasonError = change.error instanceof ApiError ? change.error.fields.reason : undefined;
  return (
    <tr data-promoter-id={page.promoterId}>
      <th scope="row">
        {page.hidden ? (
          page.promoterName
        ) : (
          <a href={FUNDRAISER_PATHS.page(campaignId, page.promoterId)} target="_blank" rel="noopener noreferrer">
            {page.promoterName}
          </a>
        )}
        <div className="cw-reach__muted">{page.headline}</div>
      </th>
      <td>
        {formatUsd(page.raisedCents)} of {formatUsd(page.goalCents)} ·{' '}
        {page.donors === 1 ? '1 donor' : `${page.donors} donors`}
      </td>
      <td>
        {page.hidden ? (
          <>
            <span className="cw-reach__muted">Hidden: {page.hiddenReason}</span>{' '}
            <button
              type="button"
              className="cw-button cw-button--secondary"
              disabled={change.isPending}
              onClick={() => change.mutate({ hidden: false })}
            >
              Show again
            </button>
          </>
        ) : hiding ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              change.mutate({ hidden: true, reason });
            }}
          >
            <label className="cw-field__label" htmlFor={reasonId}>
              Why (the promoter is told)
            </label>
            <input
              id={reasonId}
              className="cw-input"
              value={reason}
              maxLength={FUNDRAISER_HIDDEN_REASON_MAX_LENGTH}
              onChange={(event) => setReason(event.target.value)}
            />
            {reasonError && <p className="cw-field__error">{reasonError}</p>}
            <button type="submit" className="cw-button cw-button--primary" disabled={change.isPending}>
              Hide the page
            </button>{' '}
            <button type="button" className="cw-button cw-button--secondary" onClick={() => setHiding(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <button type="button" className="cw-button cw-button--secondary" onClick={() => setHiding(true)}>
            Hide…
          </button>
        )}
      </td>
    </tr>
  );
}

/** The campaign's fundraising pages, most raised first, each of which its organizers may hide. */
export function FundraiserPagesSection({ campaignId }: { campaignId: string }) {
  const pages = useQuery({
    queryKey: pagesKey(campaignId),
    queryFn: () =>
      apiRequest<{ pages: FundraiserPageView[] }>('GET', FUNDRAISER_PATHS.all(campaignId)).then((body) => body.pages),
    retry: retryTransient,
  });
  return (
    <section className="cw-card" aria-labelledby="cw-reach-fundraisers" data-testid="fundraiser-pages">
      <h2 id="cw-reach-fundraisers" className="cw-card__title">
        Fundraising pages
      </h2>
      {pages.isPending && <p className="cw-reach__muted">Loading the fundraising pages…</p>}
      {pages.isError && <p className="cw-field__error">The fundraising pages couldn’t be loaded.</p>}
      {pages.data && pages.data.length === 0 && (
        <p className="cw-reach__muted">No promoter has made a fundraising page for this campaign yet.</p>
      )}
      {pages.data && pages.data.length > 0 && (
        <table className="cw-reach__table">
          <thead>
            <tr>
              <th scope="col">Fundraiser</th>
              <th scope="col">Raised</th>
              <th scope="col">Shown</th>
            </tr>
          </thead>
          <tbody>
            {pages.data.map((page) => (
              <PageRow key={page.promoterId} campaignId={campaignId} page={page} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
