/**
 * The rows in the server's HTML (issue 32, increment 3): one screen of a remote rendered on the
 * server, from the Node build of that remote's routes (its release's `server/routes.cjs`) and
 * the page's first answers (api/src/web/first-answers.ts), into markup and CSS the HTML route
 * writes into the page (api/src/web/server-render.ts). The browser paints the screen, rows
 * included, before any script has run; the app takes the page over at its first commit
 * (shell/src/app/prerender/mountShell.tsx). Server-only: never part of a browser build
 * (scripts/webpack/shared-deps.cjs leaves this entry out of the share scope).
 *
 * The API's base URL is a module-level setting (`configureApi`), set at the start of each
 * render: renders run one at a time (`oneAtATime`) so that it holds for the whole of one, the
 * seeding's awaits included. Nothing is fetched during a render: the store's GETs take the
 * page's answers (`knownAnswers`), and effects do not run on the server.
 */
import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import styled, { ServerStyleSheet } from 'styled-components';
import {
  baseApi,
  configureApi,
  createAppStore,
  decodeSessionUser,
  sessionResolved,
} from '../entries/core';
import { requestKey, seedAnswer, type PrefetchedAnswer } from '../api/prefetched';
import { DulyProviders, theme } from '../entries/kit';

/** One of the page's first requests with its answer, as the page's boot JSON carries it. */
export interface AnsweredFirstRequest {
  request: string;
  endpoint: string;
  args?: unknown[];
  /** Only these roles send it: another role's page is rendered without it. */
  roles?: string[];
  answer?: { status: number; headers: Record<string, string>; data: unknown } | null;
}

export interface RenderScreenOptions {
  /** The remote's `./routes` component, from its Node build. */
  Routes: ComponentType;
  /** The page's path and query (`/tasks?page=2`). */
  location: string;
  /** The session's token (the cookie's): the store's session, as the shell resolves it. */
  token: string;
  answers: readonly AnsweredFirstRequest[];
  /** config.json's `apiBaseUrl`. */
  apiBaseUrl: string;
}

export interface RenderedScreen {
  /** The content area: the server's frame (below) around the route's screen. */
  html: string;
  /** The `<style>` elements of everything rendered (styled-components' sheet). */
  css: string;
}

/**
 * The chrome's geometry without its content (shell/src/features/chrome/AppLayout.tsx, TopBar,
 * SideNav: the same theme values), around the screen: the top bar and, on a wide screen, the
 * side column, as the page's skeleton shows them (api/src/web/boot.ts SKELETON), and the content
 * area with AppLayout's padding and width, so the screen's rows sit exactly where the app's first
 * commit puts them. The chrome's own parts (names, avatar, navigation) arrive with that commit,
 * in boxes already drawn: nothing moves. The shell's own chrome is not rendered on the server:
 * it needs data the page does not carry (the organisation's name, the notices' count).
 */
const Frame = styled.div`
  min-height: 100vh;
  display: flex;
  flex-direction: column;
`;

const Bar = styled.div`
  position: sticky;
  top: 0;
  z-index: ${theme.zIndices.appBar};
  height: ${theme.layout.topBarHeight};
  flex-shrink: 0;
  background: ${theme.colors.primary};
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.2);
`;

const Body = styled.div`
  flex: 1;
  display: flex;
  min-width: 0;
`;

const Side = styled.div`
  flex-shrink: 0;
  width: ${theme.layout.sideNavWidth};
  background: ${theme.colors.surface};
  border-right: 1px solid ${theme.colors.divider};

  ${theme.media.narrow} {
    display: none;
  }
`;

const Main = styled.main`
  flex: 1;
  min-width: 0;
  padding: ${theme.space(3)};

  ${theme.media.narrow} {
    padding: ${theme.space(2)};
  }

  ${theme.media.wide} {
    --duly-table-sticky-top: ${theme.layout.topBarHeight};
  }
`;

const Content = styled.div`
  max-width: ${theme.layout.contentMaxWidth};
  margin: 0 auto;
`;

function ServerFrame({ children }: { children: ReactNode }) {
  return (
    <Frame>
      <Bar aria-hidden="true" />
      <Body>
        <Side aria-hidden="true" />
        <Main>
          <Content>{children}</Content>
        </Main>
      </Body>
    </Frame>
  );
}

/** Request URLs resolve against this: only their path and query are compared. */
const URL_BASE = 'http://duly.invalid';

/** The page's answers by their request's URL, as the render's store takes them. */
function answersByUrl(answers: readonly AnsweredFirstRequest[]) {
  const byUrl = new Map<string, PrefetchedAnswer>();
  for (const { request, answer } of answers)
    if (answer) byUrl.set(requestKey(request, URL_BASE), answer);
  return (url: string) => byUrl.get(requestKey(url, URL_BASE));
}

let previousRender: Promise<unknown> = Promise.resolve();

/** Runs `render` after every render started before it has ended (see the module's comment). */
function oneAtATime<T>(render: () => Promise<T>): Promise<T> {
  const next = previousRender.then(render, render);
  previousRender = next.catch(() => undefined);
  return next;
}

/**
 * The screen at `location` with its data, or null when the page's answers cannot all be
 * seeded as the shell seeds them (seedPrefetched: a list's rows, or its endpoint run with its
 * `args` on the answer), every one answered. A screen whose data is not all in would render a
 * spinner, which is no better than the skeleton. Rejects with what the render throws (the
 * caller gives today's page).
 */
export function renderScreen(options: RenderScreenOptions): Promise<RenderedScreen | null> {
  return oneAtATime(() => renderNow(options));
}

async function renderNow(options: RenderScreenOptions): Promise<RenderedScreen | null> {
  const user = decodeSessionUser(options.token);
  if (!user) return null;
  // A request of other roles (the admin's compliance card) is not this screen's: the browser's
  // boot script never sends it either.
  const role = user.role.trim().toLowerCase();
  const answers = options.answers.filter(({ roles }) => !roles || roles.includes(role));
  if (answers.length === 0 || answers.some(({ answer }) => !answer)) return null;
  configureApi({ baseUrl: options.apiBaseUrl });
  const store = createAppStore(undefined, { knownAnswers: answersByUrl(answers) });
  try {
    store.dispatch(sessionResolved(user));
    const seeded = await Promise.all(
      answers.map(({ request, endpoint, args, answer }) =>
        seedAnswer(store.dispatch, baseApi, { url: request, endpoint, args }, answer!),
      ),
    );
    return seeded.every(Boolean) ? renderSeeded(store, options.Routes, options.location) : null;
  } finally {
    // The store is this render's alone: its entries' removal timers (keepUnusedDataFor) would
    // hold the answers in memory for a minute after the page has gone.
    store.dispatch(baseApi.util.resetApiState());
  }
}

/** The markup and styles of `Routes` at `location`, its data in `store` already. */
function renderSeeded(
  store: ReturnType<typeof createAppStore>,
  Routes: ComponentType,
  location: string,
): RenderedScreen {
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <DulyProviders store={store}>
          <StaticRouter location={location}>
            <ServerFrame>
              <Routes />
            </ServerFrame>
          </StaticRouter>
        </DulyProviders>,
      ),
    );
    return { html, css: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
