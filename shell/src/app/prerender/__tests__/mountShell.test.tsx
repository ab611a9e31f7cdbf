import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
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

  it('hands what the visitor chose and typed in the server’s render to the app’s controls, and the focus with it', async () => {
    document.body.innerHTML = `<div id="root" data-duly-snapshot>
      <input type="search" name="q" aria-label="Server search" value="">
      <select name="status" aria-label="Server status"><option value="">All</option><option value="expired">Expired</option></select>
      <select name="untouched"><option value="">All</option><option value="open">Open</option></select>
    </div>`;
    const container = document.getElementById('root')!;
    const serverSearch = screen.getByLabelText<HTMLInputElement>('Server search');
    (screen.getByLabelText('Server status') as HTMLSelectElement).value = 'expired';
    serverSearch.focus();
    serverSearch.value = 'fork';

    const changes: string[] = [];
    function Filters() {
      const [q, setQ] = useState('');
      const [status, setStatus] = useState('');
      const [untouched, setUntouched] = useState('open');
      return (
        <form>
          <input
            type="search"
            name="q"
            aria-label="Search"
            value={q}
            onChange={(event) => {
              changes.push(`q=${event.target.value}`);
              setQ(event.target.value);
            }}
          />
          <select
            name="status"
            aria-label="Status"
            value={status}
            onChange={(event) => {
              changes.push(`status=${event.target.value}`);
              setStatus(event.target.value);
            }}
          >
            <option value="">All</option>
            <option value="expired">Expired</option>
          </select>
          <select
            name="untouched"
            aria-label="Untouched"
            value={untouched}
            onChange={(event) => setUntouched(event.target.value)}
          >
            <option value="">All</option>
            <option value="open">Open</option>
          </select>
        </form>
      );
    }

    await act(async () => {
      mountShell(container, storeOfAnonymousVisitor(), <Filters />, true);
      // Typed on while the app renders: the last text is the one handed over.
      serverSearch.value = 'forklift';
    });

    await waitFor(() => expect(changes.sort()).toEqual(['q=forklift', 'status=expired']));
    expect(screen.getByLabelText<HTMLInputElement>('Search').value).toBe('forklift');
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('expired');
    // A control the visitor left alone keeps what the app gave it, not the server's default.
    expect(screen.getByLabelText<HTMLSelectElement>('Untouched').value).toBe('open');
    expect(document.activeElement).toBe(screen.getByLabelText('Search'));
    expect(screen.getByLabelText<HTMLInputElement>('Search').selectionStart).toBe(8);
  });

  it('clicks again, in the app, the button last clicked in the server’s render', async () => {
    document.body.innerHTML = `<div id="root" data-duly-snapshot>
      <button type="button">Edit</button><button type="button">Edit</button>
      <button type="button" aria-label="Next page">›</button>
    </div>`;
    const container = document.getElementById('root')!;
    // What the page's boot script keeps (api/src/web/boot.ts).
    window.dulyEarlyClick = container.querySelectorAll('button')[1];

    const clicks: string[] = [];
    const app = (
      <>
        {['first', 'second'].map((row) => (
          <button key={row} type="button" onClick={() => clicks.push(`Edit ${row}`)}>
            Edit
          </button>
        ))}
        <button type="button" aria-label="Next page" onClick={() => clicks.push('Next page')}>
          ›
        </button>
      </>
    );
    await act(async () => {
      mountShell(container, storeOfAnonymousVisitor(), app, true);
    });

    await waitFor(() => expect(clicks).toEqual(['Edit second']));
    expect(window.dulyEarlyClick).toBeUndefined();
  });
});
