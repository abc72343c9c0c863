import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, LoaderCircle, MailCheck } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { useId, useState } from 'react';
import {
  NEW_PASSWORD_MIN_LENGTH,
  NewPassword,
  type PasswordResetCheckResponse,
} from '@causeway/core/contracts/auth.contract';
import { ApiError, apiRequest } from '@causeway/shells/shared/http';
import { Link, useSearchParams } from '@causeway/shells/shared/router';
import { Brand } from '../layout/brand';
import { FORGOT_PASSWORD_PATH } from '../public-paths';
import './password-reset.css';

function Frame({ titleId, title, children }: { titleId: string; title: string; children: ReactNode }) {
  return (
    <div className="cw-signin">
      <section className="cw-signin__story" aria-hidden="true">
        <Brand inverse />
        <div className="cw-signin__pitch">
          <h2 className="cw-signin__headline">Fundraising that reaches further.</h2>
        </div>
        <p className="cw-signin__footnote">Causeway · campaigns for nonprofits</p>
      </section>
      <main className="cw-signin__panel">
        <div className="cw-signin__card">
          <div className="cw-signin__mobile-brand">
            <Brand />
          </div>
          <h1 id={titleId} className="cw-signin__title">
            {title}
          </h1>
          {children}
          <p className="cw-signin__help">
            <Link to="/">Back to sign-in</Link>
          </p>
        </div>
      </main>
    </div>
  );
}

function Alert({ children }: { children: ReactNode }) {
  return (
    <p className="cw-alert" role="alert">
      <CircleAlert size={18} aria-hidden="true" />
      <span>{children}</span>
    </p>
  );
}

