import { createRoot } from 'react-dom/client';
import { Root } from './Root';
import { startShell } from './startShell';

export const ROOT_ELEMENT_ID = 'root';

/** Starts the shell: checks the page, reads the configuration, renders. */
export async function bootstrap(): Promise<void> {
  const container = document.getElementById(ROOT_ELEMENT_ID);
  if (!container) throw new Error('Failed to find the root element');
  const store = await startShell();
  createRoot(container).render(<Root store={store} />);
}
