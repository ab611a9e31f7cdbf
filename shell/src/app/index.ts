// The async boundary Module Federation needs: the shared singletons (React,
// @duly/shared, …) are negotiated before any module that uses them runs.
import { startEarly } from './earlyStart';

// Asked for first, so the shell's shared modules are registered and loading before any remote
// joins the share scope (with 'loaded-first' the shell's copies then win every singleton).
const shell = import('./bootstrap');
// Meanwhile: config.json, then the remote of the page being opened (earlyStart.ts).
const config = startEarly();
void shell.then(({ bootstrap }) => bootstrap(config));
