import { CircleAlert, RefreshCw } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Component, lazy, Suspense } from 'react';
import type { SessionUser } from '@causeway/core/users/user.entity';
import type { Area } from '../layout/navigation';
import { logRouteChangeError } from '@causeway/shells/shared/router';

type RootPage = ComponentType<{ user: SessionUser }>;

// Literal specifiers, so the federation build knows every remote module the shell may ask for.
const remotePages: Record<string, RootPage> = {
  'campaigner/App': lazy(() => import('campaigner/App')),
  'donor/App': lazy(() => import('donor/App')),
  'admin/App': lazy(() => import('admin/App')),
  'admin/Approvals': lazy(() => import('admin/Approvals')),
  'reporting/App': lazy(() => import('reporting/App')),
};

function pageOf(area: Area): RootPage | undefined {
  return remotePages[`${area.remote}/${area.module.slice(2)}`];
}

/** What a boundary names and logs: an area, or any other page a remote renders. */
type BoundaryProps = { area: Pick<Area, 'label' | 'path'>; children: ReactNode };

/** Keeps a remote that fails to load or render inside its own area, so the shell stays usable. */
export class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    logRouteChangeError(this.props.area.path, error);
  }

  override render() {
    return this.state.failed ? <RemoteUnavailable area={this.props.area} /> : this.props.children;
  }
}

function RemoteUnavailable({ area }: { area: Pick<Area, 'label'> }) {
  return (
    <section className="cw-card cw-notice cw-notice--error" role="alert">
      <CircleAlert className="cw-notice__icon" size={22} aria-hidden="true" />
      <div>
        <h1 className="cw-notice__title">{area.label} couldn't be loaded</h1>
        <p className="cw-notice__text">
          This part of Causeway is unavailable right now. The rest of the app still works; try again in a moment.
        </p>
        {/* A failed module load is cached by the module system, so only a fresh page retries it. */}
        <button type="button" className="cw-button cw-button--secondary" onClick={() => window.location.reload()}>
          <RefreshCw size={16} aria-hidden="true" />
          Try again
        </button>
      </div>
    </section>
  );
}

function RemoteLoading({ area }: { area: Area }) {
  return (
    <div className="cw-skeleton" aria-busy="true" aria-live="polite">
      <span className="cw-visually-hidden">Loading {area.label}…</span>
      <div className="cw-skeleton__line cw-skeleton__line--short" />
      <div className="cw-skeleton__line cw-skeleton__line--title" />
      <div className="cw-skeleton__grid">
        <div className="cw-skeleton__block" />
        <div className="cw-skeleton__block" />
      </div>
    </div>
  );
}

/** Renders an area's remote page for the signed-in user. */
export function RemoteOutlet({ area, user }: { area: Area; user: SessionUser }) {
  const Page = pageOf(area);
  return (
    <RemoteBoundary key={area.id} area={area}>
      <Suspense fallback={<RemoteLoading area={area} />}>
        {Page ? <Page user={user} /> : <RemoteUnavailable area={area} />}
      </Suspense>
    </RemoteBoundary>
  );
}
