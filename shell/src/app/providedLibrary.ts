/**
 * The entry points of @duly/shared the shell's own screens do not import: the root, the list
 * kit, the domain forms (which the remotes' form screens import), the contract, and since 3.0.0
 * the activity history and the documents (issue 32). The shell must provide them all the same,
 * or a remote would run its own copy of the library (a second store and base API), and the
 * federation plugin provides a shared request only when the build imports it. These imports
 * are never run; ShellManifestPlugin fails the build when a shared name is not provided.
 */
export const providedLibraryEntries = [
  () => import('@duly/shared'),
  () => import('@duly/shared/list'),
  () => import('@duly/shared/forms'),
  () => import('@duly/shared/contract'),
  () => import('@duly/shared/activity'),
  () => import('@duly/shared/documents'),
];
