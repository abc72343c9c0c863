/**
 * The sandbox's fixed catalogue: ad sizes and the location service's countries, regions and cities.
 * Regions and cities come from the `country-state-city` package, numbered the way the platform
 * numbers them where the vendor's collection shows it (Canada's provinces), stably otherwise.
 */

export interface SandboxAdSize {
  id: number;
  width: number;
  height: number;
  mediaChannels: string[];
}

export interface SandboxRegion {
  id: number;
  name: string;
  isoCode: string;
  countryId: number;
}

export interface SandboxCity {
  id: number;
  name: string;
  regionId: number;
}

export const CANADA_COUNTRY_ID = 1;
export const US_COUNTRY_ID = 2;

/** The platform's country ids and the ISO codes the package knows them by. */
export const COUNTRY_ISO_CODES: Record<number, string> = { [CANADA_COUNTRY_ID]: 'CA', [US_COUNTRY_ID]: 'US' };

const DISPLAY_SIZES: [number, number][] = [
  [300, 250],
  [728, 90],
  [160, 600],
  [300, 600],
  [320, 50],
  [300, 50],
  [970, 250],
  [970, 90],
  [336, 280],
  [468, 60],
  [120, 600],
  [320, 100],
  [250, 250],
  [200, 200],
  [234, 60],
  [120, 240],
  [125, 125],
  [180, 150],
  [300, 1050],
  [320, 480],
  [480, 320],
  [768, 1024],
  [1024, 768],
];

const VIDEO_SIZES: [number, number][] = [
  [1920, 1080],
  [1280, 720],
  [960, 540],
  [854, 480],
  [640, 360],
  [640, 480],
  [3840, 2160],
  [1080, 1920],
];

/**
 * Ids 1–3 are as the vendor's collection shows them (a 1×1 for every channel, an audio-only 300×223,
 * 640×640 for display and audio), and so is 13, the frame of its uploaded test video; IAB display
 * sizes and common video frames fill the rest.
 */
export const AD_SIZES: SandboxAdSize[] = [
  { id: 1, width: 1, height: 1, mediaChannels: ['social', 'display', 'audio', 'video'] },
  { id: 2, width: 300, height: 223, mediaChannels: ['audio'] },
  { id: 3, width: 640, height: 640, mediaChannels: ['display', 'audio'] },
  ...DISPLAY_SIZES.map(([width, height], index) => ({
    id: index < 9 ? 4 + index : 5 + index,
    width,
    height,
    mediaChannels: ['display'],
  })),
  ...VIDEO_SIZES.map(([width, height], index) => ({
    id: index === 0 ? 13 : 100 + index,
    width,
    height,
    mediaChannels: ['video'],
  })),
];

/** The vendor's own numbering of Canada's provinces and territories (its List of Regions example). */
const CANADA_REGION_IDS: Record<string, number> = {
  AB: 1,
  BC: 2,
  MB: 3,
  NB: 4,
  NL: 5,
  NS: 6,
  NU: 7,
  ON: 8,
  PE: 9,
  QC: 10,
  SK: 11,
  NT: 12,
  YT: 13,
};
const FIRST_US_REGION_ID = 14;
/** Territories and minor outlying islands: the platform's US regions are the 50 states and DC. */
const NOT_A_STATE = /^(AS|GU|MP|PR|VI|UM)(-|$)/;
const CITY_IDS_PER_REGION = 100_000;

export interface LocationCatalog {
  regions: SandboxRegion[];
  region(id: number): SandboxRegion | undefined;
  cities(regionId: number): SandboxCity[];
  city(id: number): SandboxCity | undefined;
}

let catalog: Promise<LocationCatalog> | undefined;

/** Loaded on first use: the package's city table is large. */
export function locationCatalog(): Promise<LocationCatalog> {
  catalog ??= (async () => {
    const { City, State } = await import('country-state-city');
    const canada = State.getStatesOfCountry('CA')
      .filter((state) => CANADA_REGION_IDS[state.isoCode] !== undefined)
      .map((state) => ({
        id: CANADA_REGION_IDS[state.isoCode]!,
        name: state.name,
        isoCode: state.isoCode,
        countryId: CANADA_COUNTRY_ID,
      }));
    const states = State.getStatesOfCountry('US')
      .filter((state) => !NOT_A_STATE.test(state.isoCode))
      .map((state, index) => ({
        id: FIRST_US_REGION_ID + index,
        name: state.name,
        isoCode: state.isoCode,
        countryId: US_COUNTRY_ID,
      }));
    const regions = [...canada, ...states];
    const byId = new Map(regions.map((region) => [region.id, region]));
    const cityCache = new Map<number, SandboxCity[]>();
    const cities = (regionId: number): SandboxCity[] => {
      const region = byId.get(regionId);
      if (!region) return [];
      let list = cityCache.get(regionId);
      if (!list) {
        list = City.getCitiesOfState(COUNTRY_ISO_CODES[region.countryId]!, region.isoCode).map((city, index) => ({
          id: regionId * CITY_IDS_PER_REGION + index + 1,
          name: city.name,
          regionId,
        }));
        cityCache.set(regionId, list);
      }
      return list;
    };
    return {
      regions,
      region: (id) => byId.get(id),
      cities,
      city: (id) => cities(Math.floor(id / CITY_IDS_PER_REGION)).find((city) => city.id === id),
    };
  })();
  return catalog;
}
