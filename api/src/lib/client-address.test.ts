import { clientKey } from './client-address';

test('an IPv4 address is its own key, also when written as IPv6', () => {
  expect(clientKey('203.0.113.5')).toBe('203.0.113.5');
  expect(clientKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
});

test('IPv6 addresses of one /64 share a key, however they are written', () => {
  const key = clientKey('2001:db8:1:2::1');
  expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(key);
  expect(clientKey('2001:DB8:1:2:0:0:0:9%eth0')).toBe(key);
  expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
  expect(clientKey('::1')).toBe('0:0:0:0::/64');
});
