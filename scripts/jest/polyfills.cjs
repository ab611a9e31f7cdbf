// react-router 7 needs TextEncoder under jsdom (ARCHITECTURE 9).
const util = require('node:util');

Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });
