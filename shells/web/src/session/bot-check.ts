/**
 * Extra fields the sign-in request carries to show a person sent it (SPEC §2 bot-check).
 * None until a bot-check provider is configured; its token goes here, not in the form.
 */
export async function botCheckFields(): Promise<Record<string, string>> {
  return {};
}
