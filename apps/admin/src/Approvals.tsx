import { ClipboardCheck, MessageSquare, Rocket, ScanSearch } from 'lucide-react';
import type { SessionUser } from '../../../core/users/user.entity';
import { RoleLanding } from '../../../shells/shared/role-landing';
import './admin.css';

const steps = [
  {
    icon: ScanSearch,
    title: 'Review the draft',
    text: 'Read the story, goal and cover image of each campaign sent for approval.',
  },
  {
    icon: ClipboardCheck,
    title: 'Check targeting and budget',
    text: 'Make sure the states, audience, budget and ad files are ready to be published.',
  },
  {
    icon: MessageSquare,
    title: 'Approve or ask for changes',
    text: 'Leave a comment with your decision. The campaign owner is notified straight away.',
  },
  {
    icon: Rocket,
    title: 'Publishing starts',
    text: 'An approved campaign is set up on the ad platform automatically, step by step.',
  },
];

/** The super user's approval desk. */
export default function Approvals({ user }: { user: SessionUser }) {
  return (
    <RoleLanding
      className="cw-admin cw-admin--approvals"
      eyebrow="Approvals"
      title="Campaign approvals"
      intro={`Every campaign passes through you before it goes live, ${user.fName || 'and you are notified of each change'}. Here is how a review works.`}
      steps={steps}
      organization={user.orgName ? { name: user.orgName, description: user.orgDescription } : null}
      noOrganization="As super user you review campaigns from every organization on Causeway."
    />
  );
}
