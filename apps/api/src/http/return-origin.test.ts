import { describe, expect, test } from 'vitest';
import { returnOriginOf } from './return-origin';

const request = (host: string | undefined, protocol = 'http') => ({
  protocol,
  get: (name: string) => (name.toLowerCase() === 'host' ? host : undefined),
});

describe('returnOriginOf', () => {
  test('the same server opened by another loopback name comes back to that name', () => {
    expect(returnOriginOf(request('127.0.0.1:3000') as never, 'http://localhost:3000')).toBe('http://127.0.0.1:3000');
    expect(returnOriginOf(request('localhost:3000') as never, 'http://localhost:3000')).toBe('http://localhost:3000');
  });

  test('another site, another port or no host comes back to the public address', () => {
    expect(returnOriginOf(request('evil.example') as never, 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(returnOriginOf(request('127.0.0.1:4000') as never, 'http://localhost:3000')).toBe('http://localhost:3000');
    expect(returnOriginOf(request(undefined) as never, 'https://give.example.org')).toBe('https://give.example.org');
    expect(returnOriginOf(request('localhost:443', 'https') as never, 'https://give.example.org')).toBe(
      'https://give.example.org',
    );
  });
});
