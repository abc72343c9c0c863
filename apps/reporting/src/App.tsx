import { ChartColumn, HandCoins, Share2, Users } from 'lucide-react';
import type { SessionUser } from '../../../core/users/user.entity';
import { RoleLanding } from '../../../shells/shared/role-landing';
import { sessionRole } from '../../../shells/shared/roles';
import './reporting.css';

const steps = [
  {
    icon: HandCoins,
    title: 'Donations',
    text: 'See how much each campaign has raised, from how many donors, against its goal.',
  },
  {
    icon: ChartColumn,
    title: 'Campaign performance',
    text: 'Follow budget spent and ad delivery for every campaign that is live.',
  },
  {
    icon: Share2,
    title: 'Promoters',
    text: 'Find out which promoters bring in the most support for your campaigns.',
  },
  {
    icon: Users,
    title: 'Donors',
    text: 'Understand who gives, how often, and which causes they come back to.',
  },
];

/** Reports: donor, promoter and campaign statistics. */
export default function App({ user }: { user: SessionUser }) {
  const platformWide = sessionRole(user) !== 'campaigner';
  return (
    <RoleLanding
      className="cw-reporting"
      eyebrow="Reports"
      title="Reports"
      intro={
        platformWide
          ? 'Donor, promoter and campaign statistics across every organization on Causeway.'
          : `Donor, promoter and campaign statistics for ${user.orgName ?? 'your organization'}.`
      }
      steps={steps}
      organization={user.orgName ? { name: user.orgName, description: user.orgDescription } : null}
      noOrganization="Your reports cover every organization on the platform."
    />
  );
}
