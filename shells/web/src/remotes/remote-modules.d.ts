// The modules the remotes expose, resolved at run time by module federation: each is a root page of the session user.

declare module 'campaigner/App' {
  import type { ComponentType } from 'react';
  import type { SessionUser } from '@causeway/core/users/user.entity';

  const App: ComponentType<{ user: SessionUser }>;
  export default App;
}

declare module 'donor/App' {
  import type { ComponentType } from 'react';
  import type { SessionUser } from '@causeway/core/users/user.entity';

  const App: ComponentType<{ user: SessionUser }>;
  export default App;
}

/** The public page of a live campaign, for everyone, signed in or not. */
declare module 'donor/CampaignPage' {
  import type { ComponentType } from 'react';

  const CampaignPage: ComponentType<{ campaignId: string }>;
  export default CampaignPage;
}

/** A promoter's public fundraising page for a campaign, for everyone. */
declare module 'donor/FundraiserPage' {
  import type { ComponentType } from 'react';

  const FundraiserPage: ComponentType<{ campaignId: string; promoterId: string }>;
  export default FundraiserPage;
}

/** A donor's receipt after paying (`/campaign/{id}/thank-you?session_id=…`), for everyone. */
declare module 'donor/ReceiptPage' {
  import type { ComponentType } from 'react';

  const ReceiptPage: ComponentType<{ campaignId: string }>;
  export default ReceiptPage;
}

/** A donor's own gifts without an account (`/my-gifts`), for everyone. */
declare module 'donor/GiftsPage' {
  import type { ComponentType } from 'react';

  const GiftsPage: ComponentType;
  export default GiftsPage;
}

declare module 'admin/App' {
  import type { ComponentType } from 'react';
  import type { SessionUser } from '@causeway/core/users/user.entity';

  const App: ComponentType<{ user: SessionUser }>;
  export default App;
}

declare module 'admin/Approvals' {
  import type { ComponentType } from 'react';
  import type { SessionUser } from '@causeway/core/users/user.entity';

  const Approvals: ComponentType<{ user: SessionUser }>;
  export default Approvals;
}

declare module 'reporting/App' {
  import type { ComponentType } from 'react';
  import type { SessionUser } from '@causeway/core/users/user.entity';

  const App: ComponentType<{ user: SessionUser }>;
  export default App;
}
