import { SIDE_NAV_WIDTH_PX } from '../contract/constants';
import { type StatusColor } from '../contract/status';

/**
 * The Duly theme: the tokens of the visual brief (docs/shared-library.md, "UI kit").
 * Every app styles itself only from these values, so the shell and the remotes look like
 * one product. Colours are never written outside this file.
 */

const GRID_PX = 8;
const NARROW_BREAKPOINT_PX = 900;

const primary = '#1976d2';

/**
 * Status colours of the brief. `main` is the brand colour (the badge background is 12 % of
 * it); `text` is the same hue darkened just enough to reach 4.5:1 on that tinted background,
 * because most of the brief's colours (yellow 3.2:1, orange 2.7:1) fail it at full strength.
 */
const statusPalette = {
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

export const theme = {
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

export type DulyTheme = typeof theme;
