import { admit, RequestLimiter } from './request-limiter';

describe('RequestLimiter', () => {
  test('admits up to the cap within the window, then says when to come back', async () => {
    let now = 1_000_000;
    const limiter = new RequestLimiter({ windowMs: 60_000, max: 2 }, () => now);
    expect(await admit([[limiter, 'a']])).toEqual({ admitted: true });
    now += 10_000;
    expect(await admit([[limiter, 'a']])).toEqual({ admitted: true });
    expect(await admit([[limiter, 'a']])).toEqual({ admitted: false, retryAfterSeconds: 50 });
    // Another key has its own count.
    expect(await admit([[limiter, 'b']])).toEqual({ admitted: true });
    // Once the first request leaves the window, one more is admitted.
    now += 50_001;
    expect(await admit([[limiter, 'a']])).toEqual({ admitted: true });
    expect((await admit([[limiter, 'a']])).admitted).toBe(false);
  });

  test('a request refused by one limit is counted by none', async () => {
    const now = 5_000_000;
    const perAddress = new RequestLimiter({ windowMs: 60_000, max: 3 }, () => now);
    const perEmail = new RequestLimiter({ windowMs: 60_000, max: 1 }, () => now);
    expect(
      (
        await admit([
          [perAddress, 'ip'],
          [perEmail, 'x@ip'],
        ])
      ).admitted,
    ).toBe(true);
    expect(
      (
        await admit([
          [perAddress, 'ip'],
          [perEmail, 'x@ip'],
        ])
      ).admitted,
    ).toBe(false);
    expect(
      (
        await admit([
          [perAddress, 'ip'],
          [perEmail, 'y@ip'],
        ])
      ).admitted,
    ).toBe(true);
    expect(
      (
        await admit([
          [perAddress, 'ip'],
          [perEmail, 'z@ip'],
        ])
      ).admitted,
    ).toBe(true);
    // Three admitted at this address: the refused one did not use up a place.
    expect(
      (
        await admit([
          [perAddress, 'ip'],
          [perEmail, 'w@ip'],
        ])
      ).admitted,
    ).toBe(false);
  });
});
