import { LoginLimiter } from './login-limiter';

test('blocks after 10 failures within a minute, per email and address, until a failure ages out', () => {
  let now = 0;
  const limiter = new LoginLimiter({ maxFailures: 10, windowMs: 60_000 }, () => now);
  for (let i = 0; i < 10; i += 1) {
    expect(limiter.retryAfterSeconds('A@x.test', '1.1.1.1')).toBe(0);
    limiter.recordFailure('a@x.test', '1.1.1.1');
    now += 1000;
  }
  expect(limiter.retryAfterSeconds('a@x.test', '1.1.1.1')).toBe(50);
  expect(limiter.retryAfterSeconds('a@x.test', '2.2.2.2')).toBe(0);
  expect(limiter.retryAfterSeconds('b@x.test', '1.1.1.1')).toBe(0);
  now = 60_001;
  expect(limiter.retryAfterSeconds('a@x.test', '1.1.1.1')).toBe(0);
});

test('a success clears the failures', () => {
  const limiter = new LoginLimiter({ maxFailures: 2, windowMs: 60_000 }, () => 0);
  limiter.recordFailure('a@x.test', 'ip');
  limiter.recordSuccess('a@x.test', 'ip');
  limiter.recordFailure('a@x.test', 'ip');
  expect(limiter.retryAfterSeconds('a@x.test', 'ip')).toBe(0);
});
