import type { FormikErrors, FormikTouched } from 'formik';

/** A field's message once the field was left or the form submitted (formik's touched rule). */
export function fieldError<V>(
  formik: { touched: FormikTouched<V>; errors: FormikErrors<V> },
  field: keyof V & string,
): string | undefined {
  const touched = (formik.touched as Record<string, boolean | undefined>)[field];
  const error = (formik.errors as Record<string, string | undefined>)[field];
  return touched ? error : undefined;
}
