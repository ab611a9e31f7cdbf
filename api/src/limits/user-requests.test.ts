import { MemoryCounter, slidingAnswer } from './user-requests';

const MINUTE = 60_000;

describe('the two-window estimate of requests per person', () => {
  test('within one window: the budget, then refused until the next window (refusals not counted)', () => {
    const counter = new MemoryCounter();
    const start = 100 * MINUTE;
    for (let i = 0; i < 3; i += 1) {
      expect(counter.count('a', 3, MINUTE, start + 1000).admitted).toBe(true);
    }
    // Nothing before this window: the wait runs to its end (59 s), plus nothing.
    expect(counter.count('a', 3, MINUTE, start + 1000)).toEqual({
      admitted: false,
      retryAfterSeconds: 59 + 20,
    });
    expect(counter.count('b', 3, MINUTE, start + 1000).admitted).toBe(true);
  });

  test("the previous window's count weighs by how much of it the sliding window still covers", () => {
    const counter = new MemoryCounter();
    const start = 100 * MINUTE;
    for (let i = 0; i < 10; i += 1) counter.count('a', 10, MINUTE, start + 500);
    // A quarter into the next window, 7.5 of the 10 still count: 2 more fit, not 3.
    const next = start + MINUTE + MINUTE / 4;
    expect(counter.count('a', 10, MINUTE, next).admitted).toBe(true);
    expect(counter.count('a', 10, MINUTE, next).admitted).toBe(true);
    const refused = counter.count('a', 10, MINUTE, next);
    expect(refused.admitted).toBe(false);
    // 7.5 of the previous must drop to 7: at 30% of the window, 3 s later.
    expect(refused.retryAfterSeconds).toBe(3);
    expect(counter.count('a', 10, MINUTE, start + MINUTE + 0.3 * MINUTE).admitted).toBe(true);
  });

  test('the wait from a full current window runs into the next one', () => {
    // 4 counted of 4 in this window, none before; at its middle: 30 s to its end, then until
    // the 4 weigh at most 3: a quarter into the next.
    expect(slidingAnswer(0, 5, 4, MINUTE, MINUTE / 2)).toEqual({
      admitted: false,
      retryAfterSeconds: 30 + 15,
    });
  });
});
