import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { markPure, PURE_DECLARATIONS } from '../webpack/router-pure.cjs';

/** React Router's production files, as the shell's build resolves them. */
const ROUTER_DIST = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist/production',
);
const routerFiles = readdirSync(ROUTER_DIST)
  .filter((name) => name.endsWith('.mjs'))
  .map((name) => readFileSync(path.join(ROUTER_DIST, name), 'utf8'));

describe('RouterPurePlugin (issue 32)', () => {
  it("marks NavLink's and Form's forwardRef pure and drops their displayName in the installed React Router", () => {
    const results = routerFiles.map(markPure);
    const marked = results.flatMap((result) => result.marked);
    expect(marked.sort()).toEqual([...PURE_DECLARATIONS].sort());
    const output = results.find((result) => result.marked.length > 0)!.output;
    expect(output).toContain('var NavLink = /* @__PURE__ */ React');
    expect(output).toContain('var Form = /* @__PURE__ */ React');
    expect(output).not.toMatch(/^(NavLink|Form)\.displayName = /m);
    // Link, which Duly renders, keeps its name and its declaration.
    expect(output).toMatch(/^Link\.displayName = "Link";$/m);
    expect(output).toMatch(/^var Link = React\d*\.forwardRef\(/m);
  });

  it('fails the build when React Router declares these components differently', () => {
    const file = routerFiles.find((text) => text.includes('var NavLink = '))!;
    const changed = file.replace(/^NavLink\.displayName = "NavLink";$/m, '');
    expect(() => markPure(changed)).toThrow(/check scripts\/webpack\/router-pure\.cjs/);
    const wrapped = file.replace(/^var Form = (React\d*)\.forwardRef\(/m, 'var Form = $1.memo(');
    expect(() => markPure(wrapped)).toThrow(/declares NavLink, Form but NavLink as/);
  });

  it('leaves a file without these components unchanged', () => {
    expect(markPure('export const x = 1;\n')).toEqual({
      output: 'export const x = 1;\n',
      marked: [],
    });
  });
});
