import { describe, expect, it } from 'vitest';
import { brandOf, chargeCard } from './stripe-sandbox.cards';

const NOW = new Date('2026-03-10T15:30:00.000Z');
const card = (number: string, expiry = '12 / 34', cvc = '123') => chargeCard({ number, expiry, cvc }, NOW);

describe("the sandbox's test cards", () => {
  it.each([
    ['4242 4242 4242 4242', 'visa', '4242'],
    ['4000056655665556', 'visa', '5556'],
    ['5555 5555 5555 4444', 'mastercard', '4444'],
    ['2223003122003222', 'mastercard', '3222'],
  ])('%s is approved as %s ending %s', (number, brand, last4) => {
    expect(card(number)).toMatchObject({ kind: 'approved', card: { brand, last4, exp_month: 12, exp_year: 2034 } });
  });

  it('takes an amex card with its four-digit security code', () => {
    expect(card('378282246310005', '12/2030', '1234')).toMatchObject({ kind: 'approved', card: { brand: 'amex' } });
  });

  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000000000000069', 'expired_card', null, 'Your card has expired.'],
    ['4000000000000127', 'incorrect_cvc', null, "Your card's security code is incorrect."],
    ['4111111111111111', 'card_declined', 'test_mode_live_card', expect.stringContaining('non test card')],
  ])('%s is declined (%s, %s)', (number, code, declineCode, message) => {
    expect(card(number)).toMatchObject({ kind: 'declined', code, declineCode, message });
  });

  it.each([
    ['', '12 / 34', '123', 'number', 'Your card number is incomplete.'],
    ['4242 4242 4242', '12 / 34', '123', 'number', 'Your card number is incomplete.'],
    ['4242 4242 4242 4241', '12 / 34', '123', 'number', 'Your card number is invalid.'],
    ['4242-abcd', '12 / 34', '123', 'number', 'Your card number is invalid.'],
    ['4242424242424242', '', '123', 'expiry', "Your card's expiration date is incomplete."],
    ['4242424242424242', '13 / 34', '123', 'expiry', "Your card's expiration month is invalid."],
    ['4242424242424242', '12 / 25', '123', 'expiry', "Your card's expiration year is in the past."],
    ['4242424242424242', '02 / 26', '123', 'expiry', "Your card's expiration date is in the past."],
    ['4242424242424242', '12 / 34', '12', 'cvc', "Your card's security code is incomplete."],
    ['4242424242424242', '12 / 34', '12a', 'cvc', "Your card's security code is invalid."],
  ])('%s %s %s is refused on its %s: %s', (number, expiry, cvc, field, message) => {
    expect(card(number, expiry, cvc)).toEqual({ kind: 'invalid', field, code: expect.any(String), message });
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['5105105105105100', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['371449635398431', 'amex'],
    ['6011111111111117', 'discover'],
    ['3566002020360505', 'unknown'],
  ])('%s is a %s card', (number, brand) => {
    expect(brandOf(number)).toBe(brand);
  });
});
