import { BOT_CHECK_REQUIRED } from '../contracts/auth.contract';
import type { BotCheck } from '../ports/bot-check.port';
import { invalid } from '../shared/errors';

/**
 * SPEC §2 bot check: sign-in and sign-up go on only with a correct, unused solution. A refusal names
 * the `botCheck` field, as a missing one does.
 */
export async function requirePerson(
  botCheck: Pick<BotCheck, 'verify'>,
  solution: string | undefined,
  remoteIp?: string,
): Promise<void> {
  if (!solution || !(await botCheck.verify(solution, remoteIp))) {
    throw invalid(BOT_CHECK_REQUIRED, { botCheck: BOT_CHECK_REQUIRED });
  }
}
