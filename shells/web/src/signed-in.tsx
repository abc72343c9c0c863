import { Lock } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { AppLayout } from './layout/app-layout';
import { areaAt, navigationFor, PROFILE_PATH } from './layout/navigation';
import { RemoteOutlet } from './remotes/remote-outlet';
import { Link, navigate, usePathname } from '@causeway/shells/shared/router';

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

/** The signed-in app: the layout with its menus, and the area (a remote) or the profile at the address. */
export function SignedIn({ user }: { user: SessionUser }) {
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
