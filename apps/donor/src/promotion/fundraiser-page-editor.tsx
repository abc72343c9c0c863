import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EyeOff, ExternalLink } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { formatUsd } from '@causeway/core/budget/budget.rules';
import type { FundraiserPageBody, FundraiserPageView } from '@causeway/core/contracts/fundraiser-pages.contract';
import { FUNDRAISER_PATHS } from '@causeway/core/contracts/fundraiser-paths';
import { centsFromDollars } from '@causeway/core/donations/donation.rules';
import {
  FUNDRAISER_HEADLINE_MAX_LENGTH,
  FUNDRAISER_STORY_MAX_LENGTH,
} from '@causeway/core/promotion/fundraiser-page.entity';
import { ApiError, apiRequest } from '@causeway/shells/shared/http';
import { LIVE_QUERY_KEYS } from '@causeway/shells/shared/live-queries';
import { QrCodeDownloads } from '@causeway/shells/shared/ui/qr-code';

const ownKey = (campaignId: string) => [...LIVE_QUERY_KEYS.campaigns, campaignId, 'fundraisers', 'me'] as const;

/** The promoter's page for a campaign, or null when they have none yet. */
function useOwnFundraiserPage(campaignId: string) {
  return useQuery({
    queryKey: ownKey(campaignId),
    queryFn: async () => {
      try {
        return (await apiRequest<{ page: FundraiserPageView }>('GET', FUNDRAISER_PATHS.own(campaignId))).page;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
  });
}

async function uploadPhoto(campaignId: string, file: File): Promise<FundraiserPageView> {
  const response = await fetch(`${FUNDRAISER_PATHS.own(campaignId)}/photo`, {
    method: 'PUT',
    credentials: 'same-origin',
    headers: { accept: 'application/json', 'content-type': file.type || 'application/octet-stream' },
    body: file,
  });
  const body = (await response.json().catch(() => ({}))) as {
    page?: FundraiserPageView;
    error?: { code?: string; message?: string; fields?: Record<string, string> };
  };
  if (!response.ok || !body.page) {
    throw new ApiError(
      response.status,
      body.error?.code ?? 'error',
      body.error?.message ?? 'The photo could not be saved.',
      body.error?.fields ?? {},
    );
  }
  return body.page;
}

/** Making or editing one's fundraising page for a campaign one promotes, with its progress. */
export function FundraiserPageEditor({ campaignId }: { campaignId: string }) {
  const own = useOwnFundraiserPage(campaignId);
  if (own.isPending) return <p className="cw-fundraiser-editor__note">Loading your fundraising page…</p>;
  if (own.isError) return <p className="cw-field__error">Your fundraising page couldn’t be loaded.</p>;
  return <EditorForm campaignId={campaignId} page={own.data} />;
}

function EditorForm({ campaignId, page }: { campaignId: string; page: FundraiserPageView | null }) {
  const queryClient = useQueryClient();
  const ids = { headline: useId(), story: useId(), goal: useId(), board: useId(), photo: useId() };
  const [headline, setHeadline] = useState(page?.headline ?? '');
  const [story, setStory] = useState(page?.story ?? '');
  const [goal, setGoal] = useState(page ? String(page.goalCents / 100) : '');
  const [showOnLeaderboard, setShowOnLeaderboard] = useState(page?.showOnLeaderboard ?? true);
  const [goalProblem, setGoalProblem] = useState<string | null>(null);
  const saved = (next: FundraiserPageView) => {
    queryClient.setQueryData(ownKey(campaignId), next);
    void queryClient.invalidateQueries({ queryKey: [...LIVE_QUERY_KEYS.campaigns, campaignId] });
  };
  const save = useMutation({
    mutationFn: (body: FundraiserPageBody) =>
      apiRequest<{ page: FundraiserPageView }>('PUT', FUNDRAISER_PATHS.own(campaignId), body),
    onSuccess: ({ page: next }) => saved(next),
  });
  const photo = useMutation({ mutationFn: (file: File) => uploadPhoto(campaignId, file), onSuccess: saved });
  const fields = save.error instanceof ApiError ? save.error.fields : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = centsFromDollars(goal);
    if (cents === null) {
      setGoalProblem('Enter your personal goal in dollars, like 500.');
      return;
    }
    setGoalProblem(null);
    save.mutate({ headline, story, goalCents: cents, showOnLeaderboard });
  };

  return (
    <div className="cw-fundraiser-editor" data-testid="fundraiser-editor">
      {page && (
        <div className="cw-fundraiser-editor__status">
          <p data-testid="fundraiser-own-progress">
            <strong>{formatUsd(page.raisedCents)}</strong> raised of {formatUsd(page.goalCents)} ·{' '}
            {page.donors === 1 ? '1 donor' : `${page.donors} donors`}
          </p>
          {page.hidden ? (
            <p className="cw-field__error" role="status">
              <EyeOff size={14} aria-hidden="true" /> The campaign’s organizers hid your page: {page.hiddenReason}
            </p>
          ) : (
            <a href={FUNDRAISER_PATHS.page(campaignId, page.promoterId)} target="_blank" rel="noopener noreferrer">
              View your page <ExternalLink size={12} aria-hidden="true" />
            </a>
          )}
        </div>
      )}
      <form className="cw-fundraiser-editor__form" onSubmit={submit} noValidate>
        <div className="cw-field">
          <label className="cw-field__label" htmlFor={ids.headline}>
            Headline
          </label>
          <input
            id={ids.headline}
            className="cw-input"
            value={headline}
            maxLength={FUNDRAISER_HEADLINE_MAX_LENGTH}
            onChange={(event) => setHeadline(event.target.value)}
          />
          {fields.headline && <p className="cw-field__error">{fields.headline}</p>}
        </div>
        <div className="cw-field">
          <label className="cw-field__label" htmlFor={ids.story}>
            Why you care
          </label>
          <textarea
            id={ids.story}
            className="cw-input"
            rows={5}
            value={story}
            maxLength={FUNDRAISER_STORY_MAX_LENGTH}
            onChange={(event) => setStory(event.target.value)}
          />
          {fields.story && <p className="cw-field__error">{fields.story}</p>}
        </div>
        <div className="cw-field">
          <label className="cw-field__label" htmlFor={ids.goal}>
            Personal goal ($)
          </label>
          <input
            id={ids.goal}
            className="cw-input"
            inputMode="decimal"
            value={goal}
            maxLength={16}
            onChange={(event) => setGoal(event.target.value)}
          />
          {(goalProblem ?? fields.goalCents) && <p className="cw-field__error">{goalProblem ?? fields.goalCents}</p>}
        </div>
        <label className="cw-check" htmlFor={ids.board}>
          <input
            id={ids.board}
            type="checkbox"
            checked={showOnLeaderboard}
            onChange={(event) => setShowOnLeaderboard(event.target.checked)}
          />{' '}
          Show me among the campaign’s top fundraisers
        </label>
        {save.isError && !(save.error instanceof ApiError && Object.keys(fields).length > 0) && (
          <p className="cw-field__error" role="alert">
            {save.error.message}
          </p>
        )}
        <button type="submit" className="cw-button cw-button--primary" disabled={save.isPending}>
          {page ? 'Save your page' : 'Make your page'}
        </button>
        {save.isSuccess && <span role="status"> Saved.</span>}
      </form>
      {page && (
        <div className="cw-field">
          <label className="cw-field__label" htmlFor={ids.photo}>
            Your photo
          </label>
          <input
            id={ids.photo}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) photo.mutate(file);
            }}
          />
          {photo.isError && <p className="cw-field__error">{photo.error.message}</p>}
        </div>
      )}
      {page && (
        <div className="cw-share__qr" data-testid="fundraiser-qr">
          <h3 className="cw-share__qr-title">QR code of your page</h3>
          <QrCodeDownloads
            imagePath={FUNDRAISER_PATHS.ownQr(campaignId)}
            opens="your fundraising page"
            link={`${window.location.origin}${FUNDRAISER_PATHS.qr(campaignId, page.promoterId)}`}
            note={
              page.hidden
                ? 'While your page is hidden, a scan opens the campaign page instead; the scan and the gifts after it still count as yours.'
                : 'For flyers and posters: a scan opens your page and counts as a click on your QR code, and the gifts made on it are yours.'
            }
          />
        </div>
      )}
    </div>
  );
}
