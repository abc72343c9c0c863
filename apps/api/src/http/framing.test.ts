import { describe, expect, it } from 'vitest';
import { withFrameAncestors } from './framing';

describe('a policy with the sites that may frame a page', () => {
  it.each([
    {
      case: 'replaces the frame-ancestors and keeps the rest',
      policy: "default-src 'self';frame-ancestors 'self';script-src 'self'",
      expected: "default-src 'self';script-src 'self';frame-ancestors 'self' https://a.example",
    },
    {
      case: 'adds one to a policy without it',
      policy: "default-src 'self'",
      expected: "default-src 'self';frame-ancestors 'self' https://a.example",
    },
    { case: 'makes one of an empty policy', policy: '', expected: "frame-ancestors 'self' https://a.example" },
  ])('$case', ({ policy, expected }) => {
    expect(withFrameAncestors(policy, "'self' https://a.example")).toBe(expected);
  });
});
