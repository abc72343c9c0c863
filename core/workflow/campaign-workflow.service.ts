import type { AuditTrail } from '../audit/audit-trail';
import type { Actor } from '../auth/authorization';
import { authorize } from '../auth/authorization';
import type { PreCampaign } from '../campaigns/campaign.entity';
import { draftName, draftTarget } from '../campaigns/pre-campaign.service';
import type { PreCampaignView, WorkflowBody } from '../contracts/campaigns.contract';
import { CAMPAIGN_PATHS } from '../contracts/campaigns.contract';
import type { NotifyInput } from '../notifications/notification.service';
import type { Clock } from '../ports/clock.port';
import type { IdGenerator } from '../ports/id-generator.port';
import type { PreCampaignRepository } from '../ports/pre-campaign.repository';
import type { UserRepository } from '../ports/user.repository';
import type { UnitOfWork } from '../ports/unit-of-work.port';
import { conflict, invalid, notFound } from '../shared/errors';
import type { WorkflowEntry, WorkflowStatus } from './workflow.entity';
import { currentStatusOf, transitionOf, WORKFLOW_COMMENTS, type WorkflowTransition } from './workflow.rules';

export type CampaignWorkflowServiceDeps = {
  unitOfWork: UnitOfWork;
  preCampaigns: Pick<PreCampaignRepository, 'findById'>;
  users: Pick<UserRepository, 'list'>;
  notify: (input: NotifyInput) => Promise<unknown>;
  /** What the draft's problems and the person's permissions are, for the answer. */
  drafts: {
    draftProblems(draft: PreCampaign): { problems: Record<string, string> };
    viewOf(actor: Actor, draft: PreCampaign): PreCampaignView;
  };
  clock: Clock;
  ids: IdGenerator;
  audit: Pick<AuditTrail, 'record'>;
  /** A notification that could not be created: the move itself stands (SPEC §8, only logged). */
  onNotifyFailure: (error: unknown, context: { preCampaignId: string; userId: string }) => void;
};

export type CampaignWorkflowService = ReturnType<typeof campaignWorkflowServiceFactory>;

const NOT_FOUND_MESSAGE = 'That campaign does not exist.';

/** Who made a move, as a notification names them. */
export interface Mover {
  uid: string;
  displayName: string;
}

/** The two messages of a move (SPEC §4): one for the super users, one for the campaign's owner. */
function messagesOf(status: WorkflowStatus, name: string, mover: Mover, comment: string | undefined) {
  const quoted = `“${name}”`;
  const why = comment ? `: ${comment}` : '.';
  switch (status) {
    case 'Pending':
      return {
        reviewers: `${mover.displayName} sent ${quoted} for approval.`,
        owner: `${quoted} was sent for approval. You'll hear as soon as a reviewer decides.`,
      };
    case 'Approved':
      return {
        reviewers: `${quoted} was approved by ${mover.displayName}.`,
        owner: `${quoted} was approved. Pay its ad budget to publish it.`,
      };
    case 'Canceled':
      return {
        reviewers: `${quoted} was canceled by ${mover.displayName}${why}`,
        owner: `${quoted} was sent back${why} Edit it and send it again.`,
      };
    case 'Published':
      return { reviewers: `${quoted} was published.`, owner: `${quoted} is live: its ads are running.` };
    case 'New':
      return { reviewers: `${quoted} was reopened.`, owner: `${quoted} was reopened.` };
  }
}

