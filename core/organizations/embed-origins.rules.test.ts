import { describe, expect, it } from 'vitest';
import {
  EmbedOrigins,
  embedOriginOf,
  frameAncestorsOf,
  MAX_EMBED_ORIGINS,
  RETURN_ADDRESS_MAX_LENGTH,
  returnAddressOf,
  returnHostOf,
} from './embed-origins.rules';

describe('a site that may show the donate form', () => {
  it.each([
    { written: 'https://www.example.org', origin: 'https://www.example.org' },
    { written: 'https://www.example.org/', origin: 'https://www.example.org' },
    { written: '  HTTPS://Example.ORG  ', origin: 'https://example.org' },
    { written: 'https://example.org:8443', origin: 'https://example.org:8443' },
    { written: 'https://example.org:443', origin: 'https://example.org' },
    { written: 'http://localhost:5173', origin: 'http://localhost:5173' },
    { written: 'http://127.0.0.2:8080', origin: 'http://127.0.0.2:8080' },
    { written: 'http://[::1]:3000', origin: 'http://[::1]:3000' },
    { written: 'https://xn--bcher-kva.example', origin: 'https://xn--bcher-kva.example' },
  ])('takes $written as $origin', ({ written, origin }) => {
    expect(embedOriginOf(written)).toEqual({ ok: true, origin });
  });

  it.each([
    { case: 'a bare host', written: 'example.org' },
    { case: 'a path', written: 'https://example.org/donate' },
    { case: 'a query', written: 'https://example.org?x=1' },
    { case: 'a fragment', written: 'https://example.org#top' },
    { case: 'a user', written: 'https://me@example.org' },
    { case: 'a wildcard', written: 'https://*.example.org' },
    { case: 'another scheme', written: 'ftp://example.org' },
    { case: 'a script', written: 'javascript:alert(1)' },
    { case: 'plain http to another computer', written: 'http://example.org' },
    { case: 'a CSP keyword', written: "'self'" },
    { case: 'two sites in one', written: 'https://a.example https://b.example' },
    { case: 'a semicolon', written: 'https://a.example;script-src *' },
  ])('refuses $case', ({ written }) => {
    expect(embedOriginOf(written).ok).toBe(false);
  });

  it('drops duplicates and empty lines, and refuses more than the bound', () => {
    expect(EmbedOrigins.parse(['https://a.example', '', 'https://A.example/', 'https://b.example'])).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    const many = Array.from({ length: MAX_EMBED_ORIGINS + 1 }, (_, index) => `https://site${index}.example`);
    expect(EmbedOrigins.safeParse(many).success).toBe(false);
    expect(EmbedOrigins.safeParse(['https://example.org/path']).success).toBe(false);
  });

  it('frames only the platform and the listed sites, dropping anything not a site', () => {
    expect(frameAncestorsOf([])).toBe("'self'");
    expect(frameAncestorsOf(['https://a.example', 'https://a.example', '*', 'https://b.example; x'])).toBe(
      "'self' https://a.example",
    );
  });
});

describe('the page of a listed site a donor comes back to', () => {
  const listed = ['https://www.example.org', 'http://127.0.0.2:4000', 'not a site'];

  it.each([
    { written: 'https://www.example.org/give?c=1#form', address: 'https://www.example.org/give?c=1' },
    { written: 'HTTPS://WWW.Example.org:443', address: 'https://www.example.org/' },
    { written: 'http://127.0.0.2:4000/a b?q="<x>"', address: 'http://127.0.0.2:4000/a%20b?q=%22%3Cx%3E%22' },
  ])('takes $written as $address', ({ written, address }) => {
    expect(returnAddressOf(written, listed)).toBe(address);
  });

  it.each([
    { case: 'an unlisted site', written: 'https://evil.example/' },
    { case: 'a listed host on another port', written: 'https://www.example.org:8443/' },
    { case: 'a listed host over plain http', written: 'http://www.example.org/' },
    { case: 'a look-alike host', written: 'https://www.example.org.evil.example/' },
    { case: 'a user', written: 'https://me@www.example.org/' },
    { case: 'another scheme', written: 'ftp://www.example.org/' },
    { case: 'a script', written: 'javascript:alert(1)' },
    { case: 'data', written: 'data:text/html,<p>hi</p>' },
    { case: 'a relative address', written: '/give' },
    { case: 'too long', written: `https://www.example.org/${'a'.repeat(RETURN_ADDRESS_MAX_LENGTH)}` },
    { case: 'not a string', written: ['https://www.example.org/'] },
    { case: 'an entry that is no site', written: 'not a site' },
  ])('ignores $case', ({ written }) => {
    expect(returnAddressOf(written, listed)).toBeNull();
  });

  it('ignores every page once the organization lists no site', () => {
    expect(returnAddressOf('https://www.example.org/', [])).toBeNull();
  });

  it('names the host a link back shows', () => {
    expect(returnHostOf('http://127.0.0.2:4000/give')).toBe('127.0.0.2:4000');
    expect(returnHostOf('https://www.example.org/')).toBe('www.example.org');
  });
});
