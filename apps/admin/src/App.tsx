import { Building2, Megaphone, Settings, UserPlus } from 'lucide-react';
import type { SessionUser } from '../../../core/users/user.entity';
import { RoleLanding } from '../../../shells/shared/role-landing';
import './admin.css';

const steps = [
  {
    icon: Building2,
    title: 'Organizations',
    text: 'Add nonprofits, keep their details and branding up to date, and set their share of each budget.',
  },
  {
    icon: UserPlus,
    title: 'People and invitations',
    text: 'Invite users by e-mail to their organization and manage their roles and access.',
  },
  {
    icon: Megaphone,
    title: 'Campaigns and demos',
    text: 'Look after every campaign on the platform, including the demo campaigns shown to new users.',
  },
  {
    icon: Settings,
    title: 'Platform settings',
    text: 'Set the default donation percentage, payment disclaimer and terms shown to donors.',
  },
];

/** The platform admin's home. */
export default function App({ user }: { user: SessionUser }) {
  return (
    <RoleLanding
      className="cw-admin"
      eyebrow="Administration"
      title={`Welcome back, ${user.fName || 'there'}`}
      intro="Keep Causeway running smoothly: organizations, people, campaigns and the settings every campaign relies on."
      steps={steps}
      organization={user.orgName ? { name: user.orgName, description: user.orgDescription } : null}
      noOrganization="As a platform admin you work across every organization on Causeway."
    />
  );
}
