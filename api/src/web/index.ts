import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import {
  keptShellReleaseDirs,
  releaseDir,
  RELEASE_ID,
  releasesDir,
} from '../../../scripts/releases.cjs';
import { servedShell } from '../../../scripts/served.cjs';
import { BOOT_SCRIPT_SOURCE, bootFor, injectBoot } from './boot';
import { compress, COMPRESSION_THRESHOLD_BYTES, preferredEncoding } from '../lib/compression';
import { cacheControlFor, CONTENT_HASHED, IMMUTABLE, NO_CACHE } from './cache-control';
import type { WebOptions } from './options';
import { REMOTE_SITES } from './remotes';
import { runtimeConfig } from './runtime-config';
import { pageScriptSources } from './inline-scripts';
import { contentSecurityPolicy, PAGE_HEADERS } from './security-headers';
import { answerFirstRequests } from './first-answers';
import {
  injectRender,
  renderedScreen,
  SERVER_ROUTES_FILE,
  type RenderedScreen,
} from './server-render';
import { bootSession, registerSessionCookie, sessionCookieToken } from './session-cookie';

export { webOptionsFromEnv, type WebOptions } from './options';
export { runtimeConfig, type RuntimeConfig } from './runtime-config';

/** A source map's or a precompressed copy's suffix: `main.0123456789.js.br` is a hashed name. */
const PRECOMPRESSED_OR_MAP = /\.(br|gz|map)$/;

/** Paths the front end never owns: an unknown one is a JSON 404, never the shell's page. */
const RESERVED_PREFIXES = ['/api', '/remotes', '/releases', '/__bench', '/web'];

