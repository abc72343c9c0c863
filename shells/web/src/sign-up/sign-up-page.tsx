import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Clock3, LinkIcon, LoaderCircle, Lock, LogIn, RefreshCw, UserRoundCheck } from 'lucide-react';
import type { CSSProperties, FormEvent, ReactNode } from 'react';
import { useId, useState } from 'react';
import type { Branding } from '@causeway/core/contracts/branding.contract';
import { ApiError } from '@causeway/shells/shared/http';
import { Link, navigate, useSearchParams } from '@causeway/shells/shared/router';
import { readableTextOn, toRgb } from '../branding/branding';
import { Brand } from '../layout/brand';
import { useBotCheckPhase } from '@causeway/shells/shared/bot-check/bot-check';
import { sessionQueryKey, useSignOut, type Session } from '../session/use-session';
import { checkInvitation, signUp, type Invitation } from './sign-up.api';
import './sign-up.css';

const MIN_PASSWORD_LENGTH = 10;

/** Only web images are shown (no script or data of unknown kind). */
function imageUrl(value: string | null | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/** The story panel in the organization's colors, with its login image when it has one. */
function storyStyle(branding: Branding | null | undefined): CSSProperties {
  const style: CSSProperties = {};
  const header = toRgb(branding?.headerColor ?? null);
  if (header) {
    style.background = `rgb(${header.join(' ')})`;
    style.color = readableTextOn(header);
  }
  const image = imageUrl(branding?.imageLogin);
  if (image) {
    style.backgroundImage = `linear-gradient(180deg, rgb(0 0 0 / 15%), rgb(0 0 0 / 70%)), url(${JSON.stringify(image)})`;
    style.backgroundSize = 'cover';
    style.backgroundPosition = 'center';
    style.color = '#ffffff';
  }
  return style;
}

/** First name and the rest, from the name the inviter wrote. */
function splitName(name: string | undefined): { fName: string; lName: string } {
  const [first = '', ...rest] = (name ?? '').trim().split(/\s+/);
  return { fName: first, lName: rest.join(' ') };
}

function Frame({ branding, children }: { branding?: Branding | null; children: ReactNode }) {
  const logo = imageUrl(branding?.logo);
  return (
    <div className="cw-signin">
      <section
        className={`cw-signin__story${branding ? ' cw-signup__story--branded' : ''}`}
        style={storyStyle(branding)}
        aria-hidden="true"
      >
        <Brand inverse />
        <div className="cw-signin__pitch">
          {logo && <img className="cw-signup__org-logo" src={logo} alt="" />}
          <h2 className="cw-signin__headline">
            {branding ? `Join ${branding.name} on Causeway.` : 'Fundraising that reaches further.'}
          </h2>
          <p className="cw-signup__pitch-text">
            Campaigns, approvals, donations and reports in one place, for every cause your organization runs.
          </p>
        </div>
        <p className="cw-signin__footnote">Causeway · campaigns for nonprofits</p>
      </section>
      <main className="cw-signin__panel">
        <div className="cw-signin__card">
          <div className="cw-signin__mobile-brand">
            <Brand />
          </div>
          {children}
        </div>
      </main>
    </div>
  );
}

function Notice({
  icon,
  title,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="cw-signup__notice" role="alert">
      <span className="cw-signup__notice-icon" aria-hidden="true">
        {icon}
      </span>
      <h1 className="cw-signin__title">{title}</h1>
      <p className="cw-signin__subtitle">{children}</p>
      {action}
    </section>
  );
}

const signInLink = (
  <Link to="/" className="cw-button cw-button--secondary">
    <LogIn size={16} aria-hidden="true" />
    Go to sign in
  </Link>
);

function InvitationNotValid({ reason }: { reason: Invitation['reason'] }) {
  if (reason === 'used') {
    return (
      <Notice icon={<UserRoundCheck size={22} />} title="This invitation has been used" action={signInLink}>
        An account was already created with this link. Sign in with your e-mail address and the password you chose.
      </Notice>
    );
  }
  if (reason === 'expired') {
    return (
      <Notice icon={<Clock3 size={22} />} title="This invitation has expired">
        Invitation links work for 7 days. Ask the person who invited you to send a new one.
      </Notice>
    );
  }
  return (
    <Notice icon={<LinkIcon size={22} />} title="This invitation link isn't valid">
      It may be incomplete or may have been withdrawn. Open the link straight from the invitation e-mail, or ask the
      person who invited you for a new one.
    </Notice>
  );
}

type Fields = { fName: string; lName: string; password: string; confirmation: string };

function SignUpForm({ email, token, invitation }: { email: string; token: string; invitation: Invitation }) {
  const queryClient = useQueryClient();
  const checking = useBotCheckPhase() === 'checking';
  const [fields, setFields] = useState<Fields>(() => ({
    ...splitName(invitation.name),
    password: '',
    confirmation: '',
  }));
  const [mismatch, setMismatch] = useState(false);
  const id = useId();
  const ids = {
    title: `${id}-title`,
    email: `${id}-email`,
    fName: `${id}-fname`,
    lName: `${id}-lname`,
    password: `${id}-password`,
    confirmation: `${id}-confirmation`,
  };
  const organization = invitation.branding?.name ?? 'your organization';

  const create = useMutation({
    mutationFn: signUp,
    onSuccess: (session) => {
      // The new account lands in its own area: the shell sends '/' to the role's home.
      navigate('/', { replace: true });
      queryClient.setQueryData<Session | null>(sessionQueryKey, session);
      queryClient.removeQueries({ queryKey: ['invitation'] });
    },
  });
  const apiFields = create.error instanceof ApiError ? create.error.fields : {};
  const errors: Partial<Record<keyof Fields, string>> = {
    fName: apiFields.fName,
    lName: apiFields.lName,
    password: apiFields.password,
    confirmation: mismatch ? "The passwords don't match." : undefined,
  };
  const fieldNames = new Set(['fName', 'lName', 'password']);
  // Errors about a field of this form are shown at it; anything else (a used link, the bot check) above it.
  const formError =
    create.error && !(create.error instanceof ApiError && Object.keys(apiFields).some((name) => fieldNames.has(name)))
      ? create.error.message
      : null;

  const set = (name: keyof Fields) => (value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    if (name === 'confirmation' || name === 'password') setMismatch(false);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (fields.password !== fields.confirmation) {
      setMismatch(true);
      document.getElementById(ids.confirmation)?.focus();
      return;
    }
    create.mutate({ email, token, password: fields.password, fName: fields.fName.trim(), lName: fields.lName.trim() });
  };

  const field = (
    name: keyof Fields,
    label: string,
    input: { type: string; autoComplete: string; minLength?: number },
    hint?: string,
  ) => {
    const error = errors[name];
    const hintId = `${ids[name]}-hint`;
    const errorId = `${ids[name]}-error`;
    const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
    return (
      <div className="cw-field">
        <label className="cw-field__label" htmlFor={ids[name]}>
          {label}
        </label>
        <input
          id={ids[name]}
          className="cw-input"
          name={name}
          required
          value={fields[name]}
          onChange={(event) => set(name)(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {hint && (
          <p id={hintId} className="cw-signup__hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={errorId} className="cw-field__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <>
      <h1 id={ids.title} className="cw-signin__title">
        Create your account
      </h1>
      <p className="cw-signin__subtitle">
        You're joining <strong>{organization}</strong> on Causeway.
      </p>
      <div className="cw-signin__alert-region" aria-live="assertive" aria-atomic="true">
        {formError && (
          <p className="cw-alert" role="alert">
            <CircleAlert size={18} aria-hidden="true" />
            <span>{formError}</span>
          </p>
        )}
      </div>
      <form className="cw-form" aria-labelledby={ids.title} onSubmit={onSubmit}>
        <div className="cw-field">
          <label className="cw-field__label" htmlFor={ids.email}>
            E-mail address
          </label>
          <div className="cw-signup__readonly">
            <input
              id={ids.email}
              className="cw-input"
              type="email"
              name="email"
              autoComplete="username"
              value={email}
              readOnly
              aria-describedby={`${ids.email}-hint`}
            />
            <Lock className="cw-signup__readonly-icon" size={16} aria-hidden="true" />
          </div>
          <p id={`${ids.email}-hint`} className="cw-signup__hint">
            The address your invitation was sent to. You'll sign in with it.
          </p>
        </div>
        <div className="cw-signup__names">
          {field('fName', 'First name', { type: 'text', autoComplete: 'given-name' })}
          {field('lName', 'Last name', { type: 'text', autoComplete: 'family-name' })}
        </div>
        {field(
          'password',
          'Password',
          { type: 'password', autoComplete: 'new-password', minLength: MIN_PASSWORD_LENGTH },
          `At least ${MIN_PASSWORD_LENGTH} characters. A few words you'll remember make a strong one.`,
        )}
        {field('confirmation', 'Confirm password', {
          type: 'password',
          autoComplete: 'new-password',
          minLength: MIN_PASSWORD_LENGTH,
        })}
        <button type="submit" className="cw-button cw-button--primary cw-button--block" disabled={create.isPending}>
          {create.isPending && <LoaderCircle className="cw-spin" size={18} aria-hidden="true" />}
          {create.isPending ? (checking ? 'Checking you’re a person…' : 'Creating your account…') : 'Create account'}
        </button>
      </form>
      <p className="cw-signin__help">
        Already have an account? <Link to="/">Sign in</Link>
      </p>
    </>
  );
}

/** The page of the invitation link: checks the invitation, then creates the account. */
export function SignUpPage() {
  const params = useSearchParams();
  const email = params.get('email')?.trim() ?? '';
  const token = params.get('token')?.trim() ?? '';
  const complete = email !== '' && token !== '';
  const invitation = useQuery({
    queryKey: ['invitation', email, token],
    queryFn: () => checkInvitation(email, token),
    enabled: complete,
    retry: false,
    staleTime: Infinity,
  });

  if (!complete) {
    return (
      <Frame>
        <InvitationNotValid reason="unknown" />
      </Frame>
    );
  }
  if (invitation.isPending) {
    return (
      <Frame>
        <div className="cw-signup__checking" role="status" aria-live="polite">
          <LoaderCircle className="cw-spin" size={22} aria-hidden="true" />
          Checking your invitation…
        </div>
      </Frame>
    );
  }
  if (invitation.isError) {
    return (
      <Frame>
        <Notice
          icon={<CircleAlert size={22} />}
          title="We couldn't check your invitation"
          action={
            <button type="button" className="cw-button cw-button--secondary" onClick={() => void invitation.refetch()}>
              <RefreshCw size={16} aria-hidden="true" />
              Try again
            </button>
          }
        >
          {invitation.error.message}
        </Notice>
      </Frame>
    );
  }
  if (!invitation.data.valid) {
    return (
      <Frame>
        <InvitationNotValid reason={invitation.data.reason} />
      </Frame>
    );
  }
  return (
    <Frame branding={invitation.data.branding}>
      <SignUpForm email={email.toLowerCase()} token={token} invitation={invitation.data} />
    </Frame>
  );
}

/** An invitation link opened while someone is signed in: the invitation is for a new account. */
export function SignedInOnInvitation({ email }: { email: string }) {
  const signOut = useSignOut();
  const invited = useSearchParams().get('email')?.trim().toLowerCase() ?? '';
  return (
    <Frame>
      <Notice
        icon={<UserRoundCheck size={22} />}
        title="You're already signed in"
        action={
          <div className="cw-signup__actions">
            <button
              type="button"
              className="cw-button cw-button--primary"
              onClick={() => signOut.mutate()}
              disabled={signOut.isPending}
            >
              {signOut.isPending && <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />}
              Sign out to accept
            </button>
            <button
              type="button"
              className="cw-button cw-button--secondary"
              onClick={() => navigate('/', { replace: true })}
            >
              Go to your home page
            </button>
          </div>
        }
      >
        You're signed in as {email}.{' '}
        {invited && invited !== email
          ? `This invitation is for ${invited}: sign out first to create that account.`
          : 'This invitation is for a new account: sign out first to accept it.'}
      </Notice>
    </Frame>
  );
}
