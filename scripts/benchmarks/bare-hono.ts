import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import cluster from 'node:cluster';

// The reads benchmark's baseline, run in its own process: bare Hono on @hono/node-server, no
// database, no middleware, answering /bytes/N (any method) with a JSON body of N bytes, so that
// each API read path is compared with the least any Hono server does to answer the same bytes.
// WORKERS processes share the port, as the API's API_WORKERS do.

const port = Number(process.env.PORT);
const workers = Number(process.env.WORKERS ?? '1');

if (cluster.isPrimary && workers > 1) {
  for (let index = 0; index < workers; index += 1) cluster.fork();
} else {
  const bodies = new Map<number, { data: string }>();
  const bodyOf = (size: number) => {
    let body = bodies.get(size);
    if (!body) {
      // {"data":"xxx…"}: 11 bytes around the string.
      body = { data: 'x'.repeat(Math.max(0, size - 11)) };
      bodies.set(size, body);
    }
    return body;
  };
  const app = new Hono();
  app.all('/bytes/:size', (c) => c.json(bodyOf(Number(c.req.param('size')))));
  app.get('/health', (c) => c.text('ok'));
  serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
}
