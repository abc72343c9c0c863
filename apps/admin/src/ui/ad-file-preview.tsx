import { FileWarning } from 'lucide-react';
import type { CampaignAdFile } from '@causeway/core/campaigns/campaign.entity';
import { adFileFacts } from '../model/campaign-review';

/**
 * One ad as the ad platform will serve it: at its real pixel size (the stage scrolls rather than shrink
 * it), with its IAB size name and its weight against that size's limit.
 */
export function AdFilePreview({ file }: { file: CampaignAdFile }) {
  const facts = adFileFacts(file);
  const size = file.width !== null && file.height !== null ? { width: file.width, height: file.height } : null;
  const label = `${file.name}, ${facts.sizeName}${facts.dimensions ? ` ${facts.dimensions} pixels` : ''}`;
  return (
    <figure className="cw-admin-ad" data-ad-size={facts.dimensions ?? undefined}>
      <div className="cw-admin-ad__stage">
        {file.url === null ? (
          <p className="cw-admin-ad__missing">
            <FileWarning size={18} aria-hidden="true" />
            This file is no longer stored.
          </p>
        ) : file.typeFormat === 'video' ? (
          <video
            className="cw-admin-ad__media"
            src={file.url}
            controls
            preload="metadata"
            aria-label={label}
            {...(size ?? {})}
            style={size ? { width: size.width, height: size.height } : undefined}
          />
        ) : (
          <img
            className="cw-admin-ad__media"
            src={file.url}
            alt={label}
            {...(size ?? {})}
            style={size ? { width: size.width, height: size.height } : undefined}
          />
        )}
      </div>
      <figcaption className="cw-admin-ad__caption">
        <span className="cw-admin-ad__size">{facts.sizeName}</span>
        {facts.dimensions && <span>{facts.dimensions} px</span>}
        {facts.weight && (
          <span className={facts.overLimit ? 'cw-admin-ad__weight is-over' : 'cw-admin-ad__weight'}>
            {facts.weight}
            {facts.limit && ` of ${facts.limit} allowed`}
          </span>
        )}
        <span className="cw-admin-ad__name" title={file.name}>
          {file.name}
        </span>
      </figcaption>
    </figure>
  );
}
