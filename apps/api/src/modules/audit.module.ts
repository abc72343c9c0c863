import { ContainerModule } from 'inversify';
import { auditLogServiceFactory } from '@causeway/core/audit/audit-log.service';
import { TYPES } from '../types';

/** The audit log, for platform staff to read (the use cases write its entries through `auditTrail`). */
export const auditModule = new ContainerModule(({ bind }) => {
  bind(TYPES.AuditLogService).toDynamicValue((context) =>
    auditLogServiceFactory({ auditLogs: context.get(TYPES.Repositories).auditLogs }),
  );
});
