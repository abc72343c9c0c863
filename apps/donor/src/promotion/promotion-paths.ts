/** Pages of promotion in the Discover area. */
export const DISCOVER_PATH = '/donor';
export const PROMOTIONS_PATH = '/donor/promotions';
export const DONATIONS_PATH = '/donor/donations';
