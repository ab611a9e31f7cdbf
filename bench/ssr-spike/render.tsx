// WIP spike (issue 32, increment 3, not built yet): /tasks' list rendered in Node from the Node
// build of remote-tasks' routes (build.cjs), with a store seeded as the server would seed it from
// the page's first answers (first-answers.ts), inside ServerStyleSheet. Prints the rows in the
// markup, its size, its CSS and the median time of 20 renders. Measured 27 Nov 2026: 51 <tr>,
// 30.1 KB of markup, 16.1 KB of CSS, 65 ms a render with NODE_ENV=production (load 5.9).
import React from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import {
  createAppStore,
  sessionResolved,
  baseApi,
  decodeSessionUser,
  configureApi,
} from '@duly/shared/core';
import { DulyProviders } from '@duly/shared/kit';

import { createRequire } from 'node:module';
import type { ComponentType } from 'react';

// The Node build of the remote's routes (build.cjs), loaded at run time like a release's file.
const Routes = (
  createRequire(__filename)('../../node_modules/.cache/duly-ssr-spike/routes.cjs') as {
    default: ComponentType;
  }
).default;
const rows = Array.from({ length: 50 }, (_, i) => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  title: `Task number ${i}`,
  description: null,
  due_date: new Date(Date.now() + i * 86400000).toISOString(),
  status: 'pending',
  assigned_to_user_id: '11111111-1111-4111-8111-111111111111',
  assigned_to: {
    id: '11111111-1111-4111-8111-111111111111',
    full_name: 'Asha Rao',
    email: 'a@x.test',
  },
  created_by_user_id: '11111111-1111-4111-8111-111111111111',
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
}));
function render() {
  configureApi({ baseUrl: '/api/v1' });
  const store = createAppStore();
  const iat = Math.floor(Date.now() / 1000);
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const token = `${b64({ alg: 'HS256' })}.${b64({ sub: '11111111-1111-4111-8111-111111111111', email: 'a@x.test', full_name: 'Asha Rao', role: 'admin', organization_id: '22222222-2222-4222-8222-222222222222', iat, exp: iat + 3600 })}.sig`;
  store.dispatch(sessionResolved(decodeSessionUser(token)));
  const upsert = baseApi.util.upsertQueryEntries as unknown as (
    entries: { endpointName: string; arg: unknown; value: unknown }[],
  ) => Parameters<typeof store.dispatch>[0];
  store.dispatch(
    upsert([
      {
        endpointName: 'tasksList',
        arg: { limit: 50, offset: 0 },
        value: { items: rows, total: 50 },
      },
    ]),
  );
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(
      sheet.collectStyles(
        <DulyProviders store={store}>
          <StaticRouter location="/tasks">
            <Routes />
          </StaticRouter>
        </DulyProviders>,
      ),
    );
    return { html, css: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
const first = render();
const times: number[] = [];
for (let i = 0; i < 20; i++) {
  const t = process.hrtime.bigint();
  render();
  times.push(Number(process.hrtime.bigint() - t) / 1e6);
}
times.sort((a, b) => a - b);
console.log(
  'rows in markup:',
  (first.html.match(/<tr/g) ?? []).length,
  'html KB',
  (first.html.length / 1024).toFixed(1),
  'css KB',
  (first.css.length / 1024).toFixed(1),
);
console.log(
  'has "Task number 7":',
  first.html.includes('Task number 7'),
  'median render ms',
  times[10]!.toFixed(1),
);
console.log(first.html.slice(0, 600));
