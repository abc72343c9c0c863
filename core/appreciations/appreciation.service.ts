import { authorize, can, type Actor } from '../auth/authorization';
import type { Campaign } from '../campaigns/campaign.entity';
import {
  AppreciationSettingsView,
  type AppreciationBody,
  type AppreciationView,
  type ReceiptMessageResponse,
} from '../contracts/appreciation.contract';
import type { RecordedDonation } from '../donations/donation.entity';
import type { MailService } from '../email/mail.service';
import type { NotifyInput } from '../notifications/notification.service';
import type { AppreciationRepository } from '../ports/appreciation.repository';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { Clock } from '../ports/clock.port';
import type { DonationRepository } from '../ports/donation.repository';
import type { EmailLogRepository } from '../ports/email-log.repository';
import type { IdGenerator } from '../ports/id-generator.port';
import type { OrganizationRepository } from '../ports/organization.repository';
import type { UserRepository } from '../ports/user.repository';
import { notFound } from '../shared/errors';
import { absoluteFileUrl } from '../shared/file-address';
import {
  DEFAULT_APPRECIATION_SETTINGS,
  emailHtml,
  emailText,
  emailThankYou,
  pageThankYou,
  promoterThanks,
  type AppreciationSettings,
} from './appreciation-message.rules';
import type { Appreciation } from './appreciation.entity';

/** Where a step of the thanks after a donation failed, for the log. */
export type ThanksStep = 'readSettings' | 'donorEmail' | 'promoterEmail' | 'promoterNotification';

export type AppreciationServiceDeps = {
  appreciations: Pick<AppreciationRepository, 'findForCampaign' | 'save'>;
  campaigns: Pick<CampaignRepository, 'findById'>;
  organizations: Pick<OrganizationRepository, 'findById'>;
  users: Pick<UserRepository, 'findById'>;
  donations: Pick<DonationRepository, 'findDonationBySession'>;
  mail: Pick<MailService, 'send'>;
  /** Failures that are not a refused send (MailService records those itself) are recorded here. */
  emailLogs: Pick<EmailLogRepository, 'recordFailure'>;
  notify: (input: NotifyInput) => Promise<unknown>;
  clock: Clock;
  ids: IdGenerator;
  /** The platform's address: the e-mail's images are put on it (a mail client has no page to resolve a path against). */
  publicUrl: string;
  /** SPEC §8: appreciation errors are only logged; each is also kept in `errorEmails`. */
  onError: (error: unknown, step: ThanksStep, context: { campaignId: string }) => void;
};

export type AppreciationService = ReturnType<typeof appreciationServiceFactory>;

/** A stored appreciation's settings (its other fields left out), or the defaults when none was saved. */
const settingsOf = (appreciation: Appreciation | null): AppreciationSettings =>
  appreciation ? AppreciationSettingsView.parse(appreciation) : DEFAULT_APPRECIATION_SETTINGS;

const describeError = (error: unknown): string =>
  (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 5000);

/** The e-mail kinds recorded in `emails` and `errorEmails`. */
export const THANKS_MAIL_KINDS = { donor: 'appreciation', promoter: 'promoter-thanks' } as const;

/**
 * The thank-you messages of a campaign (SPEC §3 appreciations): its campaigners write what the receipt
 * page and the donor's e-mail say and include; after each donation the donor is thanked by e-mail,
 * and the promoter whose link brought it by e-mail and a notification.
 */
