// React Router's production bundle declares its `NavLink` and `Form` components as
// `var X = React.forwardRef(...)` without a `/* @__PURE__ */` mark, then sets
// `X.displayName = "X"` at the top level, so the bundler must keep both (a call or an
// assignment may have side effects), and with them all they reference: `useSubmit`, the
// form-submission code, the view-transition hooks. Duly renders neither (`@duly/shared/router`
// exports `Link` only). RouterPurePlugin marks the two calls pure and drops the two
// `displayName` statements in the build, so webpack drops both components (issue 32).
//
// Nothing changes at run time: `forwardRef` only wraps its function in an object, and
// `displayName` names the component in React's developer tools (a production build's names
// are minified anyway). A React Router that no longer declares them this way fails the build
// (RouterPurePlugin below) instead of silently shipping the whole file again.
const path = require('node:path');

/** The components whose `forwardRef` call is marked, as the bundle declares them. */
const PURE_DECLARATIONS = ['NavLink', 'Form'];
const NAMES = PURE_DECLARATIONS.join('|');
const DECLARATION = new RegExp(`^var (${NAMES}) = (React\\d*)\\.forwardRef\\(`, 'gm');
const DISPLAY_NAME = new RegExp(`^(${NAMES})\\.displayName = "(${NAMES})";\\n`, 'gm');
/** React Router's production files (its `exports` pick them in a production build). */
const ROUTER_FILES = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;
const LOADER = path.join(__dirname, 'router-pure-loader.cjs');

/**
 * The marked source of one file, and the names it marked. A file that declares some of these
 * components but not all (React Router changed them) is an error.
 * @param {string} source
 */
function markPure(source) {
  /** @type {string[]} */
  const marked = [];
  /** @type {string[]} */
  const unnamed = [];
  const output = source
    .replace(DECLARATION, (_match, name, react) => {
      marked.push(name);
      return `var ${name} = /* @__PURE__ */ ${react}.forwardRef(`;
    })
    .replace(DISPLAY_NAME, (match, name, displayName) => {
      if (name !== displayName) return match;
      unnamed.push(name);
      return '';
    });
  const declares = PURE_DECLARATIONS.filter((name) => source.includes(`var ${name} = `));
  const complete =
    marked.length === PURE_DECLARATIONS.length && unnamed.length === PURE_DECLARATIONS.length;
  if (declares.length > 0 && !complete) {
    throw new Error(
      `router-pure: React Router's bundle declares ${declares.join(', ')} but ${marked.join(', ') || 'none'} as \`var X = React.forwardRef(\` and ${unnamed.join(', ') || 'none'} with \`X.displayName = "X";\`: check scripts/webpack/router-pure.cjs against this version of react-router.`,
    );
  }
  return { output, marked };
}

/** Marks the `forwardRef` calls; fails the build when no file of React Router had them. */
class RouterPurePlugin {
  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.options.module.rules.push({ test: ROUTER_FILES, use: [{ loader: LOADER }] });
    compiler.hooks.thisCompilation.tap(RouterPurePlugin.name, (compilation) => {
      /** @type {Set<string>} */
      const marked = new Set();
      compiler.webpack.NormalModule.getCompilationHooks(compilation).loader.tap(
        RouterPurePlugin.name,
        (context) => {
          /** @type {{ routerPureMarked?: (names: string[]) => void }} */ (
            /** @type {unknown} */ (context)
          ).routerPureMarked = (names) => names.forEach((name) => marked.add(name));
        },
      );
      compilation.hooks.afterSeal.tap(RouterPurePlugin.name, () => {
        const missing = PURE_DECLARATIONS.filter((name) => !marked.has(name));
        // A build that bundles no React Router (none imports it) has nothing to mark.
        const bundlesRouter = [...compilation.modules].some((module) =>
          ROUTER_FILES.test(/** @type {{ resource?: string }} */ (module).resource ?? ''),
        );
        if (bundlesRouter && missing.length > 0) {
          compilation.errors.push(
            new compiler.webpack.WebpackError(
              `RouterPurePlugin: ${missing.join(', ')} not marked pure in React Router's bundle: check scripts/webpack/router-pure.cjs against this version of react-router.`,
            ),
          );
        }
      });
    });
  }
}

module.exports = { RouterPurePlugin, markPure, PURE_DECLARATIONS };
