import { useNavigate } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import type { FormikErrors } from 'formik';
import { isApiError, type ApiError } from '../../api/errors';

/** A mutation's call as RTK Query returns it: `updateTask(args)`. */
export interface Unwrappable<R> {
  unwrap: () => Promise<R>;
}

export interface SaveThenGoOptions<V, R> {
  /** The success toast ('Task created successfully'); none without it. */
  success?: string;
  /** The error toast: a text, or one made from the error ('Error creating task: {message}'). */
  failure: string | ((error: unknown) => string);
  /** Where to go once saved; a function gets the API's answer (the new item). */
  to?: string | ((saved: R) => string);
  /** Anything else to do once saved (close a dialog). */
  onSaved?: (saved: R) => void;
  /**
   * The API's field names (the `path` of its 400's `errors`) mapped to the form's fields: such
   * an error shows under its field instead of as a toast. `message` replaces the server's text
   * (a function gets the error and the field's own text, e.g. to show the answer's `message`).
   */
  serverFields?: Partial<
    Record<
      string,
      {
        field: keyof V & string;
        message?: string | ((error: ApiError, fieldMessage: string) => string);
      }
    >
  >;
}

/**
 * The error toast '{prefix}: {message}' of a create screen (spec 8: 'Error creating task:
 * {message}'): the failed call's message, else 'Unexpected error'.
 */
export function failureText(prefix: string): (error: unknown) => string {
  return (error) => `${prefix}: ${isApiError(error) ? error.message : 'Unexpected error'}`;
}

/** The form's part of a failed save: formik's `setErrors` (the submit handler's helpers). */
export interface SaveFormHelpers<V> {
  setErrors: (errors: FormikErrors<V>) => void;
}

/** The API's 400 field errors that the form shows under its own fields. */
function fieldErrorsOf<V, R>(
  error: unknown,
  serverFields: SaveThenGoOptions<V, R>['serverFields'],
): FormikErrors<V> {
  const found: Record<string, string> = {};
  if (!serverFields || !isApiError(error) || error.status !== 400) return found as FormikErrors<V>;
  for (const { path, message } of error.data?.errors ?? []) {
    const target = serverFields[path.replace(/^\/+/, '')];
    if (!target) continue;
    const { message: replacement } = target;
    found[target.field] =
      typeof replacement === 'function' ? replacement(error, message) : (replacement ?? message);
  }
  return found as FormikErrors<V>;
}

/**
 * The one way a form saves (CONVENTIONS 4): `await mutation(args).unwrap()`, then the success
 * toast and the next page, or, when it fails, the server's field errors under their fields
 * (`serverFields`) or else the error toast. Resolves to whether the save went through, and
 * never rejects, so formik's submitting state ends either way.
 *
 *     const save = useSaveThenGo({ success: 'Task updated successfully',
 *       failure: 'Failed to update task', to: taskPaths.detail(task.id) });
 *     onSubmit={(values, helpers) => save(updateTask({ id, changes: toPayload(values) }), helpers)}
 */
export function useSaveThenGo<V = unknown, R = unknown>(options: SaveThenGoOptions<V, R>) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();

  return async function save(
    request: Unwrappable<R>,
    helpers?: SaveFormHelpers<V>,
  ): Promise<boolean> {
    const { success, failure, to, onSaved, serverFields } = options;
    let saved: R;
    try {
      saved = await request.unwrap();
    } catch (error) {
      const fieldErrors = fieldErrorsOf<V, R>(error, serverFields);
      if (helpers && Object.keys(fieldErrors).length > 0) helpers.setErrors(fieldErrors);
      else {
        const text = typeof failure === 'function' ? failure(error) : failure;
        enqueueSnackbar(text, { variant: 'error' });
      }
      return false;
    }
    if (success !== undefined) enqueueSnackbar(success, { variant: 'success' });
    onSaved?.(saved);
    if (to !== undefined) navigate(typeof to === 'function' ? to(saved) : to);
    return true;
  };
}
