import { Check, Eye, Loader2, Mail } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  APPRECIATION_LIMITS,
  emailThankYou,
  pageThankYou,
  type ThankYouMessage,
} from '@causeway/core/appreciations/appreciation-message.rules';
import { AppreciationBody, type AppreciationView } from '@causeway/core/contracts/appreciation.contract';
import { ApiError } from '@causeway/shells/shared/http';
import { ErrorPanel } from '@causeway/shells/shared/ui/states';
import { useAppreciation, useSaveAppreciation } from './reach.api';
import { ListSkeleton } from '../ui/states';
import { ReachFrame } from './reach-frame';
import { maxLengthOf } from '@causeway/core/contracts/max-length';

type Settings = AppreciationView['settings'];
/** The form's fields: the header address is text while edited. */
type Form = Omit<Settings, 'emailHeaderUrl'> & { emailHeaderUrl: string };

/** Who the preview thanks: a made-up donor, so campaigners see each choice at work. */
export const SAMPLE_DONOR = { donorName: 'Jordan Lee', amountCents: 50_00 } as const;

const formOf = (settings: Settings): Form => ({ ...settings, emailHeaderUrl: settings.emailHeaderUrl ?? '' });
const bodyOf = (form: Form) => ({ ...form, emailHeaderUrl: form.emailHeaderUrl.trim() || null });

/** Field → message, from the shared contract (the API checks with the same schema). */
function problemsOf(form: Form): Record<string, string> {
  const result = AppreciationBody.safeParse(bodyOf(form));
  if (result.success) return {};
  const problems: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    problems[field] ??= issue.message;
  }
  return problems;
}

function Checkbox({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <label className="cw-thanks__check">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
      {label}
    </label>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="cw-field__error">
      {message}
    </p>
  );
}

function MessageText({ message }: { message: ThankYouMessage }) {
  return (
    <>
      <p className="cw-thanks__greeting">{message.greeting}</p>
      {message.summary && <p className="cw-thanks__summary">{message.summary}</p>}
      {message.paragraphs.map((paragraph, index) => (
        <p key={index} className="cw-thanks__paragraph">
          {paragraph}
        </p>
      ))}
    </>
  );
}

function PreviewCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <section className="cw-card cw-thanks__preview" aria-label={title}>
      <h2 className="cw-card__title cw-thanks__preview-title">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

