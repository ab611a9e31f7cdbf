import { inlineScriptSources } from './inline-scripts';

describe('inlineScriptSources', () => {
  it("gives the sha256 source of each inline script's exact text", () => {
    // sha256("alert(1)") and sha256("alert(2)"), base64.
    expect(
      inlineScriptSources('<head><script>alert(1)</script><script type=module>alert(2)</script>'),
    ).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
      "'sha256-4axlHpxgDbFzJObpXPFZgZhULrEGgJiud3OwxN9unHg='",
    ]);
  });

  it('leaves out scripts loaded from a file and empty ones', () => {
    expect(
      inlineScriptSources('<script defer src=/main.0123456789.js></script><script></script>'),
    ).toEqual([]);
  });

  it('finds none in a page without scripts', () => {
    expect(inlineScriptSources('<!doctype html><div id="root"></div>')).toEqual([]);
  });
});