function isReserved(urlPath: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`));
}

/**
 * Whether a file of a remote or of the shell is its Node build (`server/…`, server-render.ts):
 * the server's own, never served (it is the same code as the browser's chunks, but no browser
 * needs it).
 */
function isServerBuild(file: string): boolean {
  return path.posix.normalize(`/${file}`).startsWith(`/${path.dirname(SERVER_ROUTES_FILE)}/`);
}

/** The decoded path of a request URL, or null when it is not valid percent-encoding. */
function pathOf(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return null;
  }
}

/**
 * Whether a request that matches no file should get the shell's page: a navigation (asks for
 * HTML), or a client that accepts anything for an extension-less path (curl /tasks). A missing
 * `chunk.js` stays a 404, so the browser reports a load error instead of parsing HTML.
 */
function wantsAppPage(request: FastifyRequest, urlPath: string): boolean {
  const accept = request.headers.accept ?? '*/*';
  if (accept.includes('text/html')) return true;
  return accept.includes('*/*') && !path.posix.basename(urlPath).includes('.');
}

/**
 * The file under `root` that `urlPath` names, relative to `root`, if it is one (never outside,
 * and never a source map unless `sourceMaps`).
 */
async function fileUnder(
  root: string,
  urlPath: string,
  sourceMaps = false,
): Promise<string | null> {
  const file = path.resolve(root, `.${urlPath}`);
  if (!file.startsWith(root + path.sep)) return null;
  if (!sourceMaps && file.endsWith('.map')) return null;
  try {
    return (await stat(file)).isFile() ? path.relative(root, file) : null;
  } catch {
    return null;
  }
}

/** The part of the raw response @fastify/static hands to `setHeaders`. */
interface HeaderTarget {
  setHeader(name: string, value: string): unknown;
}

/**
 * The headers of every file sent. A file of a remote's release folder never changes under its
 * URL (`/releases/<package>/<id>/…`, the folder named by its content, scripts/releases.cjs), so
 * even its manifest and remoteEntry.js are cached for good: a release or a rollback moves
 * config.json (never cached) instead. The shell's releases are served at the root URLs, where
 * index.html changes with every release: their files are cached by name, like shell/dist's.
 */
function setFileHeaders(
  response: HeaderTarget,
  filePath: string,
  remoteReleaseRoots: readonly string[],
): void {
  const inRelease = remoteReleaseRoots.some((root) => filePath.startsWith(root + path.sep));
  response.setHeader('cache-control', inRelease ? IMMUTABLE : cacheControlFor(filePath));
  response.setHeader('x-content-type-options', 'nosniff');
  // The answer depends on Accept-Encoding whenever a compressed copy could be sent.
  response.setHeader('vary', 'accept-encoding');
}

/** A file of a remote, which a shell on another origin may load too (a CDN deployment). */
function sendRemoteFile(reply: FastifyReply, file: string, dir: string): FastifyReply {
  reply.header('access-control-allow-origin', '*');
  reply.header('cross-origin-resource-policy', 'cross-origin');
  return reply.sendFile(file, dir);
}

/** The same shape as the API's own 404 (api/src/plugins/errors.ts). */
function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send({
    message: `No route ${request.method} ${request.url.split('?')[0]}`,
    code: 'route_not_found',
  });
}

/**
 * Serves the built front end from the API process: the shell at `/` (every app route falls
 * back to its index.html), each built remote under `/remotes/<folder>/`, and `config.json`
 * generated from the environment. The shell is served by the root not-found handler, so the
 * API's routes and its own 404 under /api/v1 are untouched.
 */
async function web(app: FastifyInstance, options: WebOptions): Promise<void> {
  const releasesRoot = options.dataDir && path.resolve(releasesDir(options.dataDir));
  const remoteReleaseRoots = releasesRoot
    ? REMOTE_SITES.map((remote) => path.join(releasesRoot, remote.package))
    : [];
  const serveSourceMaps = options.serveSourceMaps ?? false;

  // The session mirrored into a cookie for this route's use (session-cookie.ts): only where the
  // API runs in this process, whose secret verifies the token.
  const sessionCookies = app.hasDecorator('config');
  if (sessionCookies) registerSessionCookie(app, app.config.jwtSecret);

  // Only for `reply.sendFile`: every file is routed below, picking its folder per request, so
  // a remote built while the server runs is served at once. The builds write brotli and gzip
  // copies beside each text file (scripts/webpack/precompress.cjs): a browser that accepts
  // them gets a compressed file, compressed once at build time rather than per request.
  await app.register(fastifyStatic, {
    serve: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (response: HeaderTarget, filePath: string) =>
      setFileHeaders(response, filePath, remoteReleaseRoots),
  });

  // The policy follows config.json, which follows the release registry: built per page.
  const sendPage = async (reply: FastifyReply, file: string, root: string) => {
    const inlineScripts = await pageScriptSources(path.join(root, file));
    return reply
      .headers({
        'content-security-policy': contentSecurityPolicy(runtimeConfig(options), inlineScripts),
        ...PAGE_HEADERS,
      })
      .sendFile(file, root);
  };

  /**
   * The shell's index.html for an app path, with what that path needs in one wave (boot.ts):
   * built per request (a release moves the manifest), never cached.
   */
  const sendAppPage = async (request: FastifyRequest, reply: FastifyReply, root: string) => {
    const file = path.join(root, 'index.html');
    const [html, inlineScripts] = await Promise.all([
      readFile(file, 'utf8'),
      pageScriptSources(file),
    ]);
    const urlPath = pathOf(request.url) ?? '/';
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const boot = await bootFor(options, urlPath, search);
    // The rows in the server's HTML (first-answers.ts): the page's first requests answered
    // here with the session cookie's token. Without a usable session, today's page.
    let personal = false;
    let rendered: RenderedScreen | null = null;
    if (sessionCookies) {
      boot.session = bootSession(request);
      const token = sessionCookieToken(request);
      const answered =
        token && boot.firstRequests
          ? await answerFirstRequests(app, boot.firstRequests, token, app.config.jwtSecret)
          : null;
      if (answered) {
        boot.firstRequests = answered;
        personal = true;
        // The screen itself, rows included, rendered from those answers (server-render.ts).
        rendered = await renderedScreen(
          request.log,
          options,
          { urlPath, search, token: token!, apiBaseUrl: boot.config.apiBaseUrl },
          answered,
          options.serverRenderLimitMs,
        );
      }
    }
    let page = injectBoot(html, boot);
    if (rendered) page = injectRender(page, rendered);
    // Built per request, so compressed per request, as the API's answers are (lib/compression.ts:
    // a page with a list's answer inline is tens of KB of JSON, a few KB compressed).
    const encoding =
      Buffer.byteLength(page) >= COMPRESSION_THRESHOLD_BYTES
        ? preferredEncoding(request.headers['accept-encoding'])
        : undefined;
    return reply
      .headers({
        'content-security-policy': contentSecurityPolicy(boot.config, [
          ...inlineScripts,
          BOOT_SCRIPT_SOURCE,
        ]),
        ...PAGE_HEADERS,
        // A page with one visitor's data: never stored, and a cache keys it by the cookie.
        'cache-control': personal ? 'no-store' : NO_CACHE,
        vary: personal ? 'accept-encoding, cookie' : 'accept-encoding',
        ...(encoding ? { 'content-encoding': encoding } : {}),
      })
      .type('text/html; charset=utf-8')
      .send(encoding ? compress(page, encoding) : page);
  };

  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', NO_CACHE);
    return runtimeConfig(options);
  });

  const remoteDirs = new Map<string, string>();
  for (const remote of REMOTE_SITES) {
    const dir = options.remoteDirs[remote.name];
    if (dir) remoteDirs.set(remote.package, path.resolve(dir));
  }

  app.get<{ Params: { folder: string; '*': string } }>(
    '/remotes/:folder/*',
    async (request, reply) => {
      const dir = remoteDirs.get(request.params.folder);
      const file =
        dir &&
        !isServerBuild(request.params['*']) &&
        (await fileUnder(dir, `/${request.params['*']}`, serveSourceMaps));
      if (!dir || !file) return sendNotFound(request, reply);
      return sendRemoteFile(reply, file, dir);
    },
  );

  // Immutable releases (scripts/releases.cjs): every kept release stays served, active or not,
  // so a tab opened on an earlier release keeps loading its chunks.
  const packages = new Map(REMOTE_SITES.map((remote) => [remote.package, remote]));
  app.get<{ Params: { folder: string; id: string; '*': string } }>(
    '/releases/:folder/:id/*',
    async (request, reply) => {
      const { folder, id } = request.params;
      const known = options.dataDir && packages.has(folder) && RELEASE_ID.test(id);
      const dir = known ? releaseDir(options.dataDir!, folder, id) : undefined;
      const file =
        dir &&
        !isServerBuild(request.params['*']) &&
        (await fileUnder(dir, `/${request.params['*']}`, serveSourceMaps));
      if (!dir || !file) return sendNotFound(request, reply);
      return sendRemoteFile(reply, file, dir);
    },
  );

  const benchDir = options.benchPageDir && path.resolve(options.benchPageDir);
  if (benchDir) {
    // The API's router ignores trailing slashes, so `/__bench/` arrives here as well: send it
    // the page, and `/__bench` to `/__bench/` so the page's relative script paths resolve.
    app.get<{ Params: { '*'?: string } }>('/__bench/*', async (request, reply) => {
      const name = request.params['*'] || 'index.html';
      const file = await fileUnder(benchDir, `/${name}`);
      if (!file) return sendNotFound(request, reply);
      return file.endsWith('.html')
        ? sendPage(reply, file, benchDir)
        : reply.sendFile(file, benchDir);
    });
    app.get('/__bench', async (request, reply) =>
      request.url.split('?')[0] === '/__bench/'
        ? sendPage(reply, 'index.html', benchDir)
        : reply.redirect('/__bench/'),
    );
  }

  /**
   * The shell file a root URL names: from the served shell (scripts/served.cjs: DULY_SHELL_DIR,
   * the active shell release or shell/dist), or, for a content-hashed chunk it does not have,
   * from an earlier kept shell release: a tab opened before a release still loads its own
   * chunks (the same name always holds the same content, so any release that has it will do).
   * Nothing else is looked up elsewhere: index.html, config.json and the manifest are the active
   * release's.
   */
  const shellFile = async (urlPath: string) => {
    const shell = servedShell(options);
    const file = await fileUnder(shell.dir, urlPath, serveSourceMaps);
    if (file) return { file, dir: shell.dir, shell };
    const name = path.posix.basename(urlPath).replace(PRECOMPRESSED_OR_MAP, '');
    if (shell.source === 'release' && options.dataDir && CONTENT_HASHED.test(name)) {
      // shell/dist last: what was served before the first release.
      const earlierDirs = [...keptShellReleaseDirs(options.dataDir).slice(1), options.shellDir];
      for (const dir of earlierDirs) {
        const earlier = await fileUnder(dir, urlPath, serveSourceMaps);
        if (earlier) return { file: earlier, dir, shell };
      }
    }
    return { file: null, dir: shell.dir, shell };
  };

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = pathOf(request.url);
    const readable = request.method === 'GET' || request.method === 'HEAD';
    if (!readable || urlPath === null || isReserved(urlPath) || isServerBuild(urlPath))
      return sendNotFound(request, reply);

    const { file, dir: shellDir } = await shellFile(urlPath);
    if (file)
      return file.endsWith('.html')
        ? sendPage(reply, file, shellDir)
        : reply.sendFile(file, shellDir);
    if (!wantsAppPage(request, urlPath)) return sendNotFound(request, reply);

    if (!(await fileUnder(shellDir, '/index.html'))) {
      return reply
        .code(503)
        .header('cache-control', NO_CACHE)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm start`, which builds it.');
    }
    // A route the shell's build pre-rendered (`/login` → prerendered/login.html, issue 18) is
    // painted from its HTML before the JavaScript runs; the app then takes that page over.
    const prerendered = await fileUnder(shellDir, `/prerendered${urlPath}.html`);
    return prerendered
      ? sendPage(reply, prerendered, shellDir)
      : sendAppPage(request, reply, shellDir);
  });
}

/**
 * Register it on the server after the API (`app.register(webPlugin, webOptionsFromEnv())`).
 * Not encapsulated: the shell's page is the server's root not-found handler.
 */
export const webPlugin = fp<WebOptions>(web, { name: 'duly-web', fastify: '5.x' });
