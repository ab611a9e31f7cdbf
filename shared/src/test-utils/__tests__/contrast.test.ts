import { contrastRatio, flatten } from '../contrast';

describe('contrastRatio', () => {
  it('gives the WCAG ratios of known pairs, whatever their order', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    // #767676 is the lightest grey that passes 4.5:1 on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('rgb(255, 255, 255)', '#767676')).toBeCloseTo(4.54, 2);
  });

  it('refuses what it cannot read instead of guessing', () => {
    expect(() => contrastRatio('blue', '#ffffff')).toThrow('Not a colour this helper reads');
  });
});

describe('flatten', () => {
  it('paints a translucent colour over an opaque backdrop', () => {
    expect(flatten('rgba(0, 0, 0, 0.5)', '#ffffff')).toBe('rgb(128, 128, 128)');
    expect(flatten('rgba(25, 118, 210, 0.08)', '#ffffff')).toBe('rgb(237, 244, 251)');
    expect(flatten('#1976d2', '#ffffff')).toBe('rgb(25, 118, 210)');
  });
});
