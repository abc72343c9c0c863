import { CAMPAIGN_PATHS } from '../contracts/campaigns.contract';
import type { NotifyInput } from '../notifications/notification.service';
import type { CampaignRepository } from '../ports/campaign.repository';
import type { UserRepository } from '../ports/user.repository';
import type { CheckoutBurst } from './card-testing.guard';

export type CheckoutBurstNoticeDeps = {
  users: Pick<UserRepository, 'list'>;
  campaigns: Pick<CampaignRepository, 'findById'>;
  notify: (input: NotifyInput) => Promise<unknown>;
  challengeMinutes: number;
};

/** The sentence staff read when a campaign sees a burst of declined cards. */
export function checkoutBurstMessage(burst: CheckoutBurst, campaignName: string, challengeMinutes: number): string {
  const what = `${burst.count} declined cards in ${burst.windowMinutes} minutes, against ${burst.checkouts} checkouts`;
  return (
    `Possible card testing on ${campaignName}: ${what}. Every donor to it now passes the bot check ` +
    `for the next ${challengeMinutes} minutes; look at its payments on the processor's dashboard.`
  );
}

/** Tells every platform staff member (super users and platform admins) of a campaign's burst. */
export function checkoutBurstNotice({ users, campaigns, notify, challengeMinutes }: CheckoutBurstNoticeDeps) {
  return async (burst: CheckoutBurst): Promise<void> => {
    const campaign = await campaigns.findById(burst.campaignId);
    const name = campaign
      ? campaign.campaignName.trim() || campaign.campaignTitle.trim() || 'a campaign'
      : 'a campaign';
    const staff = (await users.list()).filter(
      (user) => !user.isDeleted && (user.superUser || (user.admin && !user.organizationId)),
    );
    const message = checkoutBurstMessage(burst, `“${name}”`, challengeMinutes);
    for (const person of staff) {
      await notify({
        notification_type: 'system',
        notification_message: message,
        notification_url: CAMPAIGN_PATHS.page(burst.campaignId),
        notification_user_id: null,
        notification_userTo: person.uid,
        notification_campaign_id: burst.campaignId,
        notification_campaign_name: campaign ? name.slice(0, 200) : null,
      });
    }
  };
}
