import { blankToNull } from './text';

describe('blankToNull', () => {
  it('trims the text and gives null for an empty or blank one', () => {
    expect(blankToNull('  Fire safety ')).toBe('Fire safety');
    expect(blankToNull('   ')).toBeNull();
    expect(blankToNull('')).toBeNull();
  });
});
