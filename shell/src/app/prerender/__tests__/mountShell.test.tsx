import { act } from '@testing-library/react';
import { createAppStore, sessionRestored } from '@duly/shared/core';
import { mountShell } from '../mountShell';

function storeOfAnonymousVisitor() {
  const store = createAppStore();
  store.dispatch(sessionRestored());
  return store;
}

describe('mountShell, replacing what the HTML painted', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('keeps a snapshot of the screen painted from the HTML until the first commit replaces it', async () => {
    document.body.innerHTML =
      '<div id="root" data-duly-snapshot><table><tbody><tr><td>Task 1</td></tr></tbody></table></div>';
    const container = document.getElementById('root')!;

    await act(async () => {
      mountShell(container, storeOfAnonymousVisitor(), <p>The app</p>, true);
      // Rendered, not committed yet: the rows are still there.
      expect(container.querySelector('td')?.textContent).toBe('Task 1');
    });
    expect(container.innerHTML).toBe('<p>The app</p>');
  });

  it('empties any other page at once (a pre-render for another visitor, a skeleton)', async () => {
    document.body.innerHTML = '<div id="root"><p>Something else</p></div>';
    const container = document.getElementById('root')!;

    await act(async () => {
      mountShell(container, storeOfAnonymousVisitor(), <p>The app</p>);
      expect(container.childElementCount).toBe(0);
    });
    expect(container.innerHTML).toBe('<p>The app</p>');
  });
});
