/**
 * What `npm start` prints per request (app.ts serverOptions, logging/request-lines.ts): in the
 * pretty terminal one short line per request at LOG_LEVEL=debug and none at info unless the
 * request was slow; the JSON log keeps Fastify's own records.
 */
import Fastify, { LogController } from 'fastify';
import { buildApp } from '../src/app';
import requestLines from '../src/logging/request-lines';
import { prettyDestination } from '../src/logging/pretty';
import type { AppConfig } from '../src/plugins/config';
import { openTestDatabase, testConfig } from './helper';

/** Builds the app with `config`, sends one request, and returns what the log got. */
async function logOfOneRequest(config: Partial<AppConfig>): Promise<string> {
  let output = '';
  const database = await openTestDatabase('sqlite', false);
  const app = await buildApp({
    config: testConfig(config),
    db: database.db,
    logDestination: { write: (chunk: string) => (output += chunk) },
  });
  try {
    expect((await app.inject('/api/v1/health?probe=1')).statusCode).toBe(200);
    return output;
  } finally {
    await app.close();
    await database.drop();
  }
}

describe('request lines', () => {
  test('pretty, LOG_LEVEL=info: a quick request writes nothing', async () => {
    expect(await logOfOneRequest({ logFormat: 'pretty', logLevel: 'info' })).toBe('');
  });

  test('pretty, LOG_LEVEL=debug: one line per request, path without its query', async () => {
    const output = await logOfOneRequest({ logFormat: 'pretty', logLevel: 'debug' });
    expect(output.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] DEBUG: GET \/api\/v1\/health 200 \d+ ms$/),
    ]);
  });

  test('json, LOG_LEVEL=info: Fastify’s own two records, as before', async () => {
    const output = await logOfOneRequest({ logFormat: 'json', logLevel: 'info' });
    const messages = output
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line).msg);
    expect(messages).toEqual(['incoming request', 'request completed']);
  });

  test('a request slower than the threshold is a warning at any level', async () => {
    let output = '';
    const app = Fastify({
      logger: {
        level: 'info',
        stream: prettyDestination({ write: (chunk: string) => (output += chunk) }, false),
      },
      logController: new LogController({ disableRequestLogging: true }),
    });
    await app.register(requestLines, { slowRequestMs: 20 });
    app.get('/slow', async () => new Promise((resolve) => setTimeout(() => resolve('ok'), 40)));
    app.get('/quick', async () => 'ok');
    await app.inject('/quick');
    await app.inject('/slow');
    await app.close();
    expect(output.trimEnd().split('\n')).toEqual([
      expect.stringMatching(/ WARN: Slow request: GET \/slow 200 \d+ ms$/),
    ]);
  });
});
