import type { Actor } from '../auth/authorization';
import { authorize } from '../auth/authorization';
import type { StoredFileView, UploadFields } from '../contracts/campaigns.contract';
import type { FileStore } from '../ports/file-store.port';
import type { ImageInspector } from '../ports/image-inspector.port';
import type { PreCampaignRepository } from '../ports/pre-campaign.repository';
import type { VideoInspector } from '../ports/video-inspector.port';
import { conflict, invalid, notFound } from '../shared/errors';
import { currentStatusOf, isEditable } from '../workflow/workflow.rules';
import { draftTarget } from './pre-campaign.service';
import { checkUpload, sanitizeFileName, uploadPath } from './upload.rules';

export type CampaignFileServiceDeps = {
  preCampaigns: Pick<PreCampaignRepository, 'findById'>;
  files: Pick<FileStore, 'put'>;
  images: ImageInspector;
  videos: VideoInspector;
};

export type CampaignFileService = ReturnType<typeof campaignFileServiceFactory>;

export interface UploadedFile {
  /** The name the browser sent. */
  name: string;
  content: Uint8Array;
}

export function campaignFileServiceFactory({ preCampaigns, files, images, videos }: CampaignFileServiceDeps) {
  return {
    /**
     * Stores a file of a draft being written, after checking from its bytes that it can serve its purpose
     * (a cover, a header or footer, an ad of a standard size and weight). Answers where it is.
     */
    async upload(actor: Actor, fields: UploadFields, file: UploadedFile): Promise<StoredFileView> {
      const draft = await preCampaigns.findById(fields.preCampaignId);
      if (!draft || draft.isDeleted) throw notFound('That campaign does not exist.');
      authorize(actor, 'preCampaign.edit', draftTarget(draft));
      if (!isEditable(draft.workflowstatus) || draft.isPaid) {
        throw conflict(
          `This campaign is ${currentStatusOf(draft.workflowstatus)}: its files can no longer be changed.`,
        );
      }
      const name = sanitizeFileName(file.name);
      if (name === '') {
        throw invalid('Give the file a name made of letters or digits.', {
          file: 'The file name has no usable letters.',
        });
      }
      const image = images.inspect(file.content);
      const video = image ? null : await videos.inspect(file.content);
      const checked = checkUpload(fields.purpose, { fileName: name, sizeBytes: file.content.byteLength, image, video });
      const path = uploadPath(fields.purpose, draft, name, checked.extension);
      const stored = await files.put(path, file.content, checked.contentType);
      return {
        path: stored.path,
        url: stored.url,
        name,
        contentType: checked.contentType,
        sizeBytes: stored.size,
        width: checked.width,
        height: checked.height,
        typeFormat: checked.typeFormat,
        durationSeconds: checked.durationSeconds,
      };
    },
  };
}
