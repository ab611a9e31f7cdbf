import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import styled, { keyframes } from 'styled-components';
import { RIPPLE_DURATION_MS } from '../contract/constants';

interface RippleWave {
  id: number;
  x: number;
  y: number;
  size: number;
}

const spread = keyframes`
  from {
    transform: scale(0);
    opacity: 1;
  }
  to {
    transform: scale(1);
    opacity: 0;
  }
`;

const Wave = styled.span<{ $color: string }>`
  position: absolute;
  border-radius: 50%;
  pointer-events: none;
  background: ${({ $color }) => $color};
  animation: ${spread} ${RIPPLE_DURATION_MS}ms ease-out forwards;
`;

/**
 * The material ripple: a wave that spreads from the press point (from the centre when the
 * control is pressed with the keyboard) and is removed after RIPPLE_DURATION_MS. The host
 * element must be `position: relative; overflow: hidden`.
 */
export function useRipple(color: string) {
  const [waves, setWaves] = useState<RippleWave[]>([]);
  const nextId = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const spawn = useCallback((host: HTMLElement, clientX?: number, clientY?: number) => {
    const rect = host.getBoundingClientRect();
    const x = clientX === undefined ? rect.width / 2 : clientX - rect.left;
    const y = clientY === undefined ? rect.height / 2 : clientY - rect.top;
    // Large enough to cover the farthest corner from the press point.
    const radius = Math.hypot(Math.max(x, rect.width - x), Math.max(y, rect.height - y));
    const id = nextId.current++;
    setWaves((current) => [...current, { id, x, y, size: radius * 2 }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setWaves((current) => current.filter((wave) => wave.id !== id));
    }, RIPPLE_DURATION_MS);
    timers.current.add(timer);
  }, []);

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLElement>) => spawn(event.currentTarget, event.clientX, event.clientY),
    [spawn],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (!event.repeat && (event.key === 'Enter' || event.key === ' ')) {
        spawn(event.currentTarget);
      }
    },
    [spawn],
  );

  const ripples = waves.map((wave) => (
    <Wave
      key={wave.id}
      aria-hidden="true"
      data-ripple=""
      $color={color}
      style={{
        left: wave.x - wave.size / 2,
        top: wave.y - wave.size / 2,
        width: wave.size,
        height: wave.size,
      }}
    />
  ));

  return { ripples, onPointerDown, onKeyDown };
}
