// The Duly UI kit. `styled.d.ts` types `props.theme` for every package importing the kit.
import type {} from './styled';

export { theme, alpha, type DulyTheme, type ThemeStatusColor } from './theme';
export { focusRing } from './focusRing';
export { GlobalStyle } from './GlobalStyle';
export { DulyProviders, type DulyProvidersProps } from './DulyProviders';
