/** Whatever names a person carries: an employee, a team member, a person embedded in a list item. */
export interface NamedPerson {
  full_name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * A person's display name (spec 9): the full name, else first and last name joined, else
 * `fallback` ('' unless given, e.g. 'Unassigned').
 */
export function personName(person: NamedPerson | null | undefined, fallback = ''): string {
  if (!person) return fallback;
  const fullName = person.full_name?.trim();
  if (fullName) return fullName;
  const joined = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return joined || fallback;
}
