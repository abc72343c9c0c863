import { Search } from 'lucide-react';
import { useState } from 'react';
import {
  REPORTING_PATHS,
  type CampaignReportRow,
  type CampaignSort,
} from '@causeway/core/contracts/reporting.contract';
import { Link } from '@causeway/shells/shared/router';
import { useCampaignReports } from '../api/reports.api';
import { count, decimal, dollars, percent, perDollar } from '../model/format';
import { withScope, type ReportScope } from '../model/scope';
import { DataTable, Pager, type Column } from '../ui/data-table';
import { ExportButtons } from '../ui/export-buttons';
import { useTableSort } from '../ui/use-table-sort';
import { ErrorPanel, Freshness, LoadingSkeleton, NoFigures } from '../ui/states';

/** The columns; the organization is named only when the list covers every organization. */
const columnsOf = (scope: ReportScope, everyOrganization: boolean): Column<CampaignReportRow, CampaignSort>[] => [
  {
    header: 'Campaign',
    sort: 'title',
    cell: (row) => (
      <span className="cw-rep-campaign">
        <Link to={withScope(REPORTING_PATHS.campaign(row.campaignId), scope)} className="cw-rep-link">
          {row.title || row.name}
        </Link>
        <span className="cw-rep-campaign__meta">
          {row.live ? 'Live' : 'Ended'}
          {everyOrganization && row.organizationName ? ` · ${row.organizationName}` : ''}
        </span>
      </span>
    ),
  },
  { header: 'Raised', sort: 'raised', numeric: true, cell: (row) => dollars(row.raisedCents) },
  {
    header: '% of goal',
    sort: 'percentOfGoal',
    numeric: true,
    cell: (row) => percent(row.percentOfGoal === null ? null : row.percentOfGoal / 100, 0),
  },
  { header: 'Gifts', sort: 'gifts', numeric: true, cell: (row) => count(row.gifts) },
  { header: 'Donors', sort: 'donors', numeric: true, wide: true, cell: (row) => count(row.donors) },
  { header: 'Promoters', sort: 'promoters', numeric: true, wide: true, cell: (row) => count(row.promoters) },
  { header: 'Impressions', sort: 'impressions', numeric: true, wide: true, cell: (row) => count(row.impressions) },
  { header: 'Ad clicks', sort: 'adClicks', numeric: true, wide: true, cell: (row) => count(row.adClicks) },
  { header: 'CTR', sort: 'ctr', numeric: true, wide: true, cell: (row) => percent(row.ctr, 2) },
  { header: 'Spend', sort: 'spend', numeric: true, cell: (row) => dollars(row.spendCents) },
  {
    header: 'Cost per $ raised',
    sort: 'costPerDollarRaised',
    numeric: true,
    wide: true,
    cell: (row) => perDollar(row.costPerDollarRaised),
  },
  {
    header: 'Gifts per 1,000 clicks',
    sort: 'donationsPerThousandClicks',
    numeric: true,
    wide: true,
    cell: (row) => decimal(row.donationsPerThousandClicks),
  },
];

/** Every campaign's figures over the range, sortable by each, a page at a time. */
export function CampaignsPage({ scope }: { scope: ReportScope }) {
  const { sort, onSort, page, setPage } = useTableSort<CampaignSort>('raised', 'title');
  const [search, setSearch] = useState('');
  const campaigns = useCampaignReports(scope, { sort: sort.by, order: sort.order, page, search });

  return (
    <div className="cw-rep-page">
      <div className="cw-rep-page__head">
        <h1 className="cw-rep-page__title">Campaigns</h1>
        <ExportButtons table="campaigns" label="campaigns" scope={scope} extra={{ sort: sort.by, order: sort.order }} />
      </div>
      <div className="cw-rep-search">
        <label htmlFor="campaign-search" className="cw-visually-hidden">
          Search campaigns
        </label>
        <Search size={16} aria-hidden="true" className="cw-rep-search__icon" />
        <input
          id="campaign-search"
          type="search"
          placeholder="Search campaigns"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {campaigns.isPending ? (
        <LoadingSkeleton label="Loading the campaigns…" />
      ) : campaigns.isError ? (
        <ErrorPanel
          title="The campaigns could not be loaded"
          error={campaigns.error}
          onRetry={() => campaigns.refetch()}
        />
      ) : (
        <>
          <Freshness freshness={campaigns.data.freshness} />
          {campaigns.data.rows.length === 0 ? (
            <NoFigures what="campaigns" />
          ) : (
            <DataTable
              caption="Campaigns"
              columns={columnsOf(scope, campaigns.data.range.organizationId === null)}
              rows={campaigns.data.rows}
              rowKey={(row) => row.campaignId}
              sort={sort}
              onSort={onSort}
            />
          )}
          <Pager
            label="Campaigns"
            page={campaigns.data.page}
            pageSize={campaigns.data.pageSize}
            total={campaigns.data.total}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}
