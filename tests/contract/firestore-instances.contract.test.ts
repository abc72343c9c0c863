import { randomBytes } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DataStore } from '@causeway/core/ports/unit-of-work.port';
import { createFirestoreDataStore } from '@causeway/adapters/firestore/firestore.data-store';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { randomIds } from '@causeway/adapters/system/random-ids';
import { clearEmulator } from '@causeway/tests/support/firestore-emulator';

const at = '2026-01-01T00:00:00.000Z';

/*
 * Several instances of the app share one Firestore project, each with its own client and clock. What the
 * Postgres store keeps with one database, Firestore keeps across them: money counted once, a token used
 * once, and one outbox order.
 */
describe.skipIf(!process.env.FIRESTORE_EMULATOR_HOST)(
  'two instances on one Firestore project (NEEDS THE FIRESTORE EMULATOR: set FIRESTORE_EMULATOR_HOST)',
  () => {
    const projectId = `instances-${randomBytes(4).toString('hex')}`;
    const apps: App[] = [];
    let first: DataStore;
    let second: DataStore;

    beforeAll(() => {
      const open = (name: string) => {
        const app = initializeApp({ projectId }, `${projectId}-${name}`);
        apps.push(app);
        return createFirestoreDataStore(getFirestore(app), { clock: new ManualClock(), ids: randomIds });
      };
      first = open('first');
      second = open('second');
    });
    beforeEach(() => clearEmulator(projectId));
    afterAll(async () => {
      await clearEmulator(projectId);
      for (const app of apps) await deleteApp(app);
    });

    it('numbers every event once, in the order they were written, whichever instance wrote or reads them', async () => {
      for (let n = 1; n <= 12; n++) {
        await (n % 2 ? first : second).repositories.settings.save({ donationPercentage: n }, at);
      }
      // Both read (and number) at once, while both write more.
      const [fromFirst, fromSecond] = await Promise.all([
        first.outbox.pending(100),
        second.outbox.pending(100),
        ...Array.from({ length: 8 }, (_, n) =>
          (n % 2 ? first : second).repositories.settings.save({ donationPercentage: 50 + n }, at),
        ),
      ]);
      const all = await first.outbox.after(0, 100);
      const positions = all.map((event) => event.position);
      expect(new Set(positions).size).toBe(positions.length);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect(all).toHaveLength(20);
      const saved = all
        .map((event) => (event.payload.settings as { donationPercentage: number }).donationPercentage)
        .filter((percentage) => percentage < 50);
      expect(saved).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      for (const listed of [fromFirst, fromSecond]) {
        const byId = new Map(all.map((event) => [event.id, event.position]));
        for (const event of listed) expect(event.position).toBe(byId.get(event.id));
      }
    });

    it('counts every donation once when both instances count them at once', async () => {
      await first.repositories.campaigns.create({
        campaignUUID: 'c-1',
        userId: 'user-1',
        organizationId: 'org-1',
        createdAt: at,
        isPaid: true,
      });
      await Promise.all(
        Array.from({ length: 40 }, (_, n) =>
          (n % 2 ? first : second).repositories.campaigns.countDonation('c-1', 100 + n),
        ),
      );
      // 40 gifts of 100..139 cents.
      expect(await second.repositories.campaigns.findById('c-1')).toMatchObject({
        campaignRaised: 40 * 100 + (39 * 40) / 2,
        donators: 40,
      });
    });

    it('uses a registration token once when both instances race for it', async () => {
      await first.repositories.registrationTokens.create({
        id: 't-1',
        email: 'invitee@example.org',
        name: 'Invitee',
        organizationId: 'org-1',
        accountType: 'campaigner',
        tokenHash: 'b'.repeat(64),
        createdBy: 'admin-1',
        createdAt: at,
        expiresAt: '2026-01-08T00:00:00.000Z',
      });
      const uses = await Promise.all(
        Array.from({ length: 6 }, (_, n) =>
          (n % 2 ? first : second).unitOfWork.run(async (repositories) => {
            const token = await repositories.registrationTokens.findById('t-1');
            if (!token || token.usedAt !== null) return false;
            return repositories.registrationTokens.markUsed('t-1', at, `u-${n}`);
          }),
        ),
      );
      expect(uses.filter(Boolean)).toHaveLength(1);
      expect((await first.repositories.registrationTokens.findById('t-1'))?.usedBy).toMatch(/^u-\d$/);
    });
  },
);
