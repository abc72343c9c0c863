import { LoaderCircle, LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Branding } from '@causeway/core/contracts/branding.contract';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { displayName, roleLabel, sessionRole } from '@causeway/shells/shared/roles';
import { NavLink, Link } from '@causeway/shells/shared/router';
import { brandingTheme, logoUrl } from '../branding/branding';
import '../branding/branding.css';
import { NotificationBell } from '../notifications/notification-bell';
import { useBranding, useSignOut } from '../session/use-session';
import { Brand } from './brand';
import { Footer } from './footer';
import { navigationFor, PROFILE_PATH } from './navigation';
import './app-frame.css';

function initials(user: SessionUser): string {
  const letters = `${user.fName.charAt(0)}${user.lName.charAt(0)}`.trim();
  return (letters === '' ? user.email.charAt(0) : letters).toUpperCase();
}

function UserBadge({ user }: { user: SessionUser }) {
  return (
    <NavLink to={PROFILE_PATH} className="cw-user" data-testid="session-user" title="Your profile">
      {user.avatar ? (
        <img className="cw-user__avatar" src={user.avatar} alt="" />
      ) : (
        <span className="cw-user__avatar" aria-hidden="true">
          {initials(user)}
        </span>
      )}
      <span className="cw-user__text">
        <span className="cw-user__name">{displayName(user)}</span>
        <span className="cw-user__meta">
          <span className="cw-user__role">{roleLabel(sessionRole(user))}</span>
          {user.demoUser && <span className="cw-badge cw-badge--demo">Demo</span>}
        </span>
      </span>
      <span className="cw-visually-hidden">, your profile</span>
    </NavLink>
  );
}

function OrganizationLogo({ branding }: { branding: Branding | null }) {
  const src = logoUrl(branding);
  if (!branding || !src) return null;
  return (
    <span className="cw-header__org">
      <img className="cw-header__org-logo" src={src} alt={branding.name} />
    </span>
  );
}

/** The signed-in frame: header with navigation by role, the user and sign-out, then the open area. */
export function AppLayout({ user, children }: { user: SessionUser; children: ReactNode }) {
  const signOut = useSignOut();
  const branding = useBranding();
  const theme = brandingTheme(branding);
  const navigation = navigationFor(user);
  const rootClass = [
    'cw-app',
    theme.header && 'cw-app--branded-header',
    theme.footer && 'cw-app--branded-footer',
    theme.background && 'cw-app--branded-background',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={rootClass} style={theme.style} data-organization={branding?.organizationId}>
      <a className="cw-skip-link" href="#main">
        Skip to content
      </a>
      <header className="cw-header">
        <div className="cw-header__inner">
          <Link to="/" className="cw-header__brand" aria-label="Causeway home">
            <Brand />
          </Link>
          <OrganizationLogo branding={branding} />
          <nav className="cw-nav" aria-label="Main">
            {navigation.map((area) => (
              <NavLink key={area.id} to={area.path} className="cw-nav__link">
                {area.label}
              </NavLink>
            ))}
          </nav>
          <div className="cw-header__end">
            <NotificationBell userId={user.uid} />
            <UserBadge user={user} />
            <button
              type="button"
              className="cw-button cw-button--ghost"
              onClick={() => signOut.mutate()}
              disabled={signOut.isPending}
            >
              {signOut.isPending ? (
                <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
              ) : (
                <LogOut size={16} aria-hidden="true" />
              )}
              Sign out
            </button>
          </div>
        </div>
        {signOut.isError && (
          <p className="cw-header__error" role="alert">
            {signOut.error.message}
          </p>
        )}
      </header>
      <main id="main" className="cw-main" tabIndex={-1}>
        {children}
      </main>
      <Footer branding={branding} />
    </div>
  );
}
