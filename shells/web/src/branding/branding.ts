import type { CSSProperties } from 'react';
import type { Branding } from '@causeway/core/contracts/branding.contract';

export type Rgb = readonly [number, number, number];

/** The product's text colors: the one that reads better on a background is chosen. */
export const DARK_TEXT = '#16191d';
export const LIGHT_TEXT = '#ffffff';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgba?\(\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*(?:[,/]\s*[\d.]+%?\s*)?\)$/i;

/** #rgb, #rrggbb or rgb()/rgba(); null for anything else. */
export function parseColor(value: string): Rgb | null {
  const text = value.trim();
  const hex = HEX.exec(text)?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as unknown as Rgb;
  }
  const rgb = RGB.exec(text);
  if (rgb) {
    const channels = rgb.slice(1, 4).map(Number);
    if (channels.every((channel) => channel <= 255)) return channels as unknown as Rgb;
  }
  return null;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colors, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

const DARK_RGB = parseColor(DARK_TEXT)!;
const LIGHT_RGB = parseColor(LIGHT_TEXT)!;

/** The product text color that contrasts more with the background. */
export function readableTextOn(background: Rgb): string {
  return contrastRatio(background, LIGHT_RGB) >= contrastRatio(background, DARK_RGB) ? LIGHT_TEXT : DARK_TEXT;
}

/**
 * Organizations may have stored any CSS color (names like "navy" too). The browser turns those into
 * rgb through a canvas; without one (tests), only the forms parseColor reads are understood.
 */
let canvas: CanvasRenderingContext2D | null | undefined;
export function toRgb(value: string | null): Rgb | null {
  if (!value) return null;
  const parsed = parseColor(value);
  if (parsed || typeof document === 'undefined') return parsed;
  if (typeof CSS !== 'undefined' && !CSS.supports('color', value)) return null;
  canvas ??= document.createElement('canvas').getContext('2d');
  if (!canvas) return null;
  canvas.fillStyle = '#000000';
  canvas.fillStyle = value;
  return parseColor(String(canvas.fillStyle));
}

const css = ([r, g, b]: Rgb) => `rgb(${r} ${g} ${b})`;
const withAlpha = (color: string, alpha: number) =>
  `color-mix(in srgb, ${color} ${Math.round(alpha * 100)}%, transparent)`;

/** What the shell applies for an organization: which parts are branded and the custom properties. */
export interface BrandingTheme {
  header: boolean;
  footer: boolean;
  background: boolean;
  style: CSSProperties & Record<`--${string}`, string>;
}

/**
 * The organization's colors as custom properties of the app root. The header and footer get the
 * product's text color that reads best on them; the page background is used only when the product's
 * dark text stays readable on it (contrast 4.5:1), since the areas draw their text straight on it.
 * The sidebar color is offered to the areas as `--cw-org-sidebar`.
 */
export function brandingTheme(branding: Branding | null): BrandingTheme {
  const style: BrandingTheme['style'] = {};
  const theme: BrandingTheme = { header: false, footer: false, background: false, style };
  if (!branding) return theme;
  const header = toRgb(branding.headerColor);
  if (header) {
    const text = readableTextOn(header);
    theme.header = true;
    style['--cw-org-header'] = css(header);
    style['--cw-org-header-text'] = text;
    style['--cw-org-header-muted'] = withAlpha(text, 0.74);
    style['--cw-org-header-hover'] = withAlpha(text, 0.12);
  }
  const footer = toRgb(branding.footerColor);
  if (footer) {
    const text = readableTextOn(footer);
    theme.footer = true;
    style['--cw-org-footer'] = css(footer);
    style['--cw-org-footer-text'] = text;
    style['--cw-org-footer-muted'] = withAlpha(text, 0.74);
  }
  const background = toRgb(branding.backGroundColor);
  if (background && contrastRatio(background, DARK_RGB) >= 4.5) {
    theme.background = true;
    style['--cw-org-background'] = css(background);
  }
  const sidebar = toRgb(branding.sideBarColor);
  if (sidebar) {
    style['--cw-org-sidebar'] = css(sidebar);
    style['--cw-org-sidebar-text'] = readableTextOn(sidebar);
  }
  return theme;
}

/** Only web images are shown as the logo (no script or data of unknown kind). */
export function logoUrl(branding: Branding | null): string | null {
  const logo = branding?.logo?.trim();
  if (!logo) return null;
  if (logo.startsWith('/')) return logo;
  try {
    const url = new URL(logo);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
