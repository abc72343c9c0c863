import type { PreCampaignView } from '@causeway/core/contracts/campaigns.contract';
import type { DraftEditor } from '../wizard/use-draft-editor';

export type StepProps = { editor: DraftEditor; view: PreCampaignView };
