/** Lengths of inputs that no contract's schema gives (plain numbers: a page can use them without the schemas). */

/** A search box filters a list: no contract keeps what is typed, so a generous line is the limit. */
export const SEARCH_MAX_LENGTH = 200;

/** An amount typed in dollars ("1,000,000.00"): more characters than any amount the platform takes. */
export const AMOUNT_MAX_LENGTH = 16;
