/**
 * WCAG contrast between two colours, for tests that check a text meets 4.5:1 (VISUAL,
 * accessibility). Colours as CSS writes them: `#rrggbb`, `rgb(r, g, b)` or `rgba(r, g, b, a)`.
 */

type Rgb = [number, number, number];

function parseColour(colour: string): { rgb: Rgb; alpha: number } {
  const value = colour.trim();
  const hex = /^#([0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1] as string;
    const rgb = [0, 2, 4].map((start) => parseInt(digits.slice(start, start + 2), 16)) as Rgb;
    return { rgb, alpha: 1 };
  }
  const functional = /^rgba?\(([^)]+)\)$/i.exec(value);
  if (functional) {
    const [red = 0, green = 0, blue = 0, alpha = 1] = (functional[1] as string)
      .split(',')
      .map((part) => Number(part.trim()));
    return { rgb: [red, green, blue], alpha };
  }
  throw new Error(`Not a colour this helper reads: "${colour}"`);
}

/** `colour` painted over the opaque `backdrop` (for translucent tints and hover layers). */
export function flatten(colour: string, backdrop: string): string {
  const top = parseColour(colour);
  const bottom = parseColour(backdrop).rgb;
  const mixed = top.rgb.map((channel, index) =>
    Math.round(channel * top.alpha + (bottom[index] as number) * (1 - top.alpha)),
  );
  return `rgb(${mixed.join(', ')})`;
}

function luminance(colour: string): number {
  const [red, green, blue] = parseColour(colour).rgb.map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** The contrast ratio (1 to 21) of an opaque text colour on an opaque background. */
export function contrastRatio(text: string, background: string): number {
  const [lighter, darker] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}
