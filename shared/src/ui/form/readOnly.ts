import { createContext, useContext } from 'react';

/**
 * Whether the form in view is one the signed-in person's role cannot submit (issue 33 item 4):
 * set by FormScreen / FormCard's `readOnlyReason`. The kit's `Form` then disables every field
 * (one disabled fieldset) and a submit `Button` is not drawn at all.
 */
export const FormReadOnlyContext = createContext(false);

export function useFormReadOnly(): boolean {
  return useContext(FormReadOnlyContext);
}
