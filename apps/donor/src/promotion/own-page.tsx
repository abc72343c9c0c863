import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '@causeway/shells/shared/router';
import { LoadingSkeleton } from '@causeway/shells/shared/ui/states';
import { LoadFailed } from './load-failed';
import { DISCOVER_PATH } from './promotion-paths';
import './promotion.css';

/**
 * A page of one's own under Discover (My promotions, My donations): the way back, the title, and the
 * list's loading, failed and empty states; `children` is shown once there is something to list.
 */
export function OwnPage<T>({
  eyebrow,
  title,
  intro,
  query,
  loading,
  failed,
  isEmpty,
  empty,
  emptyAction,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  query: { isPending: boolean; isError: boolean; error: Error | null; data: T | undefined; refetch: () => unknown };
  loading: string;
  failed: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  emptyAction: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <div className="cw-promotions">
      <Link to={DISCOVER_PATH} className="cw-promotions__back">
        <ArrowLeft size={16} aria-hidden="true" />
        Discover
      </Link>
      <header className="cw-promotions__header">
        <p className="cw-eyebrow">{eyebrow}</p>
        <h1 className="cw-promotions__title">{title}</h1>
        <p className="cw-promotions__intro">{intro}</p>
      </header>
      {query.isPending && <LoadingSkeleton label={loading} />}
      {query.isError && query.error && (
        <LoadFailed title={failed} error={query.error} retry={() => void query.refetch()} />
      )}
      {query.data !== undefined &&
        (isEmpty(query.data) ? (
          <div className="cw-card cw-promotions__empty">
            <p>{empty}</p>
            <Link to={DISCOVER_PATH} className="cw-button cw-button--primary">
              {emptyAction}
            </Link>
          </div>
        ) : (
          children(query.data)
        ))}
    </div>
  );
}