/** Asks for a reset link: the answer is the same whether or not an account has the address. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const ids = { title: useId(), email: useId(), emailError: useId() };
  const request = useMutation({
    mutationFn: (address: string) =>
      apiRequest<{ message: string }>('POST', '/api/auth/password-reset/request', { email: address }),
  });
  const fieldError = request.error instanceof ApiError ? request.error.fields?.email : undefined;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.mutate(email.trim());
  };

  return (
    <Frame titleId={ids.title} title="Reset your password">
      <p className="cw-signin__subtitle">
        Enter the e-mail address you sign in with. We will send it a link to choose a new password.
      </p>
      <div className="cw-signin__alert-region" aria-live="polite" aria-atomic="true">
        {request.isSuccess && (
          <p className="cw-alert cw-alert--success" role="status">
            <MailCheck size={18} aria-hidden="true" />
            <span>{request.data.message}</span>
          </p>
        )}
        {request.isError && !fieldError && <Alert>{request.error.message}</Alert>}
      </div>
      <form className="cw-form" aria-labelledby={ids.title} onSubmit={onSubmit}>
        <div className="cw-field">
          <label className="cw-field__label" htmlFor={ids.email}>
            E-mail address
          </label>
          <input
            id={ids.email}
            className="cw-input"
            type="email"
            name="email"
            autoComplete="username"
            maxLength={254}
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? ids.emailError : undefined}
          />
          {fieldError && (
            <p id={ids.emailError} className="cw-field__error">
              {fieldError}
            </p>
          )}
        </div>
        <button type="submit" className="cw-button cw-button--primary cw-button--block" disabled={request.isPending}>
          {request.isPending && <LoaderCircle className="cw-spin" size={18} aria-hidden="true" />}
          {request.isPending ? 'Sending…' : 'Send the reset link'}
        </button>
      </form>
    </Frame>
  );
}

/** The page of the e-mail's link: a new password, twice. */
export function ResetPasswordPage() {
  const token = useSearchParams().get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [tooWeak, setTooWeak] = useState<string | null>(null);
  /** The same rule the server applies, said as the person leaves the field or submits. */
  const judgePassword = () => {
    const checked = NewPassword.safeParse(password);
    const message = checked.success ? null : (checked.error.issues[0]?.message ?? null);
    setTooWeak(message);
    return message === null;
  };
  const ids = {
    title: useId(),
    password: useId(),
    passwordHint: useId(),
    passwordError: useId(),
    repeat: useId(),
    repeatError: useId(),
  };
  const check = useQuery({
    queryKey: ['password-reset-check', token],
    queryFn: () => apiRequest<PasswordResetCheckResponse>('POST', '/api/auth/password-reset/check', { token }),
    enabled: token !== '',
    retry: false,
  });
  const reset = useMutation({
    mutationFn: () => apiRequest<{ email: string }>('POST', '/api/auth/password-reset', { token, password }),
  });
  const fields = reset.error instanceof ApiError ? (reset.error.fields ?? {}) : {};
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const strong = judgePassword();
    setMismatch(password !== repeat);
    if (!strong || password !== repeat) return;
    reset.mutate();
  };

  if (token === '' || (check.data && check.data.state !== 'valid')) {
    return (
      <Frame titleId={ids.title} title="This link cannot be used">
        <Alert>
          {check.data?.message ??
            'This reset link is not valid. Check that you opened the whole link from the e-mail, or ask for a new one.'}
        </Alert>
        <p className="cw-signin__help">
          <Link to={FORGOT_PASSWORD_PATH}>Ask for a new link</Link>
        </p>
      </Frame>
    );
  }

  if (reset.isSuccess) {
    return (
      <Frame titleId={ids.title} title="Your password is changed">
        <p className="cw-alert cw-alert--success" role="status">
          <CircleCheck size={18} aria-hidden="true" />
          <span>
            You can now sign in as {reset.data.email} with your new password. You were signed out everywhere else.
          </span>
        </p>
        <Link to="/" className="cw-button cw-button--primary cw-button--block">
          Sign in
        </Link>
      </Frame>
    );
  }

  const passwordError = tooWeak ?? fields.password;
  const linkError = reset.isError && !passwordError ? reset.error.message : null;
  return (
    <Frame titleId={ids.title} title="Choose a new password">
      <p className="cw-signin__subtitle">Setting a new password signs you out on every device.</p>
      <div className="cw-signin__alert-region" aria-live="assertive" aria-atomic="true">
        {linkError && <Alert>{linkError}</Alert>}
        {check.isError && <Alert>{check.error.message}</Alert>}
      </div>
      <form className="cw-form" aria-labelledby={ids.title} onSubmit={onSubmit} noValidate>
        <div className="cw-field">
          <label className="cw-field__label" htmlFor={ids.password}>
            New password
          </label>
          <input
            id={ids.password}
            className="cw-input"
            type="password"
            name="password"
            autoComplete="new-password"
            maxLength={200}
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            onBlur={() => password !== '' && judgePassword()}
            aria-invalid={passwordError ? true : undefined}
            aria-describedby={passwordError ? `${ids.passwordHint} ${ids.passwordError}` : ids.passwordHint}
          />
          <p id={ids.passwordHint} className="cw-reset__hint">
            At least {NEW_PASSWORD_MIN_LENGTH} characters.
          </p>
          {passwordError && (
            <p id={ids.passwordError} className="cw-field__error">
              {passwordError}
            </p>
          )}
        </div>
        <div className="cw-field">
          <label className="cw-field__label" htmlFor={ids.repeat}>
            New password again
          </label>
          <input
            id={ids.repeat}
            className="cw-input"
            type="password"
            name="repeat"
            autoComplete="new-password"
            maxLength={200}
            required
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
            aria-invalid={mismatch ? true : undefined}
            aria-describedby={mismatch ? ids.repeatError : undefined}
          />
          {mismatch && (
            <p id={ids.repeatError} className="cw-field__error">
              The two passwords are not the same.
            </p>
          )}
        </div>
        <button
          type="submit"
          className="cw-button cw-button--primary cw-button--block"
          disabled={reset.isPending || check.isPending}
        >
          {reset.isPending && <LoaderCircle className="cw-spin" size={18} aria-hidden="true" />}
          {reset.isPending ? 'Saving…' : 'Set the new password'}
        </button>
      </form>
    </Frame>
  );
}
