import { Download } from 'lucide-react';
import './qr-code.css';

type QrCodeDownloadsProps = {
  /** The QR code's address without its format: `{path}.png` and `{path}.svg` are served. */
  imagePath: string;
  /** What the code opens, as the image's alternative text says it: "the campaign page". */
  opens: string;
  /** The address the code holds, shown under it when known. */
  link?: string;
  /** A line under the buttons: what a scan counts as. */
  note?: string;
};

/** A QR code to print: a preview, and PNG and SVG downloads. */
export function QrCodeDownloads({ imagePath, opens, link, note }: QrCodeDownloadsProps) {
  return (
    <div className="cw-qr" data-testid="qr-code">
      <img
        className="cw-qr__preview"
        src={`${imagePath}.png?size=256`}
        width={128}
        height={128}
        alt={`QR code that opens ${opens}`}
        loading="lazy"
      />
      <div className="cw-qr__body">
        {link && (
          <p className="cw-qr__link">
            Opens <code>{link}</code>
          </p>
        )}
        <div className="cw-qr__actions">
          <a className="cw-button cw-button--secondary" href={`${imagePath}.png`} download>
            <Download size={16} aria-hidden="true" />
            Download PNG
          </a>
          <a className="cw-button cw-button--secondary" href={`${imagePath}.svg`} download>
            <Download size={16} aria-hidden="true" />
            Download SVG
          </a>
        </div>
        {note && <p className="cw-qr__note">{note}</p>}
      </div>
    </div>
  );
}