export function campaignWorkflowServiceFactory(deps: CampaignWorkflowServiceDeps) {
  const { unitOfWork, preCampaigns, users, notify, drafts, clock, ids, audit, onNotifyFailure } = deps;

  /** Refuses a move the person may not make, or that the draft is not ready for. */
  const checkMove = (actor: Actor, draft: PreCampaign, transition: WorkflowTransition, comment: string | undefined) => {
    const target = draftTarget(draft);
    if (transition.by === 'platform') {
      throw conflict(
        `A campaign moves from ${transition.from} to ${transition.to} only when its budget is paid and its ads are set up.`,
      );
    }
    if (transition.by === 'owner') {
      authorize(actor, 'preCampaign.submit', target);
      const { problems } = drafts.draftProblems(draft);
      if (Object.keys(problems).length > 0) {
        throw invalid('The campaign is not ready to send for approval: finish the fields named.', problems);
      }
      return;
    }
    authorize(actor, 'preCampaign.review', target);
    if (transition.to === 'Canceled' && !comment) {
      throw invalid('Say why the campaign is canceled, so its owner can fix it.', {
        comment: 'Write what the campaigner should change.',
      });
    }
    if (transition.to === 'Canceled' && draft.isPaid) {
      throw conflict('This campaign’s budget is paid: it is being published and can no longer be canceled here.');
    }
  };

  /** Tells the super users and the owner, after the move is stored; a failure is reported, never undone. */
  const announce = async (draft: PreCampaign, status: WorkflowStatus, mover: Mover, comment: string | undefined) => {
    const name = draftName(draft);
    const messages = messagesOf(status, name, mover, comment);
    const reviewers = await users.list({ superUser: true });
    const common = {
      notification_type: 'workflow' as const,
      notification_user_id: mover.uid,
      notification_campaign_id: draft.id,
      notification_campaign_name: name,
      notification_campaign_amount: draft.campaignRaiseGoal,
      notification_campaign_date: clock.now().toISOString(),
      notification_campaign_status: status,
    };
    const deliveries = [
      ...reviewers.map((reviewer) => ({
        ...common,
        notification_userTo: reviewer.uid,
        notification_message: messages.reviewers,
        notification_url: CAMPAIGN_PATHS.approval(draft.id),
      })),
      {
        ...common,
        notification_userTo: draft.userId,
        notification_message: messages.owner,
        notification_url: CAMPAIGN_PATHS.draft(draft.id),
      },
    ];
    await Promise.all(
      deliveries.map((input) =>
        notify(input).catch((error: unknown) =>
          onNotifyFailure(error, { preCampaignId: draft.id, userId: input.notification_userTo }),
        ),
      ),
    );
  };

  /** Appends the entry, stores the status and records it, all or nothing; then tells the people concerned. */
  const apply = async (
    draft: PreCampaign,
    transition: WorkflowTransition,
    mover: Mover,
    comment: string | undefined,
  ): Promise<PreCampaign> => {
    const at = clock.now().toISOString();
    const entry: WorkflowEntry = {
      workflowId: ids.newId(),
      status: transition.to,
      statusDate: at,
      statusUser: mover.uid,
      comments: [
        { comment: WORKFLOW_COMMENTS[transition.to], createdAt: at, createdBy: mover.uid },
        ...(comment ? [{ comment, createdAt: at, createdBy: mover.uid }] : []),
      ],
    };
    const moved = await unitOfWork.run(async (repositories) => {
      const updated = await repositories.preCampaigns.appendWorkflowEntry(draft.id, entry, transition.to, {
        onlyFrom: [transition.from],
      });
      if (!updated) throw notFound(NOT_FOUND_MESSAGE);
      await audit.record(repositories.auditLogs, mover, {
        document: 'preCampaigns',
        event: 'workflow',
        action: `Moved campaign ${draftName(updated)} from ${transition.from} to ${transition.to}${comment ? `: ${comment}` : ''}`,
        triggerId: draft.id,
        triggerName: draftName(updated),
      });
      return updated;
    });
    await announce(moved, transition.to, mover, comment);
    return moved;
  };

  return {
    /**
     * A person's move (SPEC §4): the owner submits or resubmits, a super user approves or cancels with a
     * comment. Illegal moves get a 409 naming both states; Published is the platform's move only.
     */
    async move(actor: Actor, id: string, body: WorkflowBody): Promise<PreCampaignView> {
      const draft = await preCampaigns.findById(id);
      if (!draft || draft.isDeleted) throw notFound(NOT_FOUND_MESSAGE);
      authorize(actor, 'preCampaign.read', draftTarget(draft));
      const transition = transitionOf(draft.workflowstatus, body.status);
      const comment = body.comment?.trim() || undefined;
      checkMove(actor, draft, transition, comment);
      const moved = await apply(draft, transition, actor, comment);
      return drafts.viewOf(actor, moved);
    },

    /**
     * The platform's move to Published, once the budget is paid and the ads are set up (SPEC §4: this
     * sets isPaid and amobeeDeployed). Answers the published draft; a draft already published is left as is.
     */
    async publish(id: string, by: Mover): Promise<PreCampaign> {
      const draft = await preCampaigns.findById(id);
      if (!draft) throw notFound(NOT_FOUND_MESSAGE);
      if (currentStatusOf(draft.workflowstatus) === 'Published') return draft;
      return apply(draft, transitionOf(draft.workflowstatus, 'Published'), by, undefined);
    },
  };
}
