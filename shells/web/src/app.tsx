import { CircleAlert, Lock, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import type { SessionUser } from '../../../core/users/user.entity';
import { campaignIdAt, receiptCampaignIdAt } from '../../shared/campaign-page/campaign-page.rules';
import { AppLayout } from './layout/app-layout';
import { Brand } from './layout/brand';
import { areaAt, navigationFor, PROFILE_PATH } from './layout/navigation';
import { CampaignPageOutlet } from './remotes/campaign-page-outlet';
import { RemoteOutlet } from './remotes/remote-outlet';
import { Link, navigate, usePathname } from '../../shared/router';
import { useSession } from './session/use-session';
import { SignInPage } from './sign-in/sign-in-page';
import {
  FORGOT_PASSWORD_PATH,
  ForgotPasswordPage,
  RESET_PASSWORD_PATH,
  ResetPasswordPage,
} from './password-reset/password-reset-pages';
import { SIGN_UP_PATH, SignedInOnInvitation, SignUpPage } from './sign-up/sign-up-page';

function LoadingScreen() {
  return (
    <div className="cw-splash" role="status" aria-live="polite">
      <Brand />
      <span className="cw-splash__bar" aria-hidden="true" />
      <span className="cw-visually-hidden">Loading your session…</span>
    </div>
  );
}

function SessionError({ message, retry }: { message: string; retry: () => void }) {
  return (
    <div className="cw-splash">
      <Brand />
      <section className="cw-card cw-notice cw-notice--error cw-splash__card" role="alert">
        <CircleAlert className="cw-notice__icon" size={22} aria-hidden="true" />
        <div>
          <h1 className="cw-notice__title">We couldn't check your session</h1>
          <p className="cw-notice__text">{message}</p>
          <button type="button" className="cw-button cw-button--secondary" onClick={retry}>
            <RefreshCw size={16} aria-hidden="true" />
            Try again
          </button>
        </div>
      </section>
    </div>
  );
}

function AreaNotAvailable({ home }: { home: string }) {
  return (
    <section className="cw-card cw-notice">
      <Lock className="cw-notice__icon" size={22} aria-hidden="true" />
      <div>
        <h1 className="cw-notice__title">This area isn't part of your account</h1>
        <p className="cw-notice__text">
          Your role doesn't include this page. Everything you can use is in the menu above.
        </p>
        <Link to={home} className="cw-button cw-button--secondary">
          Go to your home page
        </Link>
      </div>
    </section>
  );
}

const ProfilePage = lazy(() => import('./profile/profile-page').then(({ ProfilePage }) => ({ default: ProfilePage })));

function SignedIn({ user }: { user: SessionUser }) {
  const pathname = usePathname();
  const navigation = navigationFor(user);
  const home = navigation[0]?.path ?? '/';
  const onProfile = pathname === PROFILE_PATH;
  const area = areaAt(pathname);
  const allowed = area !== undefined && navigation.some(({ id }) => id === area.id);

  useEffect(() => {
    if (!onProfile && area === undefined && pathname !== home) navigate(home, { replace: true });
  }, [onProfile, area, pathname, home]);

  return (
    <AppLayout user={user}>
      {onProfile ? (
        <Suspense fallback={<span className="cw-visually-hidden">Loading your profile…</span>}>
          <ProfilePage user={user} />
        </Suspense>
      ) : area === undefined ? null : allowed ? (
        <RemoteOutlet area={area} user={user} />
      ) : (
        <AreaNotAvailable home={home} />
      )}
    </AppLayout>
  );
}

/** The three session states: checking, signed out, signed in. */
export function App() {
  const session = useSession();
  const pathname = usePathname();
  const onSignUp = pathname === SIGN_UP_PATH;
  // The public campaign page (SPEC §2) is for everyone and does not wait for the session.
  const receiptOf = receiptCampaignIdAt(pathname);
  const campaignId = campaignIdAt(pathname) ?? receiptOf;
  if (campaignId !== null)
    return <CampaignPageOutlet campaignId={campaignId} user={session.data} receipt={receiptOf !== null} />;
  // A reset link works whoever is signed in on this browser; asking for one needs no session either.
  if (pathname === RESET_PASSWORD_PATH) return <ResetPasswordPage />;
  if (pathname === FORGOT_PASSWORD_PATH) return <ForgotPasswordPage />;
  if (session.isPending) return <LoadingScreen />;
  if (session.isError) return <SessionError message={session.error.message} retry={() => void session.refetch()} />;
  if (session.data === null) return onSignUp ? <SignUpPage /> : <SignInPage />;
  if (onSignUp) return <SignedInOnInvitation email={session.data.email} />;
  return <SignedIn user={session.data} />;
}
