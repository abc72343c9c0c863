import { describe, expect, it } from 'vitest';
import {
  amountOf,
  asksForBotCheck,
  attributionFrom,
  donateLabel,
  frequencyOf,
  promoterRefFrom,
  rememberedAttribution,
  secondsLeft,
  waitLabel,
} from './donate.rules';

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

describe('the promoter and network a visit is attributed to', () => {
  const memory = () => {
    const kept = new Map<string, string>();
    return {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
    };
  };

  it.each([
    { search: '?ref=p-1&utm_source=x&utm_medium=social', attribution: { ref: 'p-1', channel: 'x' } },
    { search: '?utm_source=linkedin', attribution: { channel: 'linkedin' } },
    { search: '?ref=p-1', attribution: { ref: 'p-1' } },
    { search: '?utm_source=%20', attribution: {} },
    { search: '', attribution: {} },
  ])('$search → $attribution', ({ search, attribution }) => {
    expect(attributionFrom(search)).toEqual(attribution);
  });

  it('keeps a landing for the tab, so a canceled checkout coming back without it still carries it', () => {
    const storage = memory();
    expect(rememberedAttribution('c-1', '?ref=p-1&utm_source=x', storage)).toEqual({ ref: 'p-1', channel: 'x' });
    expect(rememberedAttribution('c-1', '', storage)).toEqual({ ref: 'p-1', channel: 'x' });
    expect(rememberedAttribution('c-2', '', storage)).toEqual({});
    // A later landing by another link replaces it.
    expect(rememberedAttribution('c-1', '?ref=p-2&utm_source=facebook', storage)).toEqual({
      ref: 'p-2',
      channel: 'facebook',
    });
    expect(rememberedAttribution('c-1', '', storage)).toEqual({ ref: 'p-2', channel: 'facebook' });
  });

  it('works without storage, or with storage that refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(rememberedAttribution('c-1', '?ref=p-1', refusing)).toEqual({ ref: 'p-1' });
    expect(rememberedAttribution('c-1', '', refusing)).toEqual({});
    expect(rememberedAttribution('c-1', '?utm_source=x', null)).toEqual({ channel: 'x' });
  });
});

describe('waiting after too many gifts', () => {
  it('counts whole seconds down to zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });

  it('says how long in seconds, or minutes for long waits', () => {
    expect(waitLabel(1)).toBe('Try again in 1 second');
    expect(waitLabel(40)).toBe('Try again in 40 seconds');
    expect(waitLabel(3_599)).toBe('Try again in 60 minutes');
  });

  it('knows a refusal that asks for the bot check from others', () => {
    expect(
      asksForBotCheck({ status: 400, fields: { botCheck: 'Please complete the check that you are a person.' } }),
    ).toBe(true);
    expect(asksForBotCheck({ status: 400, fields: { amount: 'Enter an amount to give.' } })).toBe(false);
    expect(asksForBotCheck({ status: 429, fields: {} })).toBe(false);
    expect(asksForBotCheck(new Error('offline'))).toBe(false);
  });
});

describe('how often a donor gives', () => {
  it.each([
    { chosen: 'monthly', allowed: true, answer: 'monthly' },
    { chosen: 'monthly', allowed: false, answer: 'once' },
    { chosen: 'once', allowed: true, answer: 'once' },
    { chosen: undefined, allowed: true, answer: 'once' },
    { chosen: 'weekly', allowed: true, answer: 'once' },
  ])('$chosen where monthly gifts are allowed: $allowed → $answer', ({ chosen, allowed, answer }) => {
    expect(frequencyOf(chosen, allowed)).toBe(answer);
  });

  it.each([
    { total: 2_500, frequency: 'once', label: 'Donate $25.00' },
    { total: 2_587, frequency: 'once', label: 'Donate $25.87' },
    { total: 2_500, frequency: 'monthly', label: 'Give $25 monthly' },
    { total: 2_587, frequency: 'monthly', label: 'Give $25.87 monthly' },
    { total: 1_000_000, frequency: 'monthly', label: 'Give $10,000 monthly' },
    { total: null, frequency: 'once', label: 'Donate' },
    { total: null, frequency: 'monthly', label: 'Give monthly' },
  ] as const)('labels the button $label', ({ total, frequency, label }) => {
    expect(donateLabel(total, frequency)).toBe(label);
  });
});
