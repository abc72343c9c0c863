import { ChartColumn, FilePenLine, Send, Target } from 'lucide-react';
import type { SessionUser } from '../../../core/users/user.entity';
import { RoleLanding } from '../../../shells/shared/role-landing';
import './campaigner.css';

const steps = [
  {
    icon: FilePenLine,
    title: 'Draft your campaign',
    text: 'Tell your story, set a fundraising goal and add a cover image donors will recognise.',
  },
  {
    icon: Target,
    title: 'Choose who sees it',
    text: 'Pick the states and audience for your ads and set the budget you want to spend.',
  },
  {
    icon: Send,
    title: 'Send it for approval',
    text: 'Our team reviews every campaign. You are notified each time its status changes.',
  },
  {
    icon: ChartColumn,
    title: 'Watch it grow',
    text: 'Once approved, your campaign runs as ads. Follow donations and reach under Reports.',
  },
];

/** The campaigner's home: where a nonprofit starts and follows its campaigns. */
export default function App({ user }: { user: SessionUser }) {
  return (
    <RoleLanding
      className="cw-campaigner"
      eyebrow="Campaigns"
      title={`Welcome back, ${user.fName || 'there'}`}
      intro="Plan a fundraising campaign, send it for approval and we'll publish it as ads that bring donors to your cause."
      steps={steps}
      organization={{ name: user.orgName, description: user.orgDescription }}
      noOrganization="Your account isn't linked to an organization yet. Ask your organization's admin for an invitation."
    >
      <p className="cw-campaigner__note">
        Campaigns you create are shared with everyone in {user.orgName ?? 'your organization'}.
      </p>
    </RoleLanding>
  );
}
