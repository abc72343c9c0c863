import type { Clock } from '@causeway/core/ports/clock.port';

export const systemClock: Clock = { now: () => new Date() };
