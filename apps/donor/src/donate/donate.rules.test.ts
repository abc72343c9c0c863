import { describe, expect, it } from 'vitest';
import { amountOf, promoterRefFrom } from './donate.rules';

describe('the amount a donor gives', () => {
  it.each([
    { choice: { kind: 'preset', cents: 2_500 } as const, answer: { cents: 2_500 } },
    { choice: { kind: 'custom', text: '25' } as const, answer: { cents: 2_500 } },
    { choice: { kind: 'custom', text: '$1,250.5' } as const, answer: { cents: 125_050 } },
    { choice: { kind: 'custom', text: ' 7.05 ' } as const, answer: { cents: 705 } },
    { choice: { kind: 'custom', text: '1' } as const, answer: { cents: 100 } },
    { choice: { kind: 'custom', text: '100000' } as const, answer: { cents: 10_000_000 } },
    { choice: { kind: 'custom', text: '' } as const, answer: { problem: 'Enter an amount to give.' } },
    { choice: { kind: 'custom', text: '0.99' } as const, answer: { problem: 'The smallest gift is $1.00.' } },
    {
      choice: { kind: 'custom', text: '100000.01' } as const,
      answer: { problem: 'Gifts online can be at most $100,000.00.' },
    },
    {
      choice: { kind: 'custom', text: '12.345' } as const,
      answer: { problem: 'Enter an amount in dollars, like 25 or 25.50.' },
    },
    {
      choice: { kind: 'custom', text: 'ten' } as const,
      answer: { problem: 'Enter an amount in dollars, like 25 or 25.50.' },
    },
    {
      choice: { kind: 'custom', text: '-5' } as const,
      answer: { problem: 'Enter an amount in dollars, like 25 or 25.50.' },
    },
  ])('$choice → $answer', ({ choice, answer }) => {
    expect(amountOf(choice)).toEqual(answer);
  });
});

describe('the promoter a visitor came with', () => {
  it.each([
    { search: '?ref=promoter-1&utm_source=x&utm_medium=social', ref: 'promoter-1' },
    { search: '?utm_source=x&utm_content=winterX123', ref: 'winterX123' },
    { search: '?ref=%20&utm_content=abc', ref: 'abc' },
    { search: '?utm_source=x&utm_medium=social', ref: undefined },
    { search: '', ref: undefined },
  ])('$search → $ref', ({ search, ref }) => {
    expect(promoterRefFrom(search)).toBe(ref);
  });
});
