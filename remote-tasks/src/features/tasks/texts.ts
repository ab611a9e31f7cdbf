/** The spec's texts of a task page's states (spec 2 and 8), shared by its detail and edit screens. */
export const TASK_TEXTS = {
  loading: 'Loading task...',
  notFound: 'Task not found',
  error: 'Error loading task. Please try again later.',
};
