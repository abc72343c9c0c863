import { CircleAlert, RefreshCw } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { campaignIdAt, receiptCampaignIdAt } from '@causeway/shells/shared/campaign-page/campaign-page.rules';
import { Brand } from './layout/brand';
import { CampaignPageOutlet } from './remotes/campaign-page-outlet';
import { FundraiserPageOutlet } from './remotes/fundraiser-page-outlet';
import { fundraiserAt } from '@causeway/core/contracts/fundraiser-paths';
import { GiftsPageOutlet } from './remotes/gifts-page-outlet';
import { MY_GIFTS_PATH } from '@causeway/core/contracts/donor-gifts-paths';
import { RemoteBoundary } from './remotes/remote-outlet';
import { usePathname } from '@causeway/shells/shared/router';
import { useSession } from './session/use-session';
import { FORGOT_PASSWORD_PATH, RESET_PASSWORD_PATH, SIGN_UP_PATH } from './public-paths';

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

// Pages few visits open load when first opened: the sign-up of an invitation, the password reset (with
// the API's password rule, and the schema library under it).
const SignUpPage = lazy(() => import('./sign-up/sign-up-page').then(({ SignUpPage }) => ({ default: SignUpPage })));
const SignedInOnInvitation = lazy(() =>
  import('./sign-up/sign-up-page').then(({ SignedInOnInvitation }) => ({ default: SignedInOnInvitation })),
);
const ForgotPasswordPage = lazy(() =>
  import('./password-reset/password-reset-pages').then(({ ForgotPasswordPage }) => ({ default: ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./password-reset/password-reset-pages').then(({ ResetPasswordPage }) => ({ default: ResetPasswordPage })),
);

// The signed-in screens and the sign-in page are not part of the public campaign page's load: they come
// in their own chunks, fetched at once (beside the session check) anywhere else.
const loadSignedIn = () => import('./signed-in');
const loadSignInPage = () => import('./sign-in/sign-in-page');
const SignedIn = lazy(() => loadSignedIn().then(({ SignedIn }) => ({ default: SignedIn })));
const SignInPage = lazy(() => loadSignInPage().then(({ SignInPage }) => ({ default: SignInPage })));
if (typeof window !== 'undefined') {
  const pathname = window.location.pathname;
  if (
    campaignIdAt(pathname) === null &&
    receiptCampaignIdAt(pathname) === null &&
    fundraiserAt(pathname) === null &&
    pathname !== MY_GIFTS_PATH
  ) {
    // A failed fetch here is tried again when the screen is shown.
    loadSignedIn().catch(() => undefined);
    loadSignInPage().catch(() => undefined);
  }
}

/** A page whose code loads when first opened, behind the loading screen; code that fails to load says so. */
function Lazily({ page }: { page: ReactNode }) {
  const pathname = usePathname();
  return (
    <RemoteBoundary area={{ label: 'This page', path: pathname }}>
      <Suspense fallback={<LoadingScreen />}>{page}</Suspense>
    </RemoteBoundary>
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
  // A promoter's fundraising page is as public as the campaign's.
  const fundraiser = fundraiserAt(pathname);
  if (fundraiser !== null) return <FundraiserPageOutlet {...fundraiser} user={session.data} />;
  // A donor's own gifts need no account: the page and its form are for everyone.
  if (pathname.replace(/\/$/, '') === MY_GIFTS_PATH) return <GiftsPageOutlet />;
  // A reset link works whoever is signed in on this browser; asking for one needs no session either.
  if (pathname === RESET_PASSWORD_PATH) return <Lazily page={<ResetPasswordPage />} />;
  if (pathname === FORGOT_PASSWORD_PATH) return <Lazily page={<ForgotPasswordPage />} />;
  if (session.isPending) return <LoadingScreen />;
  if (session.isError) return <SessionError message={session.error.message} retry={() => void session.refetch()} />;
  if (session.data === null) return <Lazily page={onSignUp ? <SignUpPage /> : <SignInPage />} />;
  if (onSignUp) return <Lazily page={<SignedInOnInvitation email={session.data.email} />} />;
  return <Lazily page={<SignedIn user={session.data} />} />;
}
