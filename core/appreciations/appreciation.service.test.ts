import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryMailer } from '@causeway/adapters/memory/mailer.fake';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import { Donation, type RecordedDonation } from '../donations/donation.entity';
import { mailServiceFactory } from '../email/mail.service';
import type { DataStore } from '../ports/unit-of-work.port';
import { Appreciation } from './appreciation.entity';
import { appreciationServiceFactory, type AppreciationServiceDeps, type ThanksStep } from './appreciation.service';

/** The failures of afterDonation that are not a mail transport's: each is reported and kept in errorEmails. */
describe('afterDonation when something other than the mail fails', () => {
  let store: DataStore;
  let clock: ManualClock;
  let ids: SequentialIds;
  let mailer: ReturnType<typeof createMemoryMailer>;
  let reported: ThanksStep[];

  const thanked: RecordedDonation = {
    donation: Donation.parse({
      id: 'donation-1',
      campaign_id: 'cmp-1',
      user_id: 'promoter-1',
      amount: 10_00,
      date: '2026-01-15T12:00:00.000Z',
      donor_name: 'Dana',
    }),
    campaign: { campaignUUID: 'cmp-1', name: 'Winter meals', ownerId: 'casey', organizationId: 'org-1' },
    donorEmail: 'dana@donors.example',
  };

  const serviceWith = (changes: Partial<AppreciationServiceDeps> = {}) => {
    const { repositories } = store;
    return appreciationServiceFactory({
      appreciations: repositories.appreciations,
      campaigns: repositories.campaigns,
      organizations: repositories.organizations,
      users: repositories.users,
      donations: repositories.donations,
      mail: mailServiceFactory({ mailer, emailLogs: repositories.emailLogs, clock, ids }),
      emailLogs: repositories.emailLogs,
      notify: async () => undefined,
      clock,
      ids,
      publicUrl: 'https://give.example',
      onError: (_error, step) => reported.push(step),
      ...changes,
    });
  };

  beforeEach(async () => {
    clock = new ManualClock();
    ids = new SequentialIds();
    store = createMemoryDataStore({ clock, ids });
    mailer = createMemoryMailer(clock);
    reported = [];
    await store.repositories.users.create({
      UserId: 'promoter-1',
      uid: 'promoter-1',
      Email: 'priya@promoters.example',
      AccountType: 'promoter',
      createdAt: clock.now().toISOString(),
    });
  });

  it('thanks in the default words when the settings cannot be read, and keeps that in errorEmails', async () => {
    const broken = {
      findForCampaign: async () => {
        throw new Error('database went away');
      },
      save: store.repositories.appreciations.save,
    };
    await serviceWith({ appreciations: broken }).afterDonation(thanked);
    expect(reported).toEqual(['readSettings']);
    expect((await mailer.list({ to: 'dana@donors.example' }))[0]?.text).toContain('Your gift goes straight to work');
    expect(await store.repositories.emailLogs.listFailures()).toEqual([
      expect.objectContaining({ to: 'dana@donors.example', kind: 'appreciation', error: 'Error: database went away' }),
    ]);
  });

  it('keeps a notification that could not be created in errorEmails, and still e-mails the promoter', async () => {
    const notify = async () => {
      throw new Error('notifications are down');
    };
    await serviceWith({ notify }).afterDonation(thanked);
    expect(reported).toEqual(['promoterNotification']);
    expect(await mailer.list({ to: 'priya@promoters.example' })).toHaveLength(1);
    expect(await store.repositories.emailLogs.listFailures()).toEqual([
      expect.objectContaining({
        to: 'priya@promoters.example',
        kind: 'promotion-notification',
        subject: 'Your link brought a donation',
        error: 'Error: notifications are down',
      }),
    ]);
  });

  it('keeps a promoter who cannot be looked up in errorEmails, and still thanks the donor', async () => {
    const users = {
      findById: async () => {
        throw new Error('users are down');
      },
    };
    await serviceWith({ users }).afterDonation(thanked);
    expect(reported).toEqual(['promoterEmail']);
    expect(await mailer.list({ to: 'dana@donors.example' })).toHaveLength(1);
    expect(await store.repositories.emailLogs.listFailures()).toEqual([
      expect.objectContaining({ to: 'promoter-1', kind: 'promoter-thanks', error: 'Error: users are down' }),
    ]);
  });

  it("tells a batch's promoters in the same turn, so they are stored in one write", async () => {
    const turns: number[] = [];
    let turn = 0;
    const ticking = setInterval(() => (turn += 1), 0);
    const notify = async () => {
      turns.push(turn);
    };
    const batch = [1, 2, 3].map((n) => ({
      ...thanked,
      donation: { ...thanked.donation, id: `donation-${n}`, user_id: n === 2 ? 'promoter-2' : 'promoter-1' },
    }));
    // Each promoter's look-up takes its own time, as a store's reads do.
    const users = {
      findById: async (uid: string) => {
        await new Promise((resolve) => setTimeout(resolve, uid === 'promoter-2' ? 5 : 1));
        return store.repositories.users.findById(uid);
      },
    };
    try {
      await serviceWith({ notify, users }).afterDonations(batch);
    } finally {
      clearInterval(ticking);
    }
    expect(turns).toHaveLength(3);
    expect(new Set(turns).size).toBe(1);
    expect(reported).toEqual([]);
  });

  it("puts the campaign's header image on the platform's address in the donor's e-mail", async () => {
    await store.repositories.campaigns.create({
      campaignUUID: 'cmp-1',
      userId: 'casey',
      organizationId: 'org-1',
      createdAt: clock.now().toISOString(),
      campaignName: 'Winter meals',
      campaignTitle: 'Warm meals for 500 families this winter',
      headerImageDesktop: '/files/campaigns/cmp-1-header.png',
    });
    await store.repositories.appreciations.save(
      Appreciation.parse({
        id: 'appreciation-1',
        campaignId: 'cmp-1',
        campaigner_id: 'casey',
        includeHeaderEmail: true,
        updateDate: clock.now().toISOString(),
      }),
    );
    await serviceWith().afterDonation(thanked);
    const [mail] = await mailer.list({ to: 'dana@donors.example' });
    expect(mail?.html).toContain('<img src="https://give.example/files/campaigns/cmp-1-header.png"');
  });

  it('reports but never throws when even errorEmails cannot be written', async () => {
    const emailLogs = {
      recordFailure: async () => {
        throw new Error('log is down');
      },
    };
    const notify = async () => {
      throw new Error('notifications are down');
    };
    await expect(serviceWith({ emailLogs, notify }).afterDonation(thanked)).resolves.toBeUndefined();
    expect(reported).toEqual(['promoterNotification']);
  });
});
