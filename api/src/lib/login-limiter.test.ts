import { LoginLimiter, PasswordGate, SIGN_IN_LIMITS } from './login-limiter';

const limits = SIGN_IN_LIMITS;

async function fail(limiter: LoginLimiter, email: string, address: string): Promise<void> {
  const admission = await limiter.begin(email, address);
  if (!admission.admitted) throw new Error(`${email} from ${address} was not admitted`);
  await admission.attempt.failed();
}

test('blocks after 10 failures within a minute, per email and address, until a failure ages out', async () => {
  let now = 0;
  const limiter = new LoginLimiter(limits, () => now);
  for (let i = 0; i < 10; i += 1) {
    await fail(limiter, i === 0 ? 'A@x.test' : 'a@x.test', '1.1.1.1');
    now += 1000;
  }
  expect(await limiter.begin('a@x.test', '1.1.1.1')).toEqual({
    admitted: false,
    retryAfterSeconds: 50,
  });
  expect((await limiter.begin('a@x.test', '2.2.2.2')).admitted).toBe(true);
  expect((await limiter.begin('b@x.test', '1.1.1.1')).admitted).toBe(true);
  now = 60_001;
  expect((await limiter.begin('a@x.test', '1.1.1.1')).admitted).toBe(true);
});

test('attempts under way count: the 11th parallel attempt is refused before any has failed', async () => {
  const limiter = new LoginLimiter(limits, () => 0);
  const admitted = await Promise.all(
    Array.from({ length: 10 }, () => limiter.begin('a@x.test', 'ip')),
  );
  expect(admitted.every((admission) => admission.admitted)).toBe(true);
  expect(await limiter.begin('a@x.test', 'ip')).toEqual({ admitted: false, retryAfterSeconds: 1 });
  // An attempt abandoned without a check frees its place and records nothing.
  const [first] = admitted;
  if (first.admitted) await first.attempt.abandoned();
  expect((await limiter.begin('a@x.test', 'ip')).admitted).toBe(true);
});

const small = {
  perAccountAndAddress: { max: 2, windowMs: 60_000 },
  perAddress: { max: 3, windowMs: 60_000 },
  perAccount: { max: 100, windowMs: 60_000 },
  perAddressAtTargetedAccount: { max: 1 },
};

test('one address is capped across emails; a success clears only that email', async () => {
  const limiter = new LoginLimiter(small, () => 0);
  await fail(limiter, 'a@x.test', 'ip');
  const success = await limiter.begin('a@x.test', 'ip');
  if (success.admitted) await success.attempt.succeeded();
  await fail(limiter, 'a@x.test', 'ip');
  await fail(limiter, 'a@x.test', 'ip'); // a@'s failures were cleared by the success: 2 now
  expect((await limiter.begin('a@x.test', 'ip')).admitted).toBe(false);
  // The address has 3 failures in all, so no other email may be tried from it either.
  expect((await limiter.begin('b@x.test', 'ip')).admitted).toBe(false);
  expect((await limiter.begin('b@x.test', 'elsewhere')).admitted).toBe(true);
});

test('a targeted account: addresses that guessed wait for the window, a fresh address is checked', async () => {
  let now = 0;
  const limiter = new LoginLimiter(
    {
      ...small,
      perAddress: { max: 100, windowMs: 60_000 },
      perAccount: { max: 4, windowMs: 600_000 },
    },
    () => now,
  );
  await fail(limiter, 'a@x.test', 'one');
  await fail(limiter, 'a@x.test', 'one');
  await fail(limiter, 'a@x.test', 'two');
  await fail(limiter, 'a@x.test', 'two');
  // 4 failures: targeted. An address with failures at it waits until they leave 10 minutes.
  now = 61_000;
  expect(await limiter.begin('a@x.test', 'one')).toEqual({
    admitted: false,
    retryAfterSeconds: 539,
  });
  await fail(limiter, 'a@x.test', 'owner');
  expect((await limiter.begin('a@x.test', 'owner')).admitted).toBe(false);
  // Another account is not targeted.
  expect((await limiter.begin('b@x.test', 'one')).admitted).toBe(true);
  now = 600_001;
  expect((await limiter.begin('a@x.test', 'one')).admitted).toBe(true);
});

test('the password gate runs a bounded number of tasks at once and refuses beyond its queue', async () => {
  const gate = new PasswordGate({ hashesAtOnce: 2, hashesWaiting: 3 });
  let running = 0;
  let most = 0;
  const task = async () => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 10));
    running -= 1;
    return 'done';
  };
  const runs = Array.from({ length: 8 }, () => gate.run(task));
  expect(runs.filter((run) => run === null)).toHaveLength(3);
  expect(await Promise.all(runs.filter(Boolean))).toEqual(Array(5).fill('done'));
  expect(most).toBe(2);
  expect(gate.run(task)).not.toBeNull();
});
