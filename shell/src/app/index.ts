// The async boundary Module Federation needs: the shared singletons (React,
// @duly/shared, …) are negotiated before any module that uses them runs.
import { hasStoredSession, startEarly } from './earlyStart';
import { evaluateInSteps } from './startupSteps';

// The shell's own code (preloaded by index.html) is evaluated while config.json is on its way,
// after the shared packages it needs, one task each (startupSteps.ts).
const shell = evaluateInSteps().then(() => import('./bootstrap'));
// With a session, the signed-in screens (the chrome, the dashboard, the remote routes) start
// downloading now, beside the shell's code, rather than once bootstrap.tsx runs; without one
// (the sign-in screen) they are not fetched at all, so index.html does not preload them. The
// public screens likewise: only without a session (the pre-rendered pages preload them).
if (hasStoredSession()) void import(/* webpackChunkName: "signed-in" */ './signedInScreens');
else void import(/* webpackChunkName: "sign-in" */ './publicScreens');
// Meanwhile: config.json, then the remote of the page being opened (earlyStart.ts). The shell's
// shared packages were registered when the federation runtime started, in this entry chunk,
// and 'loaded-first' keeps them: a remote that loads early still uses the shell's copies.
const config = startEarly();
void shell.then(({ bootstrap }) => bootstrap(config));
