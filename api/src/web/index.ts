import { stat } from 'node:fs/promises';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { cacheControlFor, NO_CACHE } from './cache-control';
import type { WebOptions } from './options';
import { REMOTE_SITES } from './remotes';
import { runtimeConfig } from './runtime-config';

export { webOptionsFromEnv, type WebOptions } from './options';
export { runtimeConfig, type RuntimeConfig } from './runtime-config';

/** Paths the front end never owns: an unknown one is a 404, never the shell's page. */
const RESERVED_PREFIXES = ['/api', '/remotes', '/__bench'];

function isReserved(urlPath: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`));
}

/**
 * Whether a request that matches no file should get the shell's index.html: a navigation
 * (asks for HTML), or a client that accepts anything for an extension-less path (curl /tasks).
 * A missing `chunk.js` stays a 404 so the browser reports a load error instead of parsing HTML.
 */
function wantsAppPage(request: FastifyRequest, urlPath: string): boolean {
  const accept = request.headers.accept ?? '*/*';
  if (accept.includes('text/html')) return true;
  return accept.includes('*/*') && !path.posix.basename(urlPath).includes('.');
}

/** The file under `root` that `urlPath` names, if it is one (never outside `root`). */
async function fileUnder(root: string, urlPath: string): Promise<string | null> {
  const file = path.resolve(root, `.${urlPath}`);
  if (!file.startsWith(root + path.sep)) return null;
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

function setCacheHeaders(response: HeaderTarget, filePath: string): void {
  response.setHeader('cache-control', cacheControlFor(filePath));
}

/**
 * Serves the built front end from the API process: the shell at `/` (every app route falls
 * back to its index.html), each built remote under `/remotes/<folder>/`, and `config.json`
 * generated from the environment. Register it after the API routes; `/api/…` stays the API's.
 */
export async function webPlugin(app: FastifyInstance, options: WebOptions): Promise<void> {
  const shellDir = path.resolve(options.shellDir);

  app.get('/config.json', async (_request, reply) => {
    reply.header('cache-control', NO_CACHE);
    return runtimeConfig(options);
  });

  // Only for `reply.sendFile`: every file is routed by the handlers below, which pick the
  // folder per request, so a remote built while the server runs is served at once.
  await app.register(fastifyStatic, {
    serve: false,
    cacheControl: false,
    setHeaders: setCacheHeaders,
  });

  const remoteDirs = new Map<string, string>();
  for (const remote of REMOTE_SITES) {
    const dir = options.remoteDirs[remote.name];
    if (dir) remoteDirs.set(remote.folder, path.resolve(dir));
  }

  app.get<{ Params: { folder: string; '*': string } }>(
    '/remotes/:folder/*',
    async (request, reply) => {
      const dir = remoteDirs.get(request.params.folder);
      const file = dir && (await fileUnder(dir, `/${request.params['*']}`));
      if (!dir || !file) return reply.callNotFound();
      // Remote files may be loaded by a shell on another origin (a CDN deployment).
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      return reply.sendFile(file, dir);
    },
  );

  const benchDir = options.benchPageDir && path.resolve(options.benchPageDir);
  if (benchDir) {
    app.get<{ Params: { '*': string } }>('/__bench/*', async (request, reply) => {
      const file = await fileUnder(benchDir, `/${request.params['*'] || 'index.html'}`);
      return file ? reply.sendFile(file, benchDir) : reply.callNotFound();
    });
  }

  app.get<{ Params: { '*': string } }>('/*', async (request, reply) => {
    // The router has already percent-decoded the wildcard.
    const urlPath = `/${request.params['*']}`;
    if (isReserved(urlPath)) return reply.callNotFound();

    const file = await fileUnder(shellDir, urlPath);
    if (file) return reply.sendFile(file, shellDir);
    if (!wantsAppPage(request, urlPath)) return reply.callNotFound();

    if (!(await fileUnder(shellDir, '/index.html'))) {
      return reply
        .code(503)
        .header('cache-control', NO_CACHE)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm start`, which builds it.');
    }
    return reply.sendFile('index.html', shellDir);
  });
}
