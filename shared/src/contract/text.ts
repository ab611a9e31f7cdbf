/** A form's optional text for the API: trimmed, and null when nothing is left. */
export function blankToNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}
