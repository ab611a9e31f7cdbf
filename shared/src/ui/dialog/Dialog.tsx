import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import styled, { keyframes } from 'styled-components';
import { focusableElements } from './focusable';
import { theme } from '../theme';

const fadeIn = keyframes`
  from {
    opacity: 0;
  }
  to {
    opacity: 1;
  }
`;

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: ${theme.zIndices.dialog};
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${theme.space(2)};
  background: ${theme.colors.backdrop};
  animation: ${fadeIn} ${theme.transitions.normal};
`;

const widths = { small: '400px', medium: '560px' } as const;

const Panel = styled.div<{ $size: keyof typeof widths }>`
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: ${({ $size }) => widths[$size]};
  max-height: calc(100vh - ${theme.space(4)});
  background: ${theme.colors.surface};
  border-radius: ${theme.radii.dialog};
  box-shadow: ${theme.shadows.dialog};
  outline: none;
`;

const Title = styled.h2`
  margin: 0;
  padding: ${theme.space(3, 3, 1)};
  font-size: ${theme.fontSizes.sectionTitle};
  font-weight: ${theme.fontWeights.semibold};
  line-height: ${theme.lineHeights.tight};
`;

const Body = styled.div`
  padding: ${theme.space(1, 3, 2)};
  overflow-y: auto;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${theme.space(1)};
  padding: ${theme.space(1, 3, 3)};
`;

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Called on Escape and on a click on the backdrop; the owner then sets `open` to false. */
  onClose: () => void;
  children?: ReactNode;
  /** Buttons at the bottom right: secondary first, then the primary. */
  actions?: ReactNode;
  /** The element to focus on opening; the first focusable element of the dialog otherwise. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: 'small' | 'medium';
  /** Render in place instead of at the end of `<body>` (server rendering, unusual layouts). */
  disablePortal?: boolean;
}

/**
 * A modal dialog: focus moves into it and stays there (Tab and Shift+Tab cycle), Escape or a
 * backdrop click closes it, and focus returns to whatever opened it.
 */
export function Dialog({
  open,
  title,
  onClose,
  children,
  actions,
  initialFocusRef,
  size = 'small',
  disablePortal = false,
}: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);

  // Runs once per opening: take focus in, lock the page's scroll; give both back on close.
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    if (panel) {
      const target = initialFocusRef?.current ?? focusableElements(panel)[0] ?? panel;
      target.focus();
    }
    // Focus that leaves by other means than Tab (a click on the page behind, a control
    // disabling itself) is brought back; another modal opened from this one keeps its focus.
    const keepFocusInside = (event: FocusEvent) => {
      const target = event.target as Element | null;
      if (!panel || !target || panel.contains(target)) return;
      if (target.closest('[role="dialog"][aria-modal="true"]')) return;
      panel.focus();
    };
    document.addEventListener('focusin', keepFocusInside);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      document.body.style.overflow = previousOverflow;
      if (opener?.isConnected) opener.focus();
    };
    // initialFocusRef is read once, on opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusables = focusableElements(panelRef.current);
    if (focusables.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // Only a press that starts and ends on the backdrop closes: a drag out of a field does not.
  const handleBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };
  const handleBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressStartedOnBackdrop.current = false;
  };

  const dialog = (
    <Backdrop
      data-dialog-backdrop=""
      onMouseDown={handleBackdropMouseDown}
      onClick={handleBackdropClick}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        $size={size}
        onKeyDown={handleKeyDown}
      >
        <Title id={titleId}>{title}</Title>
        <Body>{children}</Body>
        {actions ? <Actions>{actions}</Actions> : null}
      </Panel>
    </Backdrop>
  );

  return disablePortal ? dialog : createPortal(dialog, document.body);
}
