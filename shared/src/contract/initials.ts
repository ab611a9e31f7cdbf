/**
 * The avatar's initials (spec 2): the first letter of each word of the full
 * name, upper-cased. `''` when there is no name (the avatar then shows a
 * person icon).
 */
export function initials(fullName?: string | null): string {
  return (fullName ?? '')
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => (Array.from(word)[0] ?? '').toUpperCase())
    .join('');
}
