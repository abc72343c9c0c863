import type { ResolutionContext } from 'inversify';
import { demoHistorySeeder, type DemoHistoryPeople } from '@causeway/core/demo/demo-history.seed';
import { TYPES } from '../types';
import { demoCoverStore } from './demo-covers';

/** The demo history seed, written through the primary store's repositories (every store has them). */
export function demoHistoryFor(context: ResolutionContext) {
  const seed = demoHistorySeeder({
    unitOfWork: context.get(TYPES.UnitOfWork),
    clock: context.get(TYPES.Clock),
    ids: context.get(TYPES.Ids),
    storeCover: demoCoverStore(context.get(TYPES.FileStore), (message, error) =>
      context.get(TYPES.Logger).warn({ err: error }, message),
    ),
  });
  const logger = context.get(TYPES.Logger);
  return async (people: DemoHistoryPeople) => {
    const started = performance.now();
    const report = await seed(people);
    logger.info({ ...report, ms: Math.round(performance.now() - started) }, 'Demo: ninety days of history seeded');
    return report;
  };
}
