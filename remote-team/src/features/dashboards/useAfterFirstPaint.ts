import { useEffect, useState } from 'react';

/** The longest it waits for a painted frame (a hidden tab pauses requestAnimationFrame). */
export const PAINT_TIMEOUT_MS = 1000;

/**
 * False on the first render and until the frame showing it has been painted (a task queued
 * from that frame's requestAnimationFrame callback runs after it is presented), then true. The
 * team compliance line, the one part of /tasks/dashboard that is not among the page's first
 * requests, asks for its figure then: asked in the first commit's effects, its answer came
 * before the frame was presented and Lighthouse's simulation (Lantern) counted its round trip
 * into the screen's LCP (issue 32). The shell's chrome does the same (shell/src/app/
 * afterFirstPaint.ts); a remote cannot import the shell's modules.
 */
export function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let done = false;
    const run = () => {
      if (done) return;
      done = true;
      clearTimeout(late);
      setReady(true);
    };
    const late = setTimeout(run, PAINT_TIMEOUT_MS);
    const frame = window.requestAnimationFrame(() => {
      setTimeout(run, 0);
    });
    return () => {
      done = true;
      clearTimeout(late);
      window.cancelAnimationFrame(frame);
    };
  }, []);
  return ready;
}
