import type { Branding } from '@causeway/core/contracts/branding.contract';
import { logoUrl } from '../branding/branding';

/** The page footer: the organization's name and logo under its branding, else the product's. */
export function Footer({ branding }: { branding: Branding | null }) {
  return (
    <footer className="cw-footer">
      <div className="cw-footer__inner">
        {branding ? (
          <span className="cw-footer__org">
            {logoUrl(branding) && <img className="cw-footer__logo" src={logoUrl(branding)!} alt="" />}
            <span className="cw-footer__name">{branding.name}</span>
          </span>
        ) : (
          <span className="cw-footer__name">Causeway</span>
        )}
        <span className="cw-footer__meta">
          {branding ? 'Powered by Causeway' : 'Fundraising and ad campaigns for nonprofits'}
        </span>
      </div>
    </footer>
  );
}
