import { CAMPAIGN_PATHS, DONATE_BUTTON_SCRIPT_PATH } from '@causeway/core/contracts/campaign-screens';

/** The message the donate form sends the page around it with its height (the button script's too). */
export const DONATE_FORM_HEIGHT_MESSAGE = 'causeway:donate-form-height';

const attribute = (value: string) =>
  value.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/** What a nonprofit pastes into its own site to show a campaign's donate form, as a button or in the page. */
export interface DonateFormSnippets {
  /** One line: a Donate button that opens the form over the page, sized to it. */
  button: string;
  /** The form itself in the page, at a fixed height. */
  frame: string;
}

export function donateFormSnippetsOf(platformOrigin: string, campaignId: string, title: string): DonateFormSnippets {
  const formUrl = `${platformOrigin}${CAMPAIGN_PATHS.donateForm(campaignId)}`;
  return {
    button: `<script src="${attribute(`${platformOrigin}${DONATE_BUTTON_SCRIPT_PATH}`)}" data-campaign="${attribute(
      campaignId,
    )}" async></script>`,
    frame: `<iframe src="${attribute(formUrl)}" title="${attribute(
      `Donate: ${title}`,
    )}" style="width:100%;max-width:460px;height:640px;border:0" loading="lazy"></iframe>`,
  };
}
