/**
 * Fixes "now" for rules like "due date not earlier than now". Only `Date` is faked: timers,
 * microtasks and performance stay real, so MSW, React and user-event run as usual.
 */
export function pinClock(instant: string): void {
  jest.useFakeTimers({
    now: new Date(instant),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

export function unpinClock(): void {
  jest.useRealTimers();
}
