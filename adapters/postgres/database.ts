import type { ActivityTables } from './tables/activity.tables';
import type { CampaignTables } from './tables/campaign.tables';
import type { DeliveryTables } from './tables/delivery.tables';
import type { DeploymentTables } from './tables/deployment.tables';
import type { FoundationTables } from './tables/foundation.tables';
import type { MoneyTables } from './tables/money.tables';
import type { PeopleTables } from './tables/people.tables';
import type { ReachTables } from './tables/reach.tables';
import type { PasswordResetTables, RegistrationTables } from './tables/registration.tables';
import type { GiftLinkTables } from './tables/gift-link.tables';
import type { FundraiserPageTables } from './tables/fundraiser-page.tables';
import type { MonthlyGiftTables } from './tables/monthly-gift.tables';
import type { StatementTables } from './tables/statement.tables';

/** The whole relational schema, as the migrations in /migrations create it. */
export interface Database
  extends
    FoundationTables,
    PeopleTables,
    CampaignTables,
    MoneyTables,
    ActivityTables,
    RegistrationTables,
    PasswordResetTables,
    GiftLinkTables,
    FundraiserPageTables,
    MonthlyGiftTables,
    StatementTables,
    DeploymentTables,
    DeliveryTables,
    ReachTables {}
