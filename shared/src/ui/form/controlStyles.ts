import { css } from 'styled-components';
import { theme } from '../theme';

/** The look every text-like control shares: 40 px, 6 px radius, primary border on focus. */
export const controlStyles = css`
  display: block;
  width: 100%;
  min-height: ${theme.layout.controlHeight};
  padding: ${theme.space(1, 1.5)};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.control};
  background: ${theme.colors.surface};
  color: ${theme.colors.text};
  font-family: inherit;
  font-size: ${theme.fontSizes.body};
  line-height: ${theme.lineHeights.body};
  transition:
    border-color ${theme.transitions.fast},
    box-shadow ${theme.transitions.fast};

  /* Hover darkens a valid field's edge; an invalid one stays red (darker red on hover), so the
     pointer resting on a field never hides its error. */
  &:hover:not(:disabled):not([aria-invalid='true']) {
    border-color: ${theme.colors.text};
  }

  &:focus {
    outline: none;
  }

  /* Focus: the primary border plus the kit's ring, so it never depends on colour alone. */
  &:focus-visible,
  &:focus {
    border-color: ${theme.colors.primary};
    box-shadow: 0 0 0 ${`${theme.focusRing.width} ${theme.focusRing.color}`};
  }

  &[aria-invalid='true'] {
    border-color: ${theme.colors.error};
  }

  &[aria-invalid='true']:hover:not(:disabled):not(:focus) {
    border-color: ${theme.colors.errorHover};
  }

  &:disabled {
    cursor: not-allowed;
    background: ${theme.colors.background};
    color: ${theme.colors.disabledText};
  }

  &::placeholder {
    color: ${theme.colors.textSecondary};
  }
`;
