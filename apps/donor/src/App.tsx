import { Compass, CreditCard, HeartHandshake, Share2 } from 'lucide-react';
import { lazy, Suspense } from 'react';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { RoleLanding } from '@causeway/shells/shared/role-landing';
import { usePathname } from '@causeway/shells/shared/router';
import { LoadingSkeleton } from '@causeway/shells/shared/ui/states';
import { DiscoverSection } from './promotion/discover-section';
import { DONATIONS_PATH, PROMOTIONS_PATH } from './promotion/promotion-paths';
import './donor.css';

// Discover comes with the area; one's own pages load when first opened.
const MyDonationsPage = lazy(() =>
  import('./donations/my-donations.page').then(({ MyDonationsPage }) => ({ default: MyDonationsPage })),
);
const MyPromotionsPage = lazy(() =>
  import('./promotion/my-promotions.page').then(({ MyPromotionsPage }) => ({ default: MyPromotionsPage })),
);

const donorSteps = [
  {
    icon: Compass,
    title: 'Find a cause',
    text: 'Browse campaigns from nonprofits and read what each one is raising money for.',
  },
  {
    icon: CreditCard,
    title: 'Give securely',
    text: 'Donate by card in a few seconds. Every gift counts toward the campaign goal.',
  },
  { icon: Share2, title: 'Spread the word', text: 'Share a campaign with friends so it reaches more people who care.' },
];

const promoterSteps = [
  {
    icon: Compass,
    title: 'Pick campaigns to back',
    text: 'Browse campaigns and choose the causes you want to promote.',
  },
  {
    icon: Share2,
    title: 'Share your link',
    text: 'Post campaigns where your audience is. Each share brings new donors.',
  },
  {
    icon: HeartHandshake,
    title: 'See your impact',
    text: 'Follow the campaigns you promote as they move toward their goals.',
  },
];

/** Discover: where donors and promoters find campaigns to give to and share. */
export default function App({ user }: { user: SessionUser }) {
  const promoter = user.accountType === 'promoter';
  const pathname = usePathname().replace(/\/$/, '');
  const Own =
    promoter && pathname === PROMOTIONS_PATH ? MyPromotionsPage : pathname === DONATIONS_PATH ? MyDonationsPage : null;
  if (Own) {
    return (
      <Suspense fallback={<LoadingSkeleton label="Loading…" />}>
        <Own />
      </Suspense>
    );
  }
  return (
    <>
      <RoleLanding
        className="cw-donor"
        eyebrow="Discover"
        title={`Hello, ${user.fName || 'there'}`}
        intro={
          promoter
            ? 'Help nonprofits reach further: find campaigns you believe in and share them with your audience.'
            : 'Find campaigns that matter to you and give in a few clicks. Every donation goes to a verified organization.'
        }
        steps={promoter ? promoterSteps : donorSteps}
        organization={user.orgName ? { name: user.orgName, description: user.orgDescription } : null}
        noOrganization="You aren't part of an organization, and you don't need to be: you can give to and share any campaign."
      />
      <DiscoverSection user={user} />
    </>
  );
}
