import registry from '../../../remotes.json';
import { type RemoteEntries } from '../features/remotes';

/**
 * config.json's `remotes` as the server writes it from remotes.json: every registered remote
 * with its paths and navigation entry, and a manifest URL for those given in `entries`.
 */
export function configuredRemotes(entries: Record<string, string> = {}): RemoteEntries {
  return Object.fromEntries(
    registry.remotes.map(({ name, routes, ...remote }) => [
      name,
      {
        routes,
        ...('nav' in remote ? { nav: remote.nav } : {}),
        ...(entries[name] ? { entry: entries[name] } : {}),
      },
    ]),
  );
}

/** remotes.json's paths as the shell's route table. */
export function registryRouteTable(): { path: string; remote: string }[] {
  return registry.remotes.flatMap(({ name, routes }) =>
    routes.map((path) => ({ path, remote: name })),
  );
}