function Editor({ campaignId, view }: { campaignId: string; view: AppreciationView }) {
  const [form, setForm] = useState<Form>(() => formOf(view.settings));
  const [submitted, setSubmitted] = useState(false);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  const save = useSaveAppreciation(campaignId);
  const ids = { page: useId(), email: useId(), url: useId(), errors: useId() };

  // Settings saved elsewhere (another tab, a colleague) replace the form only while it has no edits.
  const base = useRef(view.settings);
  useEffect(() => {
    if (view.settings === base.current) return;
    const untouched = JSON.stringify(form) === JSON.stringify(formOf(base.current));
    base.current = view.settings;
    if (untouched) setForm(formOf(view.settings));
  }, [view.settings, form]);

  const problems = useMemo(() => problemsOf(form), [form]);
  const serverProblems = save.error instanceof ApiError ? save.error.fields : {};
  const shown: Record<string, string | undefined> = submitted ? { ...serverProblems, ...problems } : {};
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setSavedAt(null);
    setForm((current) => ({ ...current, [key]: value }));
  };

  const context = { campaignName: view.campaignName, ...SAMPLE_DONOR };
  const preview = bodyOf(form);
  const page = pageThankYou(preview, context);
  const email = emailThankYou(preview, {
    ...context,
    campaignHeaderImage: view.campaignHeaderImage,
    organizationName: view.organizationName,
  });
  const disabled = !view.canEdit || save.isPending;

  return (
    <div className="cw-thanks">
      <form
        className="cw-thanks__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (Object.keys(problems).length > 0) return;
          save.mutate(AppreciationBody.parse(bodyOf(form)), {
            onSuccess: (saved) => {
              // The form holds what was saved: it is the new starting point.
              base.current = saved.settings;
              setSavedAt(saved.updateDate);
            },
          });
        }}
      >
        {!view.canEdit && (
          <p className="cw-thanks__readonly" role="note">
            Only the person who owns this campaign, or your organization’s admin, can change these messages.
          </p>
        )}
        <fieldset className="cw-card cw-thanks__section" disabled={disabled}>
          <legend className="cw-thanks__legend">Receipt page</legend>
          <p className="cw-thanks__hint">What donors read on the page they see right after paying.</p>
          <div className="cw-field">
            <label className="cw-field__label" htmlFor={ids.page}>
              Message on the receipt page
            </label>
            <textarea
              id={ids.page}
              className="cw-input cw-thanks__textarea"
              rows={5}
              value={form.pageMessage}
              maxLength={maxLengthOf(AppreciationBody.shape.pageMessage)}
              placeholder="Leave empty for our default thank-you."
              aria-invalid={shown.pageMessage ? true : undefined}
              aria-describedby={shown.pageMessage ? `${ids.page}-error` : undefined}
              onChange={(event) => set('pageMessage', event.currentTarget.value)}
            />
            <p className="cw-thanks__count">
              {form.pageMessage.trim().length.toLocaleString('en-US')} /{' '}
              {APPRECIATION_LIMITS.pageMessageMax.toLocaleString('en-US')}
            </p>
            <FieldError id={`${ids.page}-error`} message={shown.pageMessage} />
          </div>
          <div className="cw-thanks__checks" role="group" aria-label="The receipt page includes">
            <Checkbox
              label="Campaign name"
              checked={form.includePageCampaignName}
              onChange={(value) => set('includePageCampaignName', value)}
            />
            <Checkbox
              label="Donor’s name"
              checked={form.includePageDonorName}
              onChange={(value) => set('includePageDonorName', value)}
            />
            <Checkbox
              label="Amount given"
              checked={form.includePageDonorAmount}
              onChange={(value) => set('includePageDonorAmount', value)}
            />
          </div>
        </fieldset>

        <fieldset className="cw-card cw-thanks__section" disabled={disabled}>
          <legend className="cw-thanks__legend">E-mail to the donor</legend>
          <p className="cw-thanks__hint">Sent to each donor who gives an e-mail address, right after their gift.</p>
          <div className="cw-field">
            <label className="cw-field__label" htmlFor={ids.email}>
              Message in the e-mail
            </label>
            <textarea
              id={ids.email}
              className="cw-input cw-thanks__textarea"
              rows={6}
              value={form.emailMessage}
              maxLength={maxLengthOf(AppreciationBody.shape.emailMessage)}
              placeholder="Leave empty for our default thank-you."
              aria-invalid={shown.emailMessage ? true : undefined}
              aria-describedby={shown.emailMessage ? `${ids.email}-error` : undefined}
              onChange={(event) => set('emailMessage', event.currentTarget.value)}
            />
            <p className="cw-thanks__count">
              {form.emailMessage.trim().length.toLocaleString('en-US')} /{' '}
              {APPRECIATION_LIMITS.emailMessageMax.toLocaleString('en-US')}
            </p>
            <FieldError id={`${ids.email}-error`} message={shown.emailMessage} />
          </div>
          <div className="cw-thanks__checks" role="group" aria-label="The e-mail includes">
            <Checkbox
              label="Campaign name"
              checked={form.includeEmailCampaignName}
              onChange={(value) => set('includeEmailCampaignName', value)}
            />
            <Checkbox
              label="Donor’s name"
              checked={form.includeEmailDonorName}
              onChange={(value) => set('includeEmailDonorName', value)}
            />
            <Checkbox
              label="Amount given"
              checked={form.includeEmailDonorAmount}
              onChange={(value) => set('includeEmailDonorAmount', value)}
            />
          </div>
          <div className="cw-thanks__header-choice">
            <Checkbox
              label="Header image at the top of the e-mail"
              checked={form.includeHeaderEmail}
              onChange={(value) => {
                set('includeHeaderEmail', value);
                if (!value) set('includeCustomizedHeaderEmail', false);
              }}
            />
            {form.includeHeaderEmail && (
              <div className="cw-thanks__radios" role="radiogroup" aria-label="Which header image">
                <label className="cw-thanks__check">
                  <input
                    type="radio"
                    name={`${ids.url}-header`}
                    checked={!form.includeCustomizedHeaderEmail}
                    onChange={() => set('includeCustomizedHeaderEmail', false)}
                  />
                  The campaign’s header image{view.campaignHeaderImage ? '' : ' (this campaign has none yet)'}
                </label>
                <label className="cw-thanks__check">
                  <input
                    type="radio"
                    name={`${ids.url}-header`}
                    checked={form.includeCustomizedHeaderEmail}
                    onChange={() => set('includeCustomizedHeaderEmail', true)}
                  />
                  An image of my own
                </label>
                {form.includeCustomizedHeaderEmail && (
                  <div className="cw-field">
                    <label className="cw-field__label" htmlFor={ids.url}>
                      Address of the header image
                    </label>
                    <input
                      id={ids.url}
                      className="cw-input"
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      value={form.emailHeaderUrl}
                      maxLength={maxLengthOf(AppreciationBody.shape.emailHeaderUrl)}
                      aria-invalid={shown.emailHeaderUrl ? true : undefined}
                      aria-describedby={shown.emailHeaderUrl ? `${ids.url}-error` : undefined}
                      onChange={(event) => set('emailHeaderUrl', event.currentTarget.value)}
                    />
                    <FieldError id={`${ids.url}-error`} message={shown.emailHeaderUrl} />
                  </div>
                )}
              </div>
            )}
            <FieldError id={`${ids.url}-choice-error`} message={shown.includeCustomizedHeaderEmail} />
          </div>
        </fieldset>

        {view.canEdit && (
          <div className="cw-thanks__save">
            <button type="submit" className="cw-button cw-button--primary" disabled={save.isPending}>
              {save.isPending && <Loader2 className="cw-spin" size={16} aria-hidden="true" />}
              Save messages
            </button>
            <p className="cw-thanks__status" role="status" aria-live="polite">
              {savedAt ? (
                <>
                  <Check size={16} aria-hidden="true" /> Saved. Donors are thanked with these messages from now on.
                </>
              ) : view.saved ? null : (
                'Not saved yet: donors get our default thank-you until you save.'
              )}
            </p>
            {save.isError && (
              <p className="cw-field__error" role="alert" id={ids.errors}>
                {save.error.message}
              </p>
            )}
          </div>
        )}
      </form>

      <div className="cw-thanks__previews" aria-live="polite">
        <p className="cw-thanks__preview-note">Preview with a sample gift of $50.00 from {SAMPLE_DONOR.donorName}.</p>
        <PreviewCard icon={<Eye size={16} aria-hidden="true" />} title="Receipt page preview">
          <div className="cw-thanks__page" data-testid="page-preview">
            <MessageText message={page} />
          </div>
        </PreviewCard>
        <PreviewCard icon={<Mail size={16} aria-hidden="true" />} title="E-mail preview">
          <div className="cw-thanks__mail" data-testid="email-preview">
            <p className="cw-thanks__mail-subject">
              <span>Subject</span> {email.subject}
            </p>
            {email.headerImageUrl ? (
              <img className="cw-thanks__mail-header" src={email.headerImageUrl} alt="The e-mail's header image" />
            ) : null}
            <MessageText message={email} />
            <p className="cw-thanks__signature">— {email.signature}</p>
          </div>
        </PreviewCard>
      </div>
    </div>
  );
}

/** A live campaign's thank-you messages, edited beside a live preview of the page and the e-mail. */
export function AppreciationEditorPage({ campaignId }: { campaignId: string }) {
  const appreciation = useAppreciation(campaignId);
  return (
    <ReachFrame campaignId={campaignId} campaignName={appreciation.data?.campaignName}>
      {appreciation.isPending && <ListSkeleton label="Loading the thank-you messages…" />}
      {appreciation.isError && (
        <ErrorPanel
          title="The thank-you messages couldn’t be loaded"
          error={appreciation.error}
          onRetry={() => void appreciation.refetch()}
        />
      )}
      {appreciation.data && <Editor campaignId={campaignId} view={appreciation.data} />}
    </ReachFrame>
  );
}
