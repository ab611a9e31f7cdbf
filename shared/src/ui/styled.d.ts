import 'styled-components';
import type { DulyTheme } from './theme';

// Types `props.theme` in every styled component of every package that imports @duly/shared.
declare module 'styled-components' {
  // An interface (not a type alias): module augmentation can only merge interfaces.
  export interface DefaultTheme extends DulyTheme {}
}
