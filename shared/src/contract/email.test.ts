import { isOrdinaryEmail } from './email';

describe('isOrdinaryEmail: the one rule of the forms and the API', () => {
  it.each([
    'asha@example.com',
    'Asha.Rao@Example.CO.IN',
    'first.last+tag@mail.example.org',
    "o'brien@example.ie",
    'a_b-c=d!#$%&*/?^`{|}~@example.com',
    'ravi@sub-domain.example.travel',
    'x@xn--80ak6aa92e.xn--p1ai',
    '1234@123.example.com',
  ])('accepts %s', (address) => {
    expect(isOrdinaryEmail(address)).toBe(true);
  });

  it.each([
    ['an IP literal', 'x@[127.0.0.1]'],
    ['an IPv6 literal', 'x@[IPv6:::1]'],
    ['a quoted local part', '"a b"@attack.test'],
    ['a quoted local part without spaces', '"ab"@example.com'],
    ['a domain without a dot', 'asha@localhost'],
    ['a numeric top-level domain', 'asha@127.0.0.1'],
    ['a one-letter top-level domain', 'asha@example.c'],
    ['a top-level domain with a digit', 'asha@example.c0m'],
    ['a label starting with a hyphen', 'asha@-example.com'],
    ['a label ending with a hyphen', 'asha@example-.com'],
    ['an empty label', 'asha@example..com'],
    ['a trailing dot on the domain', 'asha@example.com.'],
    ['a leading dot in the local part', '.asha@example.com'],
    ['two dots in the local part', 'asha..rao@example.com'],
    ['a trailing dot in the local part', 'asha.@example.com'],
    ['a space', 'asha rao@example.com'],
    ['two @', 'asha@rao@example.com'],
    ['no local part', '@example.com'],
    ['no domain', 'asha@'],
    ['a non-ASCII local part', 'äsha@example.com'],
    ['a non-ASCII domain', 'asha@exämple.com'],
    ['a 65-character local part', `${'a'.repeat(65)}@example.com`],
    ['a 64-character label', `asha@${'a'.repeat(64)}.com`],
    [
      'more than 254 characters',
      `asha@${['a', 'b', 'c', 'd'].map((c) => c.repeat(63)).join('.')}.com`,
    ],
    ['a line break', 'asha@example.com\n'],
    ['nothing', ''],
  ])('refuses %s (%s)', (_what, address) => {
    expect(isOrdinaryEmail(address)).toBe(false);
  });
});
