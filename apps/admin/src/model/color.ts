/** Branding colors are written #rgb or #rrggbb. */
const HEX_COLOR = /^#(?:[0-9a-f]{3}){1,2}$/i;

export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/** The #rrggbb form a color input needs; null when the value is not a color. */
export function toLongHex(value: string): string | null {
  const text = value.trim();
  if (!isHexColor(text)) return null;
  if (text.length === 7) return text.toLowerCase();
  const [r, g, b] = text.slice(1).toLowerCase();
  return `#${r}${r}${g}${g}${b}${b}`;
}

/** Relative luminance (WCAG) of a #rrggbb color. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** Dark or light text, whichever reads better on the background. */
export function readableTextOn(background: string): '#16191d' | '#ffffff' {
  const hex = toLongHex(background);
  if (hex === null) return '#16191d';
  const lum = luminance(hex);
  const contrastWithDark = (lum + 0.05) / (0.0094 + 0.05);
  const contrastWithLight = 1.05 / (lum + 0.05);
  return contrastWithDark >= contrastWithLight ? '#16191d' : '#ffffff';
}
