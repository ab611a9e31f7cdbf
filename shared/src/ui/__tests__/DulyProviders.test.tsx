import { configureStore } from '@reduxjs/toolkit';
import { render, screen } from '@testing-library/react';
import { useSelector } from 'react-redux';
import styled from 'styled-components';
import { enqueueSnackbar } from 'notistack';
import { act } from 'react';
import { DulyProviders } from '../DulyProviders';
import { theme } from '../theme';

/** Selector specificity as [ids, classes/attributes/pseudo-classes, elements] (simple selectors). */
function specificity(selector: string): number[] {
  const withoutNot = selector.replace(/:not\(([^)]*)\)/g, ' $1');
  const ids = withoutNot.match(/#[\w-]+/g)?.length ?? 0;
  const classes = withoutNot.match(/\.[\w-]+|\[[^\]]+\]|:(?!:)[\w-]+/g)?.length ?? 0;
  const elements = withoutNot.match(/(^|[\s>+~])[a-z][\w-]*/gi)?.length ?? 0;
  return [ids, classes, elements];
}

/**
 * The value of `property` the cascade gives `element` from the page's style rules. jsdom's
 * getComputedStyle applies rules in document order, ignoring specificity, so it cannot tell
 * whether a rule overriding notistack's own one wins in a browser; this can.
 */
function cascadedValue(element: Element, property: string): string {
  const candidates = Array.from(document.styleSheets)
    .flatMap((sheet) => Array.from(sheet.cssRules))
    // Duck-typed: the rules come from jsdom's CSSOM, not from this realm's CSSStyleRule.
    .filter((rule): rule is CSSStyleRule => 'selectorText' in rule)
    .flatMap((rule) =>
      rule.selectorText
        .split(',')
        .map((selector) => selector.trim())
        .filter((selector) => element.matches(selector))
        .map((selector) => ({ selector, value: rule.style.getPropertyValue(property) })),
    )
    .filter(({ value }) => value !== '');
  let winner: { selector: string; value: string } | undefined;
  for (const candidate of candidates) {
    const [a, b, c] = specificity(candidate.selector);
    const [x, y, z] = winner ? specificity(winner.selector) : [-1, -1, -1];
    if (a > x || (a === x && (b > y || (b === y && c >= z)))) winner = candidate;
  }
  return winner?.value ?? '';
}

const Themed = styled.p`
  color: ${({ theme }) => theme.colors.primary};
`;

function Greeting() {
  const name = useSelector((state: { greeting: string }) => state.greeting);
  return <Themed>Hello {name}</Themed>;
}

describe('DulyProviders', () => {
  it('gives its children the store, the theme and the toast host', async () => {
    const store = configureStore({ reducer: { greeting: () => 'Asha' } });
    render(
      <DulyProviders store={store}>
        <Greeting />
      </DulyProviders>,
    );

    expect(screen.getByText('Hello Asha')).toHaveStyle({ color: '#1976d2' });

    act(() => {
      enqueueSnackbar('Task created successfully');
    });
    expect(await screen.findByText('Task created successfully')).toBeInTheDocument();
  });

  it('shows toasts under the top bar, in colours that white text can be read on', async () => {
    const store = configureStore({ reducer: { greeting: () => 'Asha' } });
    render(<DulyProviders store={store} />);

    act(() => {
      enqueueSnackbar('Task created successfully', { variant: 'success' });
      enqueueSnackbar('Failed to update task', { variant: 'error' });
    });

    const success = (await screen.findByText('Task created successfully')).closest(
      '[role="alert"]',
    );
    const failure = screen.getByText('Failed to update task').closest('[role="alert"]');
    // notistack's own green (#43a047) gives white text 3.3:1; the theme's reaches 5.1:1.
    expect(success).toHaveStyle({ backgroundColor: theme.colors.status.green.main });
    expect(failure).toHaveStyle({ backgroundColor: theme.colors.error });

    const container = success?.closest('.notistack-SnackbarContainer');
    expect(container).not.toBeNull();
    expect(cascadedValue(container as Element, 'top')).toBe('calc(64px + 2px)');
  });
});
