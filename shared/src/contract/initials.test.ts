import { initials } from './initials';

describe('initials', () => {
  it.each([
    ['Ada', 'A'],
    ['ada lovelace', 'AL'],
    ['Ada King Lovelace', 'AKL'],
    ['  grace   brewster  hopper ', 'GBH'],
    ['émile zola', 'ÉZ'],
  ])('of %j are %j', (fullName, expected) => {
    expect(initials(fullName)).toBe(expected);
  });

  it.each(['', '   ', null, undefined])('are empty for %j', (fullName) => {
    expect(initials(fullName)).toBe('');
  });
});
