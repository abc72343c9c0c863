/**
 * The demo campaigns' cover designs, named as their images are (apps/api/src/demo/covers/NAME.jpg,
 * rendered from NAME.svg by scripts/render-demo-covers.mjs).
 */
export const DEMO_COVER_DESIGNS = [
  'winter-meals',
  'pantry-van',
  'summer-lunch-bags',
  'back-to-school-backpacks',
  'holiday-food-boxes',
] as const;
export type DemoCoverDesign = (typeof DEMO_COVER_DESIGNS)[number];

/**
 * Stores a demo campaign's cover through the file store, as an upload would, and answers its address
 * for `campaignCoverImage`; null when the image could not be stored (the campaign is seeded without one).
 */
export type StoreDemoCover = (campaignId: string, design: DemoCoverDesign) => Promise<string | null>;