export function appreciationServiceFactory(deps: AppreciationServiceDeps) {
  const { appreciations, campaigns, organizations, users, donations, mail, emailLogs, clock, ids } = deps;

  const campaignOf = async (campaignId: string): Promise<Campaign> => {
    const campaign = await campaigns.findById(campaignId);
    if (!campaign || campaign.isDeleted) throw notFound('That campaign does not exist.');
    return campaign;
  };
  /** What people outside the organization read: the public headline, never the internal name. */
  const publicHeadline = (campaign: Campaign | null) => campaign?.campaignTitle.trim() || null;
  /** The campaign's header image, in full for an e-mail. */
  const headerImageInMail = (campaign: Campaign | null) => {
    const address = campaign ? (campaign.headerImageDesktop ?? campaign.headerImageMobile) : null;
    return address ? absoluteFileUrl(address, deps.publicUrl) : null;
  };
  const targetOf = (campaign: Campaign) => ({ organizationId: campaign.organizationId, uid: campaign.userId });
  const organizationNameOf = async (campaign: { organizationId: string | null } | null) => {
    if (!campaign?.organizationId) return null;
    const organization = await organizations.findById(campaign.organizationId);
    return organization && !organization.isDeleted ? organization.name : null;
  };

  const view = async (actor: Actor, campaign: Campaign, saved: Appreciation | null): Promise<AppreciationView> => ({
    campaignId: campaign.campaignUUID,
    campaignName: campaign.campaignName,
    organizationName: await organizationNameOf(campaign),
    campaignHeaderImage: campaign.headerImageDesktop ?? campaign.headerImageMobile,
    settings: settingsOf(saved),
    saved: saved !== null,
    updateDate: saved?.updateDate ?? null,
    canEdit: can(actor, 'appreciation.edit', targetOf(campaign)),
  });

  /** Keeps a failure that MailService did not record itself, so none is lost silently. */
  const recordFailure = async (failure: { to: string; subject: string; kind: string; error: unknown }) => {
    await emailLogs
      .recordFailure({
        id: ids.newId(),
        to: failure.to,
        subject: failure.subject.slice(0, 500),
        kind: failure.kind,
        error: describeError(failure.error),
        createdAt: clock.now().toISOString(),
      })
      // Nothing more can be kept: the log line is all there is.
      .catch(() => undefined);
  };

  /** Sends one mail; a failure is reported, and MailService has recorded it in errorEmails. */
  const sendMail = async (
    step: ThanksStep,
    campaignId: string,
    mailToSend: Parameters<MailService['send']>[0],
  ): Promise<void> => {
    try {
      await mail.send(mailToSend);
    } catch (error) {
      deps.onError(error, step, { campaignId });
    }
  };

  const thankDonor = async (thanked: RecordedDonation, settings: AppreciationSettings, campaign: Campaign | null) => {
    if (!thanked.donorEmail) return;
    const email = emailThankYou(settings, {
      campaignName: publicHeadline(campaign),
      donorName: thanked.donation.donor_name,
      amountCents: thanked.donation.amount,
      campaignHeaderImage: headerImageInMail(campaign),
      organizationName: await organizationNameOf(campaign),
    });
    await sendMail('donorEmail', thanked.donation.campaign_id, {
      to: thanked.donorEmail,
      subject: email.subject,
      text: emailText(email),
      html: emailHtml(email),
      kind: THANKS_MAIL_KINDS.donor,
    });
  };

  const thankPromoter = async (thanked: RecordedDonation, campaign: Campaign | null) => {
    const promoterId = thanked.donation.user_id;
    if (!promoterId) return;
    const campaignId = thanked.donation.campaign_id;
    const campaignName = publicHeadline(campaign);
    const thanks = promoterThanks({ campaignName, amountCents: thanked.donation.amount });
    // Told first, in the turn the thanks start: the promoters of a batch of donations are told in one write.
    const told = deps
      .notify({
        notification_type: 'promotion',
        notification_message: thanks.message,
        notification_userTo: promoterId,
        notification_campaign_id: campaignId,
        notification_campaign_name: campaignName,
        notification_campaign_amount: thanked.donation.amount,
        notification_campaign_date: thanked.donation.date,
        notification_url: '/donor/promotions',
      })
      .then(
        () => ({ failed: false as const }),
        (error: unknown) => ({ failed: true as const, error }),
      );
    let promoterEmail: string | null = null;
    try {
      promoterEmail = (await users.findById(promoterId))?.Email ?? null;
    } catch (error) {
      deps.onError(error, 'promoterEmail', { campaignId });
      await recordFailure({ to: promoterId, ...thanks, kind: THANKS_MAIL_KINDS.promoter, error });
    }
    if (promoterEmail) {
      await sendMail('promoterEmail', campaignId, {
        to: promoterEmail,
        subject: thanks.subject,
        text: `${thanks.message}\n\n— The Causeway team`,
        kind: THANKS_MAIL_KINDS.promoter,
      });
    }
    const notification = await told;
    if (notification.failed) {
      deps.onError(notification.error, 'promoterNotification', { campaignId });
      await recordFailure({
        to: promoterEmail ?? promoterId,
        subject: thanks.subject,
        kind: 'promotion-notification',
        error: notification.error,
      });
    }
  };

  /** Thanks for donations, each campaign's settings read once (the defaults, and a logged failure, when unreadable). */
  const thankAll = async (donations: RecordedDonation[]): Promise<void> => {
    const byCampaign = new Map<string, RecordedDonation[]>();
    for (const thanked of donations) {
      const campaignId = thanked.donation.campaign_id;
      byCampaign.set(campaignId, [...(byCampaign.get(campaignId) ?? []), thanked]);
    }
    await Promise.all(
      [...byCampaign].map(async ([campaignId, group]) => {
        let settings = DEFAULT_APPRECIATION_SETTINGS;
        let campaign: Campaign | null = null;
        try {
          const [found, saved] = await Promise.all([
            campaigns.findById(campaignId),
            appreciations.findForCampaign(campaignId),
          ]);
          campaign = found;
          settings = settingsOf(saved);
        } catch (error) {
          // The donors are still thanked, in the default words.
          for (const thanked of group) {
            deps.onError(error, 'readSettings', { campaignId });
            await recordFailure({
              to: thanked.donorEmail ?? '(unknown)',
              subject: 'Thank-you message settings could not be read; the default message was used',
              kind: THANKS_MAIL_KINDS.donor,
              error,
            });
          }
        }
        const unexpected = (step: ThanksStep, to: string | null, kind: string) => async (error: unknown) => {
          deps.onError(error, step, { campaignId });
          await recordFailure({ to: to ?? '(unknown)', subject: 'A thank-you could not be sent', kind, error });
        };
        await Promise.all(
          group.flatMap((thanked) => [
            thankDonor(thanked, settings, campaign).catch(
              unexpected('donorEmail', thanked.donorEmail, THANKS_MAIL_KINDS.donor),
            ),
            thankPromoter(thanked, campaign).catch(
              unexpected('promoterEmail', thanked.donation.user_id, THANKS_MAIL_KINDS.promoter),
            ),
          ]),
        );
      }),
    );
  };

  return {
    /** A campaign's thank-you settings (the defaults until saved), for its campaigners and platform staff. */
    async get(actor: Actor, campaignId: string): Promise<AppreciationView> {
      const campaign = await campaignOf(campaignId);
      authorize(actor, 'appreciation.read', targetOf(campaign));
      return view(actor, campaign, await appreciations.findForCampaign(campaignId));
    },

    /** Saves a campaign's thank-you settings: its owner, or the admin of its organization. */
    async save(actor: Actor, campaignId: string, body: AppreciationBody): Promise<AppreciationView> {
      const campaign = await campaignOf(campaignId);
      authorize(actor, 'appreciation.edit', targetOf(campaign));
      const saved = await appreciations.save({
        id: ids.newId(),
        campaignId,
        campaigner_id: campaign.userId,
        promoter_id: null,
        paymentIntentId: null,
        ...body,
        // A custom header address is kept only while it is used.
        emailHeaderUrl: body.includeCustomizedHeaderEmail ? body.emailHeaderUrl : null,
        updateDate: clock.now().toISOString(),
      });
      return view(actor, campaign, saved);
    },

    /**
     * The thank-you a receipt page shows for a payment of the campaign (its checkout session); without
     * the payment, the campaign's message without the donor's name and amount. Open to everyone: the
     * session id is the receipt's own secret.
     */
    async receiptMessage(campaignId: string, sessionId: string | undefined): Promise<ReceiptMessageResponse> {
      const campaign = await campaignOf(campaignId);
      const [saved, found] = await Promise.all([
        appreciations.findForCampaign(campaignId),
        sessionId ? donations.findDonationBySession(sessionId) : Promise.resolve(null),
      ]);
      // A session of another campaign's payment says nothing about this one.
      const donation = found?.campaign_id === campaignId ? found : null;
      return {
        message: pageThankYou(settingsOf(saved), {
          campaignName: publicHeadline(campaign),
          donorName: donation?.donor_name ?? null,
          amountCents: donation?.amount ?? null,
        }),
        personal: donation !== null,
      };
    },

    /**
     * Runs after each recorded donation: thanks the donor by e-mail (when the e-mail is known) with the
     * campaign's message, and the promoter whose link brought it by e-mail and a `promotion`
     * notification. Never throws (SPEC §8): each failure is logged and kept in `errorEmails`.
     */
    async afterDonation(thanked: RecordedDonation): Promise<void> {
      await thankAll([thanked]);
    },

    /**
     * afterDonation for the donations of one batch: each campaign's settings read once for all its
     * donations, then each thanked as afterDonation thanks it. Never throws.
     */
    async afterDonations(thanked: RecordedDonation[]): Promise<void> {
      await thankAll(thanked);
    },
  };
}
