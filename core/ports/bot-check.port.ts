export interface BotChallenge {
  /** What the browser must solve (opaque to core). */
  challenge: string;
  /** Extra parameters for the solver, e.g. a proof-of-work difficulty or a site key. */
  params: Record<string, string | number>;
  expiresAt: string;
}

/** Tells people from scripts on sign-up and sign-in. */
export interface BotCheck {
  /** The kind of check, so the front end picks its solver: a proof of work or a hosted captcha. */
  readonly kind: 'proof-of-work' | 'captcha';
  issueChallenge(): Promise<BotChallenge>;
  /** True once for a correct, unexpired solution; a replayed solution is refused. */
  verify(solution: string, remoteIp?: string): Promise<boolean>;
}
