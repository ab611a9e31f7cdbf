import 'styled-components';
import type { DulyTheme } from './theme';

// Types `props.theme` in every styled component of every package that imports @duly/shared.
declare module 'styled-components' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- augmentation must be an interface
  export interface DefaultTheme extends DulyTheme {}
}
