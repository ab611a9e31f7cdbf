import { screenPart } from './screenPart';
import type { PublicScreenName, publicScreens } from './publicScreens';

const publicPart = screenPart<typeof publicScreens>(() =>
  import(/* webpackChunkName: "sign-in" */ './publicScreens').then((part) => part.publicScreens),
);

/** Starts (once) loading the public screens (sign-in, sign-up, one-time links). */
export const loadPublicPart = publicPart.load;
/** The public screens, already loaded (the pre-render, tests). */
export const providePublicPart = publicPart.provide;

/** The paths of the public screens: their part is loaded before the first render there. */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/signup',
  '/accept-invite',
  '/reset-password',
  '/confirm-email',
  '/verify-email',
  '/forgot-password',
];

/** One public screen: rendered at once if loaded, else after a spinner. */
export function PublicScreen({ name }: { name: PublicScreenName }) {
  return <publicPart.Screen name={name} />;
}
