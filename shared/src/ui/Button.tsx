import {
  type ComponentPropsWithRef,
  type ElementType,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';
import styled, { css, type DefaultTheme } from 'styled-components';
import { theme } from './theme';
import { focusRing } from './focusRing';
import { useRipple } from './useRipple';
import { useFormReadOnly } from './form/readOnly';

export type ButtonVariant = 'primary' | 'secondary' | 'text' | 'danger';
export type ButtonSize = 'small' | 'medium' | 'large';

interface ButtonOwnProps<E extends ElementType> {
  /** Render as another element or component, e.g. `as={Link} to="/tasks/create"`. */
  as?: E;
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** An icon before the label (decorative; the label names the button). */
  startIcon?: ReactNode;
  children?: ReactNode;
}

export type ButtonProps<E extends ElementType = 'button'> = ButtonOwnProps<E> &
  Omit<ComponentPropsWithRef<E>, keyof ButtonOwnProps<E>>;

const heights = (theme: DefaultTheme): Record<ButtonSize, string> => ({
  small: '32px',
  medium: theme.layout.buttonHeight,
  large: '42px',
});

const variantStyles: Record<ButtonVariant, (theme: DefaultTheme) => ReturnType<typeof css>> = {
  primary: ({ colors }) => css`
    background: ${colors.primary};
    color: ${colors.onPrimary};
    &:hover {
      background: ${colors.primaryHover};
    }
  `,
  secondary: ({ colors }) => css`
    background: ${colors.surface};
    color: ${colors.primaryText};
    border-color: ${colors.primary};
    &:hover {
      background: ${colors.primaryTint};
    }
  `,
  text: ({ colors }) => css`
    background: transparent;
    color: ${colors.primaryText};
    &:hover {
      background: ${colors.primaryTint};
    }
  `,
  danger: ({ colors }) => css`
    background: ${colors.error};
    color: ${colors.onError};
    &:hover {
      background: ${colors.errorHover};
    }
  `,
};

const ButtonRoot = styled.button<{
  $variant: ButtonVariant;
  $size: ButtonSize;
  $fullWidth: boolean;
}>`
  position: relative;
  overflow: hidden;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${theme.space(1)};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  min-height: ${({ theme, $size }) => heights(theme)[$size]};
  padding: ${({ theme, $size }) => theme.space(0.5, $size === 'small' ? 1.5 : 2)};
  border: 1px solid transparent;
  border-radius: ${theme.radii.control};
  font-family: inherit;
  font-size: ${theme.fontSizes.body};
  font-weight: ${theme.fontWeights.medium};
  line-height: ${theme.lineHeights.tight};
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  user-select: none;
  transition: background-color ${theme.transitions.fast};
  ${({ theme, $variant }) => variantStyles[$variant](theme)}
  ${focusRing}

  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    color: ${theme.colors.disabledText};
    background: ${({ theme, $variant }) =>
      $variant === 'text' ? 'transparent' : theme.colors.disabledBackground};
    border-color: transparent;
  }

  & > svg {
    flex-shrink: 0;
  }
`;

/**
 * The kit's button: four variants, three sizes, a 550 ms ripple and a visible focus ring.
 * Renders a `<button type="button">` unless told otherwise (pass `type="submit"` in forms);
 * with `as={Link}` it renders a link that looks like a button.
 */
export function Button<E extends ElementType = 'button'>({
  as,
  variant = 'primary',
  size = 'medium',
  fullWidth = false,
  startIcon,
  children,
  ...rest
}: ButtonProps<E>) {
  const readOnlyForm = useFormReadOnly();
  const filled = variant === 'primary' || variant === 'danger';
  const ripple = useRipple(filled ? theme.colors.ripple : theme.colors.rippleOnLight);
  const native = as === undefined || as === 'button';
  const props = rest as Record<string, unknown> & {
    disabled?: boolean;
    type?: string;
    onClick?: (event: MouseEvent<HTMLElement>) => void;
    onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
    onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  };
  const { disabled, onClick, onPointerDown, onKeyDown, ...passThrough } = props;
  // A form the person's role cannot submit has no submit button (FormScreen's readOnlyReason).
  if (readOnlyForm && props.type === 'submit') return null;

  // A link cannot be disabled natively: mark it and swallow the click instead.
  const handleClick = (event: MouseEvent<HTMLElement>) => {
    if (disabled) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };

  return (
    <ButtonRoot
      as={as as ElementType}
      {...passThrough}
      type={native ? (props.type ?? 'button') : props.type}
      disabled={native ? disabled : undefined}
      aria-disabled={!native && disabled ? true : undefined}
      $variant={variant}
      $size={size}
      $fullWidth={fullWidth}
      onClick={handleClick}
      onPointerDown={(event: PointerEvent<HTMLElement>) => {
        if (!disabled) ripple.onPointerDown(event);
        onPointerDown?.(event);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLElement>) => {
        // Space activates buttons but not links, so a link ripples on Enter only.
        if (!disabled && (native || event.key === 'Enter')) ripple.onKeyDown(event);
        onKeyDown?.(event);
      }}
    >
      {startIcon}
      {children}
      {ripple.ripples}
    </ButtonRoot>
  );
}
