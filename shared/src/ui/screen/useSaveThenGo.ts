import { useNavigate } from 'react-router-dom';
import type { FormikErrors } from 'formik';
import { isApiError, type ApiError } from '../../api/errors';
import { useSnackbar } from '../Toast';

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

/** The form controls named `name` (formik's `getFieldProps` names each control after its field). */
function controlsNamed(name: string): HTMLElement[] {
  if (typeof document === 'undefined' || name === '') return [];
  return Array.from(document.getElementsByName(name)).filter(
    (element) => element.closest('form') !== null,
  );
}

/**
 * The API's 400 field errors (ARCHITECTURE 6: `errors: [{ path, message }]`) that the form shows
 * under its own fields: a path named in `serverFields` goes to that field; any other path goes to
 * the form's field of the same name (`/title` → `title`) when the form has one. The first error
 * of a field wins. `explicit`: whether a `serverFields` entry placed one.
 */
function fieldErrorsOf<V, R>(
  error: unknown,
  serverFields: SaveThenGoOptions<V, R>['serverFields'],
): { errors: Record<string, string>; explicit: boolean } {
  const errors: Record<string, string> = {};
  let explicit = false;
  if (!isApiError(error) || error.status !== 400) return { errors, explicit };
  for (const { path, message } of error.data?.errors ?? []) {
    const name = path.replace(/^\/+/, '');
    const target = serverFields?.[name];
    if (target) {
      if (errors[target.field] !== undefined) continue;
      const { message: replacement } = target;
      errors[target.field] =
        typeof replacement === 'function' ? replacement(error, message) : (replacement ?? message);
      explicit = true;
    } else if (errors[name] === undefined && controlsNamed(name).length > 0) {
      errors[name] = message;
    }
  }
  return { errors, explicit };
}

/** Moves focus to the first (in page order) of the fields that got an error (issue 33 item 5). */
function focusFirst(fields: string[]): void {
  const controls = fields.flatMap((field) => controlsNamed(field).slice(0, 1));
  controls.sort((a, b) =>
    a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
  controls[0]?.focus();
}

/**
 * The one way a form saves (CONVENTIONS 4): `await mutation(args).unwrap()`, then the success
 * toast and the next page, or, when it fails, the API's field errors under their fields (by
 * `serverFields`, else by the field of the same name) with focus on the first of them, and the
 * error toast unless a `serverFields` entry placed an error. Resolves to whether the save went through, and
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
      const { errors, explicit } = fieldErrorsOf<V, R>(error, serverFields);
      const fields = Object.keys(errors);
      const shown = helpers !== undefined && fields.length > 0;
      if (shown) {
        helpers.setErrors(errors as FormikErrors<V>);
        focusFirst(fields);
      }
      if (!shown || !explicit) {
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
