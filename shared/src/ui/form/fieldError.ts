import type { FormikErrors, FormikTouched } from 'formik';

/**
 * A form field's message once the field was left or the form submitted (formik's touched
 * rule): what every field's `error` prop shows.
 */
export function fieldError<V>(
  formik: { touched: FormikTouched<V>; errors: FormikErrors<V> },
  field: keyof V & string,
): string | undefined {
  const touched = (formik.touched as Record<string, unknown>)[field];
  const error = (formik.errors as Record<string, unknown>)[field];
  return touched && typeof error === 'string' ? error : undefined;
}
