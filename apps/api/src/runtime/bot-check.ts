import type { Logger } from 'pino';
import { createCaptchaBotCheck } from '@causeway/adapters/botcheck/captcha.bot-check';
import { createProofOfWorkBotCheck } from '@causeway/adapters/botcheck/proof-of-work.bot-check';
import type { BotCheck } from '@causeway/core/ports/bot-check.port';
import type { Clock } from '@causeway/core/ports/clock.port';
import type { IdGenerator } from '@causeway/core/ports/id-generator.port';
import type { Config } from '../config';

/** A hosted captcha when its keys are set, else the proof of work (SPEC §2 bot check). */
export function openBotCheck(config: Config, logger: Logger, clock: Clock, ids: IdGenerator): BotCheck {
  if (config.CAPTCHA_SECRET && config.CAPTCHA_SITE_KEY) {
    logger.info({ verifyUrl: config.CAPTCHA_VERIFY_URL }, 'Bot check: hosted captcha');
    return createCaptchaBotCheck({
      secret: config.CAPTCHA_SECRET,
      siteKey: config.CAPTCHA_SITE_KEY,
      verifyUrl: config.CAPTCHA_VERIFY_URL,
      clock,
      onError: (error) => logger.warn({ err: error }, 'The captcha service could not be asked; the check failed'),
    });
  }
  return createProofOfWorkBotCheck({
    // Without BOT_CHECK_SECRET each start signs with its own: challenges of another instance are refused.
    secret: config.BOT_CHECK_SECRET ?? ids.newSecret(),
    difficulty: config.BOT_CHECK_DIFFICULTY,
    clock,
    ttlMs: 10 * 60 * 1000,
  });
}
