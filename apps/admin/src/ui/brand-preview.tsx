import { isHexColor, readableTextOn } from '../model/color';

export const BRAND_DEFAULTS = {
  headerColor: '#0f766e',
  footerColor: '#134e4a',
  sideBarColor: '#f1f3f5',
  backGroundColor: '#f6f7f9',
};

type BrandPreviewProps = {
  name: string;
  logoUrl: string | null;
  headerColor: string;
  footerColor: string;
  sideBarColor: string;
  backGroundColor: string;
};

const pick = (value: string, fallback: string) => (isHexColor(value.trim()) ? value.trim() : fallback);

/** A miniature of the organization's pages in its colors, updated as the colors are edited. */
export function BrandPreview({ name, logoUrl, ...colors }: BrandPreviewProps) {
  const header = pick(colors.headerColor, BRAND_DEFAULTS.headerColor);
  const footer = pick(colors.footerColor, BRAND_DEFAULTS.footerColor);
  const sidebar = pick(colors.sideBarColor, BRAND_DEFAULTS.sideBarColor);
  const background = pick(colors.backGroundColor, BRAND_DEFAULTS.backGroundColor);
  const title = name.trim() === '' ? 'Your organization' : name.trim();
  return (
    <figure className="cw-admin-preview">
      <div className="cw-admin-preview__frame" aria-hidden="true">
        <div className="cw-admin-preview__header" style={{ background: header, color: readableTextOn(header) }}>
          {logoUrl ? (
            <img className="cw-admin-preview__logo" src={logoUrl} alt="" />
          ) : (
            <span className="cw-admin-preview__mark">{title.charAt(0).toUpperCase()}</span>
          )}
          <span className="cw-admin-preview__name">{title}</span>
          <span className="cw-admin-preview__pill" style={{ borderColor: readableTextOn(header) }}>
            Donate
          </span>
        </div>
        <div className="cw-admin-preview__body">
          <div className="cw-admin-preview__sidebar" style={{ background: sidebar }}>
            {[0, 1, 2].map((line) => (
              <span key={line} className="cw-admin-preview__line" style={{ background: readableTextOn(sidebar) }} />
            ))}
          </div>
          <div className="cw-admin-preview__content" style={{ background: background }}>
            <span className="cw-admin-preview__card" />
            <span className="cw-admin-preview__card" />
          </div>
        </div>
        <div className="cw-admin-preview__footer" style={{ background: footer, color: readableTextOn(footer) }}>
          © {title}
        </div>
      </div>
      <figcaption className="cw-admin-hint">
        Live preview of the header, sidebar, page background and footer.
      </figcaption>
    </figure>
  );
}
