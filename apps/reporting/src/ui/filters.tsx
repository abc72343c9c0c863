import { RANGE_PRESETS } from '@causeway/core/contracts/reporting.contract';
import type { Organization } from '@causeway/core/organizations/organization.entity';
import { presetLabel, presetShortLabel, type RangePreset, type ReportScope } from '../model/scope';

/** The range presets and, for platform staff, the organization: what every report of the area covers. */
export function ScopeFilters({
  scope,
  onChange,
  organizations,
}: {
  scope: ReportScope;
  onChange: (scope: ReportScope) => void;
  /** Given to platform-wide readers only. */
  organizations: readonly Organization[] | null;
}) {
  return (
    <div className="cw-rep-filters">
      <fieldset className="cw-rep-range">
        <legend className="cw-visually-hidden">Date range</legend>
        {RANGE_PRESETS.map((preset: RangePreset) => (
          <label key={preset} className={`cw-rep-range__option${scope.preset === preset ? ' is-active' : ''}`}>
            <input
              type="radio"
              name="report-range"
              value={String(preset)}
              checked={scope.preset === preset}
              onChange={() => onChange({ ...scope, preset })}
            />
            <span aria-hidden="true">{presetShortLabel(preset)}</span>
            <span className="cw-visually-hidden">{presetLabel(preset)}</span>
          </label>
        ))}
      </fieldset>
      {organizations && (
        <div className="cw-rep-org">
          <label htmlFor="report-organization" className="cw-rep-org__label">
            Organization
          </label>
          <select
            id="report-organization"
            className="cw-rep-org__select"
            value={scope.organizationId ?? ''}
            onChange={(event) => onChange({ ...scope, organizationId: event.target.value || null })}
          >
            <option value="">All organizations</option>
            {organizations
              .filter((organization) => !organization.isDeleted || organization.organizationId === scope.organizationId)
              .map((organization) => (
                <option key={organization.organizationId} value={organization.organizationId}>
                  {organization.name}
                  {organization.isDeleted ? ' (deleted)' : ''}
                </option>
              ))}
          </select>
        </div>
      )}
    </div>
  );
}
