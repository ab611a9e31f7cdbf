import { screen } from '@testing-library/react';
import { DetailFields } from '../DetailList';
import { renderWithTheme } from './renderWithTheme';

describe('DetailFields', () => {
  it('lists each label with its value, in order, leaving out the fields given as false', () => {
    renderWithTheme(
      <DetailFields
        fields={[
          { label: 'Email', value: 'asha@example.com' },
          false,
          { label: 'Description', value: 'Line one\nLine two', text: true },
        ]}
      />,
    );
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const definitions = screen.getAllByRole('definition').map((value) => value.textContent);
    expect(terms).toEqual(['Email', 'Description']);
    expect(definitions).toEqual(['asha@example.com', 'Line one\nLine two']);
  });

  it('keeps the line breaks of a typed text, not of other values', () => {
    renderWithTheme(
      <DetailFields
        fields={[
          { label: 'Email', value: 'asha@example.com' },
          { label: 'Description', value: 'Line one\nLine two', text: true },
        ]}
      />,
    );
    const [email, description] = screen.getAllByRole('definition');
    expect(getComputedStyle(description).whiteSpace).toBe('pre-wrap');
    expect(getComputedStyle(email).whiteSpace).not.toBe('pre-wrap');
  });
});
