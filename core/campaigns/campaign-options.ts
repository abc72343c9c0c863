/** The choices the campaign wizard offers (SPEC §9 lists most of them; the rest are this product's). */

/** Ten cause categories a nonprofit's campaign raises money for. */
export const CAUSE_CATEGORIES = [
  'Hunger and food security',
  'Health and medical care',
  'Education',
  'Children and youth',
  'Housing and homelessness',
  'Environment and climate',
  'Animal welfare',
  'Disaster relief',
  'Arts and culture',
  'Human rights and justice',
] as const;
export type CauseCategory = (typeof CAUSE_CATEGORIES)[number];

/**
 * Where the ads run: display banners or video. A campaign buys one line item, so one format; its ad
 * files must be of that format.
 */
export const CAMPAIGN_CHANNELS = ['display', 'video'] as const;
export type CampaignChannel = (typeof CAMPAIGN_CHANNELS)[number];

/** Interests a campaign may target (reach people who care about these). */
export const TARGET_INTERESTS = [
  'Charity and volunteering',
  'Community',
  'Education',
  'Environment',
  'Family and parenting',
  'Food and cooking',
  'Health and fitness',
  'Animals and pets',
  'Arts and music',
  'Faith and spirituality',
  'Politics and civic life',
  'Science and technology',
  'Sports',
  'Travel',
  'Outdoors',
  'Business and finance',
] as const;
export type TargetInterest = (typeof TARGET_INTERESTS)[number];

/** The 50 US states by postal code (SPEC §9), as the ad platform's regions of country 2 are named. */
export const US_STATES = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
] as const;
export type UsStateCode = (typeof US_STATES)[number]['code'];
export const US_STATE_CODES = US_STATES.map((state) => state.code) as [UsStateCode, ...UsStateCode[]];

/** Limits the wizard and the server both apply. Money in cents. */
export const CAMPAIGN_LIMITS = {
  nameMax: 120,
  titleMax: 160,
  storyMin: 50,
  storyMax: 20_000,
  tagsMax: 10,
  tagMax: 40,
  goalMinCents: 100_00,
  goalMaxCents: 10_000_000_00,
  budgetMinCents: 50_00,
  budgetMaxCents: 1_000_000_00,
  dailyMinCents: 5_00,
  cpcMinCents: 10,
  /** The line item's maximum average bid is 5 dollars (SPEC §9): a higher CPC goal could never be met. */
  cpcMaxCents: 5_00,
  citiesMax: 50,
  zipsMax: 200,
  adFilesMax: 10,
} as const;
