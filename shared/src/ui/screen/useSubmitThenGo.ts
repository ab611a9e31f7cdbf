import {
  useSaveThenGo,
  type SaveFormHelpers,
  type SaveThenGoOptions,
  type Unwrappable,
} from './useSaveThenGo';

/**
 * A form's `onSubmit` in one line: the values become the mutation's call (`send`), saved as
 * `useSaveThenGo` saves (toast, next page, field errors under their fields). It never rejects,
 * so formik's submitting state ends either way.
 *
 *     const submit = useSubmitThenGo((values) => createTask(toCreatePayload(values)), {
 *       success: 'Task created successfully', failure: failureText('Error creating task'),
 *       to: (task) => taskPaths.detail(task.id) });
 *     <TaskForm onSubmit={submit} … />
 */
export function useSubmitThenGo<V, R = unknown>(
  send: (values: V) => Unwrappable<R>,
  options: SaveThenGoOptions<V, R>,
) {
  const save = useSaveThenGo<V, R>(options);
  return async (values: V, helpers?: SaveFormHelpers<V>): Promise<void> => {
    await save(send(values), helpers);
  };
}
