// react-router 7 needs TextEncoder under jsdom (ARCHITECTURE 9).
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
