import { SIDE_NAV_WIDTH_PX } from '../contract/constants';
import { type StatusColor } from '../contract/status';

/**
 * The Duly theme: the tokens of the visual brief (docs/shared-library.md, "UI kit").
 * Every app styles itself only from these values, so the shell and the remotes look like
 * one product. Colours are never written outside this file.
 *
 * Since 2.0.0 (issue 32) the tokens are CSS custom properties, set once on `:root` by
 * `GlobalStyle`: `theme.colors.primary` is `var(--duly-colors-primary)`, and `themeValues`
 * holds the values themselves. A styled component then writes `${theme.colors.primary}` (a
 * constant) instead of `${({ theme }) => theme.colors.primary}` (a function of its props),
 * so styled-components generates its CSS once per component instead of at every render, and
 * the shell still restyles every remote by redeploying alone: a remote's CSS names the
 * property, the shell's `:root` gives its value.
 */

const GRID_PX = 8;
const NARROW_BREAKPOINT_PX = 900;

const primary = '#1976d2';

/**
 * Status colours of the brief. `main` is the brand colour (the badge background is 12 % of
 * it); `text` is the same hue darkened just enough to reach 4.5:1 on that tinted background,
 * because most of the brief's colours (yellow 3.2:1, orange 2.7:1) fail it at full strength.
 */
const statusMains = {
  green: { main: '#2e7d32', text: '#2a732e' },
  red: { main: '#d32f2f', text: '#be2a2a' },
  blue: { main: '#1976d2', text: '#1667b7' },
  purple: { main: '#7b1fa2', text: '#7b1fa2' },
  yellow: { main: '#b7791f', text: '#8d5d18' },
  orange: { main: '#ed6c02', text: '#a84d01' },
} as const satisfies Record<StatusColor, { main: string; text: string }>;

/** `#rrggbb` at the given opacity, as `rgba()`: tints, hover layers and the focus ring. */
export function alpha(hexColor: string, opacity: number): string {
  const value = hexColor.replace('#', '');
  const [red, green, blue] = [0, 2, 4].map((start) => parseInt(value.slice(start, start + 2), 16));
  return `rgba(${red}, ${green}, ${blue}, ${opacity})`;
}

/** The token values (for code that computes with them: contrast checks, tests). */
/** Each status colour with its badge background (`tint`, 12 % of `main`), as a value of its own. */
const statusPalette = Object.fromEntries(
  Object.entries(statusMains).map(([name, colour]) => [
    name,
    { ...colour, tint: alpha(colour.main, 0.12) },
  ]),
) as { readonly [C in StatusColor]: (typeof statusMains)[C] & { readonly tint: string } };

