// The async boundary Module Federation needs: the shared singletons (React,
// @duly/shared, …) are negotiated before any module that uses them runs.
import { BOOT_ELEMENT_ID } from '../features/remotes/inlineBoot';
import { hasStoredSession, startEarly } from './earlyStart';
import { evaluateInSteps } from './startupSteps';

// The shell's own code (preloaded by index.html) is evaluated while config.json is on its way,
// after the shared packages it needs, one task each (startupSteps.ts).
const shell = evaluateInSteps().then(() => import('./bootstrap'));
// With a session, the signed-in screens (the chrome, the dashboard, the remote routes) start
// downloading now, beside the shell's code, rather than once bootstrap.tsx runs; without one
// (the sign-in screen) they are not fetched at all, so index.html does not preload them. A page
// served with its boot data (api/src/web/boot.ts) preloads them from the HTML already: there
// the import waits for bootstrap.tsx, because an import evaluates the chunk as soon as it
// arrives, and with it every shared package it needs, in one long task that would undo the
// steps above (634 ms at 4x in the trace of docs/module-federation.md, "A cold /tasks, issue 32").
if (hasStoredSession() && !document.getElementById(BOOT_ELEMENT_ID))
  void import(/* webpackChunkName: "signed-in" */ './signedInScreens');
// Meanwhile: config.json, then the remote of the page being opened (earlyStart.ts). The shell's
// shared packages were registered when the federation runtime started, in this entry chunk,
// and 'loaded-first' keeps them: a remote that loads early still uses the shell's copies.
const config = startEarly();
void shell.then(({ bootstrap }) => bootstrap(config));
