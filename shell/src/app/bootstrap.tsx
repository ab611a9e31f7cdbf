import { createRoot } from 'react-dom/client';
import { Root } from './Root';
import { type RuntimeConfig } from './runtimeConfig';
import { startShell } from './startShell';

export const ROOT_ELEMENT_ID = 'root';

/**
 * Starts the shell: checks the page, reads the configuration, renders. `config` is the
 * configuration index.ts started reading before this chunk arrived.
 */
export async function bootstrap(config?: Promise<RuntimeConfig>): Promise<void> {
  const container = document.getElementById(ROOT_ELEMENT_ID);
  if (!container) throw new Error('Failed to find the root element');
  const store = await startShell(config);
  createRoot(container).render(<Root store={store} />);
}