export const themeValues = {
  /** The 8 px grid: `space(2)` → `16px`; several values give a shorthand (`space(1, 2)`). */
  space: (...steps: number[]): string => steps.map((step) => `${step * GRID_PX}px`).join(' '),

  fonts: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  fontSizes: {
    pageTitle: '24px',
    sectionTitle: '18px',
    body: '14px',
    tableHeader: '13px',
    caption: '12px',
    count: '32px',
  },
  fontWeights: { regular: 400, medium: 500, semibold: 600 },
  lineHeights: { tight: 1.25, body: 1.5 },

  colors: {
    primary,
    primaryHover: '#1565c0',
    onPrimary: '#ffffff',
    /**
     * Primary as text on the page background or on a primary tint (text and outlined buttons,
     * the current navigation item): the brief's hover shade, 4.7:1 or more there, where the
     * primary itself falls to 3.9–4.3:1.
     */
    primaryText: '#1565c0',
    /** Primary at 8 %: the highlighted navigation item, selected rows. */
    primaryTint: alpha(primary, 0.08),
    /** Primary at 12 %: an unread notification's marker background. */
    primarySelected: alpha(primary, 0.12),
    text: '#1f2937',
    textSecondary: '#6b7280',
    background: '#f5f7fa',
    surface: '#ffffff',
    divider: '#e5e7eb',
    /** Neutral hover layer for rows, menu items and text buttons. */
    hover: 'rgba(0, 0, 0, 0.04)',
    /** Field borders: darker than the divider so an input's edge reaches 3:1 on white and grey. */
    border: '#868e9c',
    error: '#d32f2f',
    errorHover: '#b71c1c',
    onError: '#ffffff',
    disabledText: '#6b7280',
    disabledBackground: '#e5e7eb',
    backdrop: 'rgba(17, 24, 39, 0.5)',
    ripple: 'rgba(255, 255, 255, 0.35)',
    rippleOnLight: alpha(primary, 0.2),
    /** Avatar: a light blue disc with dark primary initials (4.9:1), visible on the top bar. */
    avatarBackground: '#e3eef9',
    avatarText: '#1565c0',
    status: statusPalette,
  },

  radii: { card: '8px', dialog: '8px', control: '6px', pill: '12px', round: '50%' },

  shadows: {
    card: '0 1px 2px rgba(0,0,0,.06), 0 1px 3px rgba(0,0,0,.1)',
    dialog: '0 10px 15px -3px rgba(0,0,0,.1), 0 20px 40px -8px rgba(0,0,0,.25)',
    menu: '0 4px 6px -1px rgba(0,0,0,.1), 0 8px 16px -4px rgba(0,0,0,.15)',
  },

  /** Focus ring of the brief: 2 px primary at 40 % opacity, kept off the element's edge. */
  focusRing: {
    color: alpha(primary, 0.4),
    /** On the primary top bar a primary ring would vanish: controls there use a white one. */
    onPrimaryColor: 'rgba(255, 255, 255, 0.85)',
    width: '2px',
    offset: '2px',
  },

  breakpoints: { narrow: NARROW_BREAKPOINT_PX },
  media: {
    /** Below 900 px: the side navigation becomes a temporary drawer, padding shrinks. */
    narrow: `@media (max-width: ${NARROW_BREAKPOINT_PX - 0.02}px)`,
    wide: `@media (min-width: ${NARROW_BREAKPOINT_PX}px)`,
  },

  layout: {
    topBarHeight: '64px',
    sideNavWidth: `${SIDE_NAV_WIDTH_PX}px`,
    contentMaxWidth: '1200px',
    formMaxWidth: '640px',
    tableRowHeight: '48px',
    controlHeight: '40px',
    /** A medium Button; a page header is never lower, so titles sit alike with or without one. */
    buttonHeight: '36px',
  },

  zIndices: { appBar: 1100, drawer: 1200, dialog: 1300, menu: 1400, snackbar: 1500 },

  transitions: { fast: '120ms ease-out', normal: '200ms ease-out' },
} as const;

/** Token groups that become custom properties; the others are constants of another kind. */
const CUSTOM_PROPERTY_GROUPS = [
  'fonts',
  'fontSizes',
  'fontWeights',
  'lineHeights',
  'colors',
  'radii',
  'shadows',
  'focusRing',
  'layout',
  'transitions',
] as const;

type CustomPropertyGroup = (typeof CUSTOM_PROPERTY_GROUPS)[number];

/** A token group with each value replaced by the `var()` naming it. */
type AsCustomProperties<T> = {
  readonly [K in keyof T]: T[K] extends string | number ? string : AsCustomProperties<T[K]>;
};

/** `primaryTint` → `primary-tint`: custom property names in the usual CSS spelling. */
function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** Every custom property of the theme, name → value (`--duly-colors-primary` → `#1976d2`). */
export const themeCustomProperties: Readonly<Record<string, string>> = (() => {
  const properties: Record<string, string> = {};
  const visit = (value: unknown, name: string): void => {
    if (typeof value === 'string' || typeof value === 'number') properties[name] = String(value);
    else
      for (const [key, child] of Object.entries(value as object))
        visit(child, `${name}-${kebab(key)}`);
  };
  for (const group of CUSTOM_PROPERTY_GROUPS) visit(themeValues[group], `--duly-${kebab(group)}`);
  return properties;
})();

function asCustomProperties<T>(value: T, name: string): AsCustomProperties<T> {
  if (typeof value === 'string' || typeof value === 'number') {
    return `var(${name})` as unknown as AsCustomProperties<T>;
  }
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value as object)) {
    result[key] = asCustomProperties(child, `${name}-${kebab(key)}`);
  }
  return result as AsCustomProperties<T>;
}

/** `:root { --duly-…: …; }`: the theme's values, once for the whole page (GlobalStyle). */
export const themeRootCss = `:root {\n${Object.entries(themeCustomProperties)
  .map(([name, value]) => `  ${name}: ${value};`)
  .join('\n')}\n}`;

type CustomPropertyTheme = {
  readonly [K in CustomPropertyGroup]: AsCustomProperties<(typeof themeValues)[K]>;
};

/** The theme styled components use: custom properties, plus the grid, media and layers. */
export const theme = {
  ...themeValues,
  ...(Object.fromEntries(
    CUSTOM_PROPERTY_GROUPS.map((group) => [
      group,
      asCustomProperties(themeValues[group], `--duly-${kebab(group)}`),
    ]),
  ) as CustomPropertyTheme),
};

export type DulyTheme = typeof theme;
