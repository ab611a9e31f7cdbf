import type { FormikErrors, FormikProps, FormikTouched } from 'formik';
import type { ChangeEvent } from 'react';

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

/**
 * Everything a kit field takes from formik for one form value: its value, change and blur
 * handlers, and its message once touched (`<TextField label="Title" {...bindField(formik, 'title')} />`).
 */
export function bindField<V>(formik: FormikProps<V>, field: keyof V & string) {
  return { ...formik.getFieldProps(field), error: fieldError(formik, field) };
}

/**
 * A kit field held in React state rather than formik: its value and the change handler that
 * stores what was typed (`<TextField label="Name" {...bindState(name, setName)} />`).
 */
export function bindState(value: string, setValue: (value: string) => void) {
  return {
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setValue(event.target.value),
  };
}
