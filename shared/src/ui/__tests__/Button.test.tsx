import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, Link } from 'react-router-dom';
import { RIPPLE_DURATION_MS } from '../../contract/constants';
import { contrastRatio, flatten } from '../../test-utils/contrast';
import { Button } from '../Button';
import { themeValues } from '../theme';
import { renderWithTheme } from './renderWithTheme';

const ripplesIn = (element: HTMLElement) => element.querySelectorAll('[data-ripple]');

describe('Button', () => {
  it('calls its click handler when clicked', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithTheme(<Button onClick={onClick}>Save Changes</Button>);

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is a plain button unless told to submit, so it never submits a form by accident', () => {
    renderWithTheme(
      <>
        <Button>Cancel</Button>
        <Button type="submit">Save</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveAttribute('type', 'button');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveAttribute('type', 'submit');
  });

  it('does not react when disabled', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithTheme(
      <Button onClick={onClick} disabled>
        Saving...
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving...' });

    await user.click(button);

    expect(button).toBeDisabled();
    expect(onClick).not.toHaveBeenCalled();
    expect(ripplesIn(button)).toHaveLength(0);
  });

  describe('ripple', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it(`appears on press and is removed after ${RIPPLE_DURATION_MS} ms`, () => {
      renderWithTheme(<Button>Assign</Button>);
      const button = screen.getByRole('button', { name: 'Assign' });

      fireEvent.pointerDown(button, { clientX: 10, clientY: 10 });
      expect(ripplesIn(button)).toHaveLength(1);

      act(() => jest.advanceTimersByTime(RIPPLE_DURATION_MS - 1));
      expect(ripplesIn(button)).toHaveLength(1);

      act(() => jest.advanceTimersByTime(1));
      expect(ripplesIn(button)).toHaveLength(0);
    });

    it('also appears when the button is pressed with the keyboard', () => {
      renderWithTheme(<Button variant="secondary">Cancel</Button>);
      const button = screen.getByRole('button', { name: 'Cancel' });

      fireEvent.keyDown(button, { key: 'Enter' });
      expect(ripplesIn(button)).toHaveLength(1);

      act(() => jest.advanceTimersByTime(RIPPLE_DURATION_MS));
      expect(ripplesIn(button)).toHaveLength(0);
    });
  });

  it('renders a router link that looks like a button with as={Link}', async () => {
    const user = userEvent.setup();
    renderWithTheme(
      <MemoryRouter initialEntries={['/tasks']}>
        <Routes>
          <Route
            path="/tasks"
            element={
              <Button as={Link} to="/tasks/create">
                New Task
              </Button>
            }
          />
          <Route path="/tasks/create" element={<h1>Create New Task</h1>} />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'New Task' });
    expect(link).toHaveAttribute('href', '/tasks/create');
    expect(link).not.toHaveAttribute('type');

    await user.click(link);

    expect(screen.getByRole('heading', { name: 'Create New Task' })).toBeInTheDocument();
  });

  it.each(['text', 'secondary'] as const)(
    'writes a %s button in a colour readable at 4.5:1 on the page, a card and its hover tint',
    (variant) => {
      renderWithTheme(<Button variant={variant}>Back to Tasks</Button>);
      const text = getComputedStyle(screen.getByRole('button', { name: 'Back to Tasks' })).color;
      const { background, surface, primaryTint } = themeValues.colors;
      for (const backdrop of [
        background,
        surface,
        flatten(primaryTint, background),
        flatten(primaryTint, surface),
      ]) {
        expect(contrastRatio(text, backdrop)).toBeGreaterThanOrEqual(4.5);
      }
    },
  );
});
