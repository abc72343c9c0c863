import { ContainerModule, type ServiceIdentifier } from 'inversify';
import type { Logger } from 'pino';
import { donorGiftsServiceFactory, type DonorGiftsService } from '@causeway/core/donor-gifts/donor-gifts.service';
import type { Config } from '../config';
import { TYPES } from '../types';

export const DONOR_GIFTS_SERVICE: ServiceIdentifier<DonorGiftsService> = Symbol.for('causeway.DonorGiftsService');

/** A donor's own gifts page without an account: its links (in receipts and on request) and its visits. */
export const donorGiftsModule = (config: Config, logger: Logger) =>
  new ContainerModule(({ bind }) => {
    bind(DONOR_GIFTS_SERVICE).toDynamicValue((context) => {
      const repositories = context.get(TYPES.Repositories);
      return donorGiftsServiceFactory({
        giftLinks: repositories.giftLinks,
        donations: repositories.donations,
        campaigns: repositories.campaigns,
        organizations: repositories.organizations,
        mail: context.get(TYPES.MailService),
        clock: context.get(TYPES.Clock),
        ids: context.get(TYPES.Ids),
        publicUrl: config.publicUrl,
        // Neither the address nor a token is logged: only why nothing was sent.
        onNotSent: (reason, error) => {
          if (reason === 'failed') logger.error({ err: error }, 'A link to a donor’s gifts could not be sent');
          else logger.info({ reason }, 'A link to a donor’s gifts was asked for; no e-mail was sent');
        },
      });
    });
  });
