/**
 * Domain errors carry a stable code that the HTTP layer maps to a status.
 * Messages are written for the person who will read them.
 */
export type DomainErrorCode =
  'not_found' | 'conflict' | 'forbidden' | 'unauthenticated' | 'invalid' | 'rate_limited' | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const forbidden = (message = 'You are not allowed to do this.') => new DomainError('forbidden', message);
export const unauthenticated = (message = 'Please sign in.') => new DomainError('unauthenticated', message);
export const invalid = (message: string, fields?: Record<string, string>) =>
  new DomainError('invalid', message, fields);

/** Too many attempts: the answer says when to try again (a Retry-After of whole seconds). */
export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
    this.name = 'RateLimitedError';
  }
}

export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new RateLimitedError(message, Math.max(1, Math.ceil(retryAfterSeconds)));
