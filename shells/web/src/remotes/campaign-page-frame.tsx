import type { ReactNode } from 'react';
import { Link } from '@causeway/shells/shared/router';
import { Brand } from '../layout/brand';
import { Footer } from '../layout/footer';

/**
 * The slim frame of the public campaign page: the brand, a header action and the footer around the
 * page. The server paints the same frame (with the campaign inside) before any script runs.
 */
export function CampaignPageFrame({ action, children }: { action?: ReactNode; children: ReactNode }) {
  return (
    <div className="cw-app cw-app--public">
      <a className="cw-skip-link" href="#main">
        Skip to content
      </a>
      <header className="cw-header">
        <div className="cw-header__inner">
          <Link to="/" className="cw-header__brand" aria-label="Causeway home">
            <Brand />
          </Link>
          <div className="cw-header__end">{action}</div>
        </div>
      </header>
      <main id="main" className="cw-main" tabIndex={-1}>
        {children}
      </main>
      <Footer branding={null} />
    </div>
  );
}
