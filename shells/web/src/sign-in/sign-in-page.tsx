import { CircleAlert, HandHeart, LoaderCircle, Megaphone, ShieldCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { ApiError } from '@causeway/shells/shared/http';
import { Link } from '@causeway/shells/shared/router';
import { Brand } from '../layout/brand';
import { useBotCheckPhase } from '@causeway/shells/shared/bot-check/bot-check';
import { FORGOT_PASSWORD_PATH } from '../public-paths';
import { useSignIn } from '../session/use-session';
import './sign-in.css';

const highlights = [
  { icon: HandHeart, text: 'Raise funds for your cause with campaigns donors can trust.' },
  { icon: Megaphone, text: 'Publish approved campaigns as ads that reach the right people.' },
  { icon: ShieldCheck, text: 'Card payments and approvals built in, every step on record.' },
];

export function SignInPage() {
  const signIn = useSignIn();
  const checking = useBotCheckPhase() === 'checking';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const ids = { email: useId(), password: useId(), emailError: useId(), passwordError: useId(), title: useId() };

  const fieldErrors = signIn.error instanceof ApiError ? signIn.error.fields : {};
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    signIn.mutate({ email: email.trim(), password });
  };

  return (
    <div className="cw-signin">
      <section className="cw-signin__story" aria-hidden="true">
        <Brand inverse />
        <div className="cw-signin__pitch">
          <h2 className="cw-signin__headline">Fundraising that reaches further.</h2>
          <ul className="cw-signin__highlights">
            {highlights.map(({ icon: Icon, text }) => (
              <li key={text}>
                <span className="cw-signin__highlight-icon">
                  <Icon size={18} />
                </span>
                {text}
              </li>
            ))}
          </ul>
        </div>
        <p className="cw-signin__footnote">Causeway · campaigns for nonprofits</p>
      </section>
      <main className="cw-signin__panel">
        <div className="cw-signin__card">
          <div className="cw-signin__mobile-brand">
            <Brand />
          </div>
          <h1 id={ids.title} className="cw-signin__title">
            Sign in to Causeway
          </h1>
          <p className="cw-signin__subtitle">Welcome back. Use the e-mail address your invitation was sent to.</p>
          <div className="cw-signin__alert-region" aria-live="assertive" aria-atomic="true">
            {signIn.isError && (
              <p className="cw-alert" role="alert">
                <CircleAlert size={18} aria-hidden="true" />
                <span>{signIn.error.message}</span>
              </p>
            )}
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
                required
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={fieldErrors.email ? true : undefined}
                aria-describedby={fieldErrors.email ? ids.emailError : undefined}
              />
              {fieldErrors.email && (
                <p id={ids.emailError} className="cw-field__error">
                  {fieldErrors.email}
                </p>
              )}
            </div>
            <div className="cw-field">
              <label className="cw-field__label" htmlFor={ids.password}>
                Password
              </label>
              <input
                id={ids.password}
                className="cw-input"
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={fieldErrors.password ? true : undefined}
                aria-describedby={fieldErrors.password ? ids.passwordError : undefined}
              />
              {fieldErrors.password && (
                <p id={ids.passwordError} className="cw-field__error">
                  {fieldErrors.password}
                </p>
              )}
            </div>
            <Link to={FORGOT_PASSWORD_PATH} className="cw-signin__forgot">
              Forgot password?
            </Link>
            <button type="submit" className="cw-button cw-button--primary cw-button--block" disabled={signIn.isPending}>
              {signIn.isPending && <LoaderCircle className="cw-spin" size={18} aria-hidden="true" />}
              {signIn.isPending ? (checking ? 'Checking you’re a person…' : 'Signing in…') : 'Sign in'}
            </button>
          </form>
          <p className="cw-signin__help">New here? Ask your organization for an invitation e-mail.</p>
        </div>
      </main>
    </div>
  );
}
