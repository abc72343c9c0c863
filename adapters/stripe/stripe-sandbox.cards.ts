/** What a payer typed into the checkout page's card form. */
export interface CardEntry {
  number: string;
  /** `MM / YY`, `MM/YY` or `MM/YYYY`. */
  expiry: string;
  cvc: string;
}

export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: 'credit' | 'debit';
  country: string;
}

/** The card form cannot be sent as typed (Stripe's own form says so before any charge is tried). */
export interface CardInputError {
  kind: 'invalid';
  field: 'number' | 'expiry' | 'cvc';
  code: string;
  message: string;
}

/** The card was read and the charge tried, and the bank said no. */
export interface CardDecline {
  kind: 'declined';
  code: string;
  declineCode: string | null;
  message: string;
  card: CardDetails;
}

export type CardOutcome = { kind: 'approved'; card: CardDetails } | CardInputError | CardDecline;

const DECLINED = 'Your card was declined.';

/** Stripe's test card numbers and what each one does. */
const TEST_CARDS: Record<
  string,
  { funding?: 'debit'; decline?: { code: string; declineCode: string | null; message: string } }
> = {
  '4242424242424242': {},
  '4000056655665556': { funding: 'debit' },
  '5555555555554444': {},
  '2223003122003222': {},
  '5200828282828210': { funding: 'debit' },
  '378282246310005': {},
  '371449635398431': {},
  '6011111111111117': {},
  '4000000000000002': { decline: { code: 'card_declined', declineCode: 'generic_decline', message: DECLINED } },
  '4000000000009995': {
    decline: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  },
  '4000000000009987': { decline: { code: 'card_declined', declineCode: 'lost_card', message: DECLINED } },
  '4000000000009979': { decline: { code: 'card_declined', declineCode: 'stolen_card', message: DECLINED } },
  '4000000000000069': { decline: { code: 'expired_card', declineCode: null, message: 'Your card has expired.' } },
  '4000000000000127': {
    decline: { code: 'incorrect_cvc', declineCode: null, message: "Your card's security code is incorrect." },
  },
  '4000000000000119': {
    decline: {
      code: 'processing_error',
      declineCode: null,
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
  },
};

/** The test card numbers the sandbox pages suggest. */
export const SUGGESTED_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'is declined for insufficient funds' },
] as const;

/** Decline codes the control API can ask for, each with the card number that produces it. */
export const DECLINE_CARDS: Record<string, string> = {
  generic_decline: '4000000000000002',
  insufficient_funds: '4000000000009995',
  lost_card: '4000000000009987',
  stolen_card: '4000000000009979',
  expired_card: '4000000000000069',
  incorrect_cvc: '4000000000000127',
  processing_error: '4000000000000119',
};

export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  const first4 = Number(number.slice(0, 4));
  if (/^5[1-5]/.test(number) || (first4 >= 2221 && first4 <= 2720)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  return 'unknown';
}

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

const invalid = (field: CardInputError['field'], code: string, message: string): CardInputError => ({
  kind: 'invalid',
  field,
  code,
  message,
});

/**
 * Reads a card as Stripe's test mode does: the number, expiry and security code are checked first
 * (with Stripe's own messages), then a test card number decides the outcome; any other valid number
 * is declined, as test mode declines real cards.
 */
export function chargeCard(entry: CardEntry, now: Date): CardOutcome {
  const number = entry.number.replace(/[\s-]/g, '');
  if (number === '' || !/^\d+$/.test(number)) {
    return invalid(
      'number',
      'invalid_number',
      number === '' ? 'Your card number is incomplete.' : 'Your card number is invalid.',
    );
  }
  const brand = brandOf(number);
  const length = brand === 'amex' ? 15 : 16;
  if (number.length < length) return invalid('number', 'incomplete_number', 'Your card number is incomplete.');
  if (number.length > 19 || !luhnValid(number))
    return invalid('number', 'invalid_number', 'Your card number is invalid.');

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(entry.expiry);
  if (!expiry) {
    return invalid(
      'expiry',
      'incomplete_expiry',
      entry.expiry.trim() === ''
        ? "Your card's expiration date is incomplete."
        : "Your card's expiration date is invalid.",
    );
  }
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12)
    return invalid('expiry', 'invalid_expiry_month', "Your card's expiration month is invalid.");
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) return invalid('expiry', 'invalid_expiry_year', "Your card's expiration year is in the past.");
  if (year === thisYear && month < now.getUTCMonth() + 1) {
    return invalid('expiry', 'invalid_expiry_month', "Your card's expiration date is in the past.");
  }
  if (year > thisYear + 50) return invalid('expiry', 'invalid_expiry_year', "Your card's expiration year is invalid.");

  const cvc = entry.cvc.trim();
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!/^\d*$/.test(cvc)) return invalid('cvc', 'invalid_cvc', "Your card's security code is invalid.");
  if (cvc.length < cvcLength) return invalid('cvc', 'incomplete_cvc', "Your card's security code is incomplete.");
  if (cvc.length > cvcLength) return invalid('cvc', 'invalid_cvc', "Your card's security code is invalid.");

  const known = TEST_CARDS[number];
  const card: CardDetails = {
    brand,
    last4: number.slice(-4),
    exp_month: month,
    exp_year: year,
    funding: known?.funding ?? 'credit',
    country: 'US',
  };
  if (!known) {
    return {
      kind: 'declined',
      code: 'card_declined',
      declineCode: 'test_mode_live_card',
      message:
        'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
      card,
    };
  }
  if (known.decline) return { kind: 'declined', ...known.decline, card };
  return { kind: 'approved', card };
}
