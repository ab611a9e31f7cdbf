/**
 * The front end's addresses of an item and of a resource's pages (spec 2), ids encoded. A remote
 * links another remote's pages with these, never by importing its code.
 */

/** `itemPath('/tasks')(id)` → `/tasks/{id}`. */
export const itemPath = (base: string) => (id: string) => `${base}/${encodeURIComponent(id)}`;

/** A resource's list, create, detail and edit pages: `/tasks`, `/tasks/create`, `/tasks/{id}`, `/tasks/{id}/edit`. */
export function resourcePaths<Base extends string>(base: Base) {
  const detail = itemPath(base);
  return {
    list: base,
    create: `${base}/create` as const,
    detail,
    edit: (id: string) => `${detail(id)}/edit`,
  };
}
