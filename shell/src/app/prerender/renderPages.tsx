/**
 * The build-time pre-render (issue 18): the public screens a visitor often opens cold, rendered
 * to HTML with the CSS they need, so the browser paints them before any JavaScript has arrived.
 * The shell's build runs this module in Node (scripts/prerender.cjs) over the index.html it has
 * just written and emits one page per route (`prerendered/login.html`); the server sends it
 * for a cold load of the route (api/src/web), and bootstrap.tsx hydrates it (mountShell.tsx).
 */
// Root first, as in bootstrap.tsx: styled-components numbers its components in the order their
// modules run, and the class names of the HTML must be the ones the browser's app computes.
import { Root } from '../Root';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { createAppStore, sessionResolved } from '@duly/shared/core';
import { EARLY_SCRIPT, SESSION_MARK } from './earlyScript';
import { scriptsAfterFirstPaint } from './scriptsAfterPaint';
import { PRERENDERED_ATTRIBUTE, TakeOver } from './takeOver';
// Last: the public screens' modules run after everything bootstrap.tsx imports, as in the browser
// (their chunk is loaded once bootstrap.tsx runs).
import { providePublicPart } from '../PublicScreen';
import { publicScreens } from '../publicScreens';

/**
 * The routes pre-rendered: the sign-in page, and the sign-up page, the other public page a
 * visitor may open cold (a link to it sent around, or followed on /login before the app ran).
 * /forgot-password is not: it is reached from /login, once the app runs there.
 */
export const PRERENDERED_ROUTES = ['/login', '/signup'] as const;

export interface PrerenderedPage {
  route: string;
  /** The file the build writes, relative to dist/: the server looks for it there. */
  file: string;
  html: string;
}

/** The file of a pre-rendered route: `/login` → `prerendered/login.html`. */
export function prerenderedFile(route: string): string {
  return `prerendered${route}.html`;
}

/** The markup of `route` as an anonymous visitor's first render shows it, and its CSS. */
function renderRoute(route: string): { markup: string; styles: string } {
  providePublicPart(publicScreens);
  const store = createAppStore();
  // What `sessionRestored()` finds without a stored token: the visitor is anonymous.
  store.dispatch(sessionResolved(null));
  const sheet = new ServerStyleSheet();
  try {
    const markup = renderToString(
      sheet.collectStyles(
        <TakeOver>
          <Root store={store} location={route} />
        </TakeOver>,
      ),
    );
    return { markup, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

// html-webpack-plugin minifies the page: attributes may have lost their quotes.
const EMPTY_ROOT = /<div id="?root"?><\/div>/;

/**
 * `template` (the built index.html, with its scripts) with `route` rendered into #root, its
 * CSS and the early script in <head>. The early script comes before the CSS and the form, so
 * it runs before anything can be painted or submitted. The page's JavaScript is asked for once
 * its first frame is painted (scriptsAfterPaint.ts).
 */
export function renderPage(template: string, route: string): string {
  if (!EMPTY_ROOT.test(template) || !template.includes('</head>')) {
    throw new Error('The page template has no empty <div id="root"></div> or no </head>');
  }
  const { markup, styles } = renderRoute(route);
  // While the early script finds a stored session the form stays hidden (earlyScript.ts).
  const hideForSession = `<style>html[${SESSION_MARK}] #root[${PRERENDERED_ATTRIBUTE}]{visibility:hidden}</style>`;
  const { page, loader } = scriptsAfterFirstPaint(template);
  const head = `<script>${EARLY_SCRIPT}</script><script>${loader}</script>${hideForSession}${styles}`;
  return page
    .replace('</head>', () => `${head}</head>`)
    .replace(
      EMPTY_ROOT,
      () => `<div id="root" ${PRERENDERED_ATTRIBUTE}="${route}">${markup}</div>`,
    );
}

/** Every pre-rendered page, from the built index.html. */
export function renderPages(template: string): PrerenderedPage[] {
  return PRERENDERED_ROUTES.map((route) => ({
    route,
    file: prerenderedFile(route),
    html: renderPage(template, route),
  }));
}
