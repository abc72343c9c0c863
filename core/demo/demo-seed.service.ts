import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { IdentityProvider } from '../ports/identity.port';
import type { OrganizationRepository } from '../ports/organization.repository';
import type { SettingsRepository } from '../ports/settings.repository';
import type { UserRepository } from '../ports/user.repository';
import type { AccountType } from '../users/user.entity';
import type { DemoReachPeople } from '../promotion/demo-reach.seed';

export interface DemoAccount {
  email: string;
  role: string;
  firstName: string;
  lastName: string;
  accountType: AccountType;
  admin: boolean;
  superUser: boolean;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: 'super@demo.local',
    role: 'Super user',
    firstName: 'Sam',
    lastName: 'Rivera',
    accountType: 'campaigner',
    admin: false,
    superUser: true,
  },
  {
    email: 'admin@demo.local',
    role: 'Admin',
    firstName: 'Alex',
    lastName: 'Morgan',
    accountType: 'campaigner',
    admin: true,
    superUser: false,
  },
  {
    email: 'campaigner@demo.local',
    role: 'Campaigner',
    firstName: 'Casey',
    lastName: 'Nguyen',
    accountType: 'campaigner',
    admin: false,
    superUser: false,
  },
  {
    email: 'promoter@demo.local',
    role: 'Promoter',
    firstName: 'Priya',
    lastName: 'Shah',
    accountType: 'promoter',
    admin: false,
    superUser: false,
  },
];

export type DemoSeedDeps = {
  users: Pick<UserRepository, 'list' | 'create'>;
  organizations: Pick<OrganizationRepository, 'create'>;
  settings: Pick<SettingsRepository, 'get' | 'save'>;
  identity: Pick<IdentityProvider, 'createUser'>;
  clock: Clock;
  ids: IdGenerator;
  /** Live campaigns with their shares and a promotion, once the people exist (core/promotion/demo-reach.seed.ts). */
  seedReach?: (people: DemoReachPeople) => Promise<void>;
};

export type DemoSeedService = ReturnType<typeof demoSeedServiceFactory>;

/** Fills an empty database with one organization and the four demo accounts. */
export function demoSeedServiceFactory({
  users,
  organizations,
  settings,
  identity,
  clock,
  ids,
  seedReach,
}: DemoSeedDeps) {
  return {
    async isEmpty(): Promise<boolean> {
      return (await users.list({ includeDeleted: true })).length === 0;
    },

    /** Seeds only an empty database; answers whether it seeded. */
    async seedIfEmpty(password: string): Promise<boolean> {
      if (!(await this.isEmpty())) return false;
      const at = clock.now().toISOString();
      if (!(await settings.get())) {
        await settings.save(
          {
            donationPercentage: 80,
            termsAndConditionsLink: null,
            paymentDisclaimer: 'Donations are processed securely by our card payment provider.',
          },
          at,
        );
      }
      const organization = await organizations.create({
        organizationId: ids.newId(),
        name: 'Harbor Light Food Bank',
        address: '120 Pier Street, Portland, ME 04101',
        phone: '+1 207 555 0134',
        email: 'hello@harborlight.example',
        website: 'https://harborlight.example',
        donationPercentage: 80,
        headerColor: '#0f3d3e',
        footerColor: '#0f3d3e',
        sideBarColor: '#f4f1ea',
        backGroundColor: '#fbfaf7',
        organizationCode: 'HLFB',
        paymentDisclaimer: 'Harbor Light Food Bank is a registered 501(c)(3) nonprofit. Gifts are tax-deductible.',
        created_date: at,
      });
      const uids = new Map<string, string>();
      for (const account of DEMO_ACCOUNTS) {
        const { uid } = await identity.createUser({ email: account.email, password });
        uids.set(account.email, uid);
        // The demo admin is a platform admin: it belongs to no organization and works across all of them.
        const member = account.accountType === 'campaigner' && !account.admin;
        await users.create({
          UserId: uid,
          uid,
          Email: account.email,
          FirstName: account.firstName,
          LastName: account.lastName,
          AccountType: account.accountType,
          OrganisationName: member ? organization.name : null,
          Title: account.role,
          admin: account.admin,
          superUser: account.superUser,
          organizationId: member ? organization.organizationId : null,
          createdAt: at,
        });
      }
      await seedReach?.({
        organizationId: organization.organizationId,
        campaigner: { uid: uids.get('campaigner@demo.local')! },
        promoter: { uid: uids.get('promoter@demo.local')!, displayName: 'Priya Shah' },
      });
      return true;
    },
  };
}
