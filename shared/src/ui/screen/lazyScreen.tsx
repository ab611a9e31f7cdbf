import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingState } from '../LoadingState';

/**
 * A screen loaded when its route is first shown, with 'Loading...' meanwhile (2.0.0, issue 32).
 * For a remote's form screens: formik, yup and the schemas then stay off its read-only screens
 * (/tasks downloads no form code). `lazyScreen(() => import('./CreateTaskScreen'), 'CreateTaskScreen')`.
 */
export function lazyScreen<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType {
  const Screen = lazy<ComponentType>(async () => ({ default: (await load())[name] }));
  function LazyScreen() {
    return (
      <Suspense fallback={<LoadingState />}>
        <Screen />
      </Suspense>
    );
  }
  LazyScreen.displayName = `lazyScreen(${name})`;
  return LazyScreen;
}
