import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * A bare static host on another origin, like the CDN a remote is deployed to: serves a folder
 * with CORS and can be stopped, started again on the same port, and pointed at another folder
 * (a redeployment).
 */
export class StaticHost {
  private server: Server | null = null;
  private port = 0;

  constructor(private root: string) {}

  get origin(): string {
    if (!this.port) throw new Error('StaticHost not started');
    return `http://127.0.0.1:${this.port}`;
  }

  get manifestUrl(): string {
    return `${this.origin}/mf-manifest.json`;
  }

  /** Serve another folder from now on ("deploy" a new build). */
  deploy(root: string): void {
    this.root = root;
  }

  /** Starts listening, on the port it had before when it is restarted. */
  async start(): Promise<void> {
    const server = createServer((request, response) => {
      void this.serve(request.url ?? '/', response);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address === 'object' && address) this.port = address.port;
    this.server = server;
  }

  /** Stops answering at once: open connections are cut, new ones refused. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async serve(url: string, response: ServerResponse): Promise<void> {
    const file = path.resolve(this.root, `.${decodeURIComponent(url.split('?')[0] ?? '/')}`);
    const headers = { 'access-control-allow-origin': '*', 'cache-control': 'no-cache' };
    try {
      if (!file.startsWith(this.root + path.sep) || !(await stat(file)).isFile())
        throw new Error('no file');
      response.writeHead(200, {
        ...headers,
        'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
      });
      createReadStream(file).pipe(response);
    } catch {
      response.writeHead(404, headers).end('Not found');
    }
  }
}
