// The loader of RouterPurePlugin (router-pure.cjs): marks React Router's `forwardRef`
// declarations pure and reports what it marked to the plugin's check.
const { markPure } = require('./router-pure.cjs');

/** @this {{ routerPureMarked?: (names: string[]) => void }} @param {string} source */
module.exports = function routerPureLoader(source) {
  const { output, marked } = markPure(source);
  this.routerPureMarked?.(marked);
  return output;
};
