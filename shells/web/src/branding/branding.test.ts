import { describe, expect, it, test } from 'vitest';
import type { Branding } from '@causeway/core/contracts/branding.contract';
import { brandingTheme, contrastRatio, DARK_TEXT, LIGHT_TEXT, logoUrl, parseColor, readableTextOn } from './branding';

const harborLight: Branding = {
  organizationId: 'org-1',
  name: 'Harbor Light Food Bank',
  logo: null,
  imageLogin: null,
  headerColor: '#0f3d3e',
  footerColor: '#0f3d3e',
  sideBarColor: '#f4f1ea',
  backGroundColor: '#fbfaf7',
};

describe('parseColor', () => {
  test.each([
    ['#0f3d3e', [15, 61, 62]],
    ['#FFF', [255, 255, 255]],
    ['  #abc ', [170, 187, 204]],
    ['rgb(10, 20, 30)', [10, 20, 30]],
    ['rgba(10,20,30,0.5)', [10, 20, 30]],
    ['rgb(10 20 30 / 50%)', [10, 20, 30]],
  ])('reads %s', (value, rgb) => {
    expect(parseColor(value)).toEqual(rgb);
  });

  test.each(['', 'navy', '#12', '#1234567', 'rgb(300, 0, 0)', 'url(javascript:alert(1))'])('refuses %j', (value) => {
    expect(parseColor(value)).toBeNull();
  });
});

describe('readableTextOn', () => {
  test.each([
    ['#0f3d3e', LIGHT_TEXT],
    ['#000000', LIGHT_TEXT],
    ['#1d4ed8', LIGHT_TEXT],
    ['#ffffff', DARK_TEXT],
    ['#ffcc00', DARK_TEXT],
    ['#f4f1ea', DARK_TEXT],
    ['#22c55e', DARK_TEXT],
  ])('on %s uses %s', (background, text) => {
    expect(readableTextOn(parseColor(background)!)).toBe(text);
  });

  it('picks the better of the two on mid tones, where the choice is closest', () => {
    for (const background of ['#777777', '#808080', '#0f766e', '#b42318', '#7c3aed']) {
      const rgb = parseColor(background)!;
      const chosen = contrastRatio(rgb, parseColor(readableTextOn(rgb))!);
      const other = contrastRatio(rgb, parseColor(readableTextOn(rgb) === LIGHT_TEXT ? DARK_TEXT : LIGHT_TEXT)!);
      expect(chosen).toBeGreaterThanOrEqual(other);
      expect(chosen).toBeGreaterThan(4);
    }
  });
});

describe('brandingTheme', () => {
  it('brands nothing without an organization', () => {
    expect(brandingTheme(null)).toEqual({ header: false, footer: false, background: false, style: {} });
  });

  it('sets the header, footer, background and sidebar properties with readable text', () => {
    const theme = brandingTheme(harborLight);
    expect(theme).toMatchObject({ header: true, footer: true, background: true });
    expect(theme.style).toMatchObject({
      '--cw-org-header': 'rgb(15 61 62)',
      '--cw-org-header-text': LIGHT_TEXT,
      '--cw-org-footer': 'rgb(15 61 62)',
      '--cw-org-footer-text': LIGHT_TEXT,
      '--cw-org-background': 'rgb(251 250 247)',
      '--cw-org-sidebar': 'rgb(244 241 234)',
      '--cw-org-sidebar-text': DARK_TEXT,
    });
  });

  it('leaves out what is not set or not a color, and a page background dark text cannot be read on', () => {
    const theme = brandingTheme({
      ...harborLight,
      headerColor: null,
      footerColor: 'not a color',
      backGroundColor: '#111111',
    });
    expect(theme).toMatchObject({ header: false, footer: false, background: false });
    expect(Object.keys(theme.style)).toEqual(['--cw-org-sidebar', '--cw-org-sidebar-text']);
  });
});

describe('logoUrl', () => {
  test.each([
    [null, null],
    ['', null],
    ['https://cdn.example.org/logo.png', 'https://cdn.example.org/logo.png'],
    ['/files/organizations/org-1/logo.png', '/files/organizations/org-1/logo.png'],
    ['javascript:alert(1)', null],
    ['data:text/html,hi', null],
  ])('%j gives %j', (logo, expected) => {
    expect(logoUrl(logo === null ? null : { ...harborLight, logo })).toBe(expected);
  });
});
