import type { GiftPlaces } from '@causeway/core/contracts/reporting.contract';
import { placeRows, type PlaceRow } from '../model/charts';
import { count, dollars } from '../model/format';
import { ChartFrame } from '../ui/chart-frame';
import { PlacesChart } from '../ui/charts';
import { NoFigures } from '../ui/states';

const placeColumns = [
  { header: 'Where', cell: (row: PlaceRow) => row.place },
  { header: 'Gifts', numeric: true, cell: (row: PlaceRow) => count(row.gifts) },
  { header: 'Raised', numeric: true, cell: (row: PlaceRow) => dollars(Math.round(row.raised * 100)) },
] as const;

/**
 * Where the range's gifts were made: promoters' fundraising pages, the donate form on the organization's
 * own site, and the campaign's page (or pages) for the rest.
 */
export function PlacesFrame({ places, overAll = false }: { places: GiftPlaces; overAll?: boolean }) {
  const rows = placeRows(places, overAll ? 'Campaign pages' : 'Campaign page');
  const campaignPages = overAll ? "the campaigns' pages" : "the campaign's page";
  const { fundraiserPages, donateForm } = places;
  return (
    <ChartFrame
      title="Where gifts were made"
      summary={`${count(fundraiserPages.gifts)} gifts (${dollars(fundraiserPages.raisedCents)}) were made on promoters' fundraising pages and ${count(donateForm.gifts)} (${dollars(donateForm.raisedCents)}) on the donate form on your site; the rest on ${campaignPages}.`}
      rows={rows}
      columns={placeColumns}
      rowKey={(row) => row.place}
    >
      {rows.every((row) => row.gifts === 0) ? <NoFigures what="gifts" /> : <PlacesChart rows={rows} />}
    </ChartFrame>
  );
}
