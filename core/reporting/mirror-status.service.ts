/** The mirror's health and its rebuild, for platform staff. */
import { isPlatformStaff, type Actor } from '../auth/authorization';
import type { ReportingRebuildResponse, ReportingStatusResponse } from '../contracts/reporting.contract';
import { forbidden } from '../shared/errors';
import type { ReportingProjector } from './projector.service';

export interface MirrorStatusDeps {
  projector: Pick<ReportingProjector, 'status'>;
  rebuild: () => Promise<ReportingRebuildResponse>;
  /** Where the mirror lives. */
  location: ReportingStatusResponse['mirror'];
}

export function mirrorStatusServiceFactory(deps: MirrorStatusDeps) {
  const staffOnly = (actor: Actor) => {
    if (!isPlatformStaff(actor)) throw forbidden('Only platform staff see the reporting mirror.');
  };
  return {
    async status(actor: Actor): Promise<ReportingStatusResponse> {
      staffOnly(actor);
      const status = await deps.projector.status();
      return {
        lastEvent: status.lastEvent,
        backlog: status.backlog,
        lagMs: status.lagMs,
        eventsApplied: status.eventsApplied,
        mirror: deps.location,
        lastRebuildAt: status.lastRebuildAt,
      };
    },
    async rebuild(actor: Actor): Promise<ReportingRebuildResponse> {
      staffOnly(actor);
      return deps.rebuild();
    },
  };
}

export type MirrorStatusService = ReturnType<typeof mirrorStatusServiceFactory>;
