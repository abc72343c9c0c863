import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useSyncExternalStore } from 'react';

/*
 * A history-API router of a few lines, used by the shell (top-level areas) and by each remote (its own
 * pages below its area's path): a router library shared with the remotes would be the largest thing on the page.
 */

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

const currentPathname = () => window.location.pathname;

export function usePathname(): string {
  return useSyncExternalStore(subscribe, currentPathname);
}

export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (to === `${window.location.pathname}${window.location.search}`) return;
  try {
    if (replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
    // The shell and each remote carry their own copy of this module: a popstate event reaches them all.
    window.dispatchEvent(new PopStateEvent('popstate'));
  } catch (error) {
    logRouteChangeError(to, error);
  }
}

/** SPEC §2: route-change errors are logged to the console. */
export function logRouteChangeError(path: string, error: unknown): void {
  console.error(`Route change to ${path} failed:`, error);
}

export function isActivePath(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

export function Link({ to, onClick, target, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== '_self')) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}

/** A link that marks itself as the current page (`aria-current`) when its area is open. */
export function NavLink({ to, className, ...rest }: LinkProps) {
  const active = isActivePath(usePathname(), to);
  return (
    <Link
      {...rest}
      to={to}
      className={[className, active ? 'is-active' : ''].filter(Boolean).join(' ')}
      aria-current={active ? 'page' : undefined}
    />
  );
}

const currentSearch = () => window.location.search;

/** The query string's parameters; re-renders when the location changes. */
export function useSearchParams(): URLSearchParams {
  const search = useSyncExternalStore(subscribe, currentSearch);
  return new URLSearchParams(search);
}
