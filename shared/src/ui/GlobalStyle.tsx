import { createGlobalStyle } from 'styled-components';
import { theme, themeRootCss } from './theme';

/**
 * Page-wide defaults: the theme's custom properties on `:root` (every styled component of the
 * shell and the remotes reads them, issue 32), the system font stack (no web fonts), the
 * background, visible focus. Static: its CSS is generated once.
 */
export const GlobalStyle = createGlobalStyle`
  ${themeRootCss}

  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }

  html {
    -webkit-text-size-adjust: 100%;
  }

  body {
    margin: 0;
    font-family: ${theme.fonts.body};
    font-size: ${theme.fontSizes.body};
    font-weight: ${theme.fontWeights.regular};
    line-height: ${theme.lineHeights.body};
    color: ${theme.colors.text};
    background: ${theme.colors.background};
    -webkit-font-smoothing: antialiased;
  }

  button,
  input,
  select,
  textarea {
    font: inherit;
    color: inherit;
  }

  a {
    color: ${theme.colors.primary};
  }

  /* Focus is always visible, also on elements that are not part of the kit. */
  :focus-visible {
    outline: ${`${theme.focusRing.width} solid ${theme.focusRing.color}`};
    outline-offset: ${theme.focusRing.offset};
  }

  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
    }
  }
`;
