import { beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import { createMemoryDataStore } from '@causeway/adapters/memory/memory.data-store';
import { SequentialIds } from '@causeway/adapters/memory/sequential-ids';
import { auditTrail } from '../audit/audit-trail';
import type { Actor } from '../auth/authorization';
import type { DataStore } from '../ports/unit-of-work.port';
import { settingsServiceFactory, type SettingsService } from './settings.service';

const actor = (uid: string, role: Actor['role'], organizationId: string | null = null): Actor => ({
  uid,
  role,
  organizationId,
  demoUser: false,
  displayName: uid,
});

const superUser = actor('super-1', 'superUser');
const platformAdmin = actor('admin-1', 'admin');
const organizationAdmin = actor('org-admin-1', 'admin', 'org-1');
const campaigner = actor('campaigner-1', 'campaigner', 'org-1');
const promoter = actor('promoter-1', 'promoter');

let clock: ManualClock;
let store: DataStore;
let service: SettingsService;

const settingsAudit = () => store.repositories.auditLogs.list({ document: 'settings' });

beforeEach(() => {
  clock = new ManualClock('2026-05-01T08:00:00.000Z');
  store = createMemoryDataStore({ clock, ids: new SequentialIds() });
  service = settingsServiceFactory({
    unitOfWork: store.unitOfWork,
    settings: store.repositories.settings,
    clock,
    audit: auditTrail({ clock, ids: new SequentialIds('log') }),
  });
});

describe('reading the settings', () => {
  it.each([
    ['a promoter', promoter],
    ['a campaigner', campaigner],
    ['a super user', superUser],
  ])('answers the defaults, not an error, to %s before any settings were saved', async (_who, who) => {
    expect(await service.get(who)).toEqual({
      settings: {
        donationPercentage: 80,
        termsAndConditions: null,
        termsAndConditionsLink: null,
        paymentDisclaimer: null,
        cardFeePercent: 2.2,
        cardFeeFixed: 30,
        createdAt: null,
        updatedAt: null,
      },
      saved: false,
    });
  });

  it('answers the saved settings once there are some', async () => {
    await store.repositories.settings.save(
      { donationPercentage: 70, paymentDisclaimer: 'Processed securely.' },
      '2026-04-01T00:00:00.000Z',
    );
    expect(await service.get(promoter)).toEqual({
      settings: {
        donationPercentage: 70,
        termsAndConditions: null,
        termsAndConditionsLink: null,
        paymentDisclaimer: 'Processed securely.',
        cardFeePercent: 2.2,
        cardFeeFixed: 30,
        createdAt: '2026-04-01T00:00:00.000Z',
        updatedAt: '2026-04-01T00:00:00.000Z',
      },
      saved: true,
    });
  });
});

describe('updating the settings', () => {
  it('saves the settings the first time, from the defaults, and audits it', async () => {
    const answer = await service.update(platformAdmin, { termsAndConditionsLink: 'https://causeway.example/terms' });
    expect(answer).toEqual({
      settings: {
        donationPercentage: 80,
        termsAndConditions: null,
        termsAndConditionsLink: 'https://causeway.example/terms',
        paymentDisclaimer: null,
        cardFeePercent: 2.2,
        cardFeeFixed: 30,
        createdAt: '2026-05-01T08:00:00.000Z',
        updatedAt: '2026-05-01T08:00:00.000Z',
      },
      saved: true,
    });
    expect(await service.get(campaigner)).toEqual(answer);
    expect(await settingsAudit()).toEqual([
      expect.objectContaining({
        created_by: 'admin-1',
        document: 'settings',
        event: 'update',
        action: 'Saved the settings for the first time (changed termsAndConditionsLink)',
        trigger_name: 'Settings',
      }),
    ]);
  });

  it('later changes only the supplied fields, keeps the creation date and audits what changed', async () => {
    await service.update(superUser, { donationPercentage: 75, paymentDisclaimer: 'Old text' });
    clock.advance(3_600_000);
    const answer = await service.update(superUser, { donationPercentage: 65, paymentDisclaimer: 'Old text' });
    expect(answer.settings).toMatchObject({
      donationPercentage: 65,
      paymentDisclaimer: 'Old text',
      createdAt: '2026-05-01T08:00:00.000Z',
      updatedAt: '2026-05-01T09:00:00.000Z',
    });
    const [latest] = await settingsAudit();
    expect(latest).toMatchObject({
      created_by: 'super-1',
      created_date: '2026-05-01T09:00:00.000Z',
      action: 'Updated the settings (changed donationPercentage)',
    });
  });

  it('clears a text given null', async () => {
    await service.update(superUser, { paymentDisclaimer: 'Some text' });
    expect((await service.update(superUser, { paymentDisclaimer: null })).settings.paymentDisclaimer).toBeNull();
  });

  it.each([
    ['an organization admin', organizationAdmin],
    ['a campaigner', campaigner],
    ['a promoter', promoter],
  ])('refuses %s and saves nothing', async (_who, who) => {
    await expect(service.update(who, { donationPercentage: 10 })).rejects.toMatchObject({ code: 'forbidden' });
    expect(await store.repositories.settings.get()).toBeNull();
    expect(await settingsAudit()).toEqual([]);
  });

  it('keeps nothing when the audit entry cannot be written', async () => {
    const failing = settingsServiceFactory({
      unitOfWork: store.unitOfWork,
      settings: store.repositories.settings,
      clock,
      audit: {
        record: async () => {
          throw new Error('The audit log is unreachable.');
        },
      },
    });
    await expect(failing.update(superUser, { donationPercentage: 50 })).rejects.toThrow('unreachable');
    expect(await store.repositories.settings.get()).toBeNull();
  });
});
