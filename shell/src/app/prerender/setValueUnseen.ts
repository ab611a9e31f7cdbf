/**
 * Sets a field's value through the browser's own `value` setter, which React's change tracking
 * does not see: an input event dispatched next is then reported to the app as a change.
 */
export function setValueUnseen(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
}
