import { useEffect, useState } from 'react';

/**
 * The longest the wait for a painted frame lasts: a page whose frames do not come (a hidden
 * tab pauses requestAnimationFrame) still starts its work.
 */
export const PAINT_TIMEOUT_MS = 1000;

/** Set once a frame after the app's first render has been painted: later waits end at once. */
let painted = false;

/**
 * Runs `work` once the frame being prepared has been painted (a task queued from that frame's
 * requestAnimationFrame callback runs after it is presented), or PAINT_TIMEOUT_MS later when no
 * frame comes. Returns what cancels it, if it has not run yet.
 */
export function afterNextPaint(work: () => void): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    painted = true;
    work();
  };
  const frame =
    typeof window.requestAnimationFrame === 'function'
      ? window.requestAnimationFrame(() => {
          timer = setTimeout(run, 0);
        })
      : undefined;
  timer = setTimeout(run, PAINT_TIMEOUT_MS);
  return () => {
    done = true;
    clearTimeout(timer);
    if (frame !== undefined) window.cancelAnimationFrame(frame);
  };
}

/**
 * False on the first render and until the frame showing it has been painted, then true (at
 * once on a later mount). The chrome's own requests (the unread count, the organisation's name)
 * wait for it: started in the first commit's effects, they ended before the frame was presented
 * and Lighthouse's simulation (Lantern) counted their round trip into the screen's LCP, although
 * nothing of the first paint depends on them (issue 32, sixth round).
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return undefined;
    return afterNextPaint(() => setReady(true));
  }, [ready]);
  return ready;
}

/** Tests only: back to a page that has painted nothing yet. */
export function resetFirstPaintForTests(): void {
  painted = false;
}
