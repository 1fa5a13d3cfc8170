/**
 * Two server processes on one PostgreSQL database (`server/main.ts`, as `npm run server` runs it: nothing shared but
 * the database), started at the same moment on a scratch database, and the tests' own instance in this process for
 * what a test reads or writes directly (the database, records stored without the API); it serves no request.
 * Requests reach the processes over HTTP, answered in the shape `app.inject` answers, so a suite written against one
 * instance (tests/api/harness.ts) runs unchanged through both.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig } from '../../server/config';
import { startInstance, type StartedInstance } from '../../server/start';
import { basicOf, createScratchDatabase } from '../api/harness';
import { startServer, type ServerProcess } from '../faults/server-process';
import { requireDatabaseUrl } from './two-instances';

export interface ProcessPair {
  a: ServerProcess;
  b: ServerProcess;
  /** The tests' own instance on the same database: its store, model and database handle. */
  local: StartedInstance;
  /** A request to A, then to B, in turn. */
  alternate: (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  appId: string;
  basic: string;
  close: () => Promise<void>;
}

/** Sends an `inject`-style request to a running server over HTTP and answers it in `inject`'s shape. */
export function overHttp(server: Pick<ServerProcess, 'url'>) {
  return async (opts: InjectOptions): Promise<LightMyRequestResponse> => {
    const headers = { ...(opts.headers as Record<string, string> | undefined) };
    let body: string | undefined;
    if (opts.payload !== undefined) {
      body = typeof opts.payload === 'string' ? opts.payload : JSON.stringify(opts.payload);
      if (typeof opts.payload !== 'string') headers['content-type'] ??= 'application/json';
    }
    const url = typeof opts.url === 'string' ? opts.url : String(opts.path ?? '/');
    const res = await fetch(`${server.url}${url}`, { method: opts.method ?? 'GET', headers, body });
    const text = await res.text();
    const cookies = res.headers.getSetCookie().map((c) => {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1) };
    });
    return {
      statusCode: res.status,
      body: text,
      payload: text,
      headers: Object.fromEntries(res.headers),
      cookies,
      json: () => JSON.parse(text) as unknown,
    } as unknown as LightMyRequestResponse;
  };
}

export async function startTwoProcesses(): Promise<ProcessPair> {
  const scratch = await createScratchDatabase(requireDatabaseUrl());
  const started = await Promise.allSettled([startServer({ databaseUrl: scratch.url }), startServer({ databaseUrl: scratch.url })]);
  const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await Promise.all(up.map((p) => p.stop()));
    await scratch.drop();
    throw failed.reason;
  }
  const [a, b] = up;
  const local = await startInstance({ ...loadConfig({}), databaseUrl: scratch.url, demo: false });
  const demo = (await local.db.query<{ app_id: string; app_service_secret: string }>("SELECT app_id, app_service_secret FROM apps WHERE project_name = 'Demo Game'"))
    .rows[0];
  const [toA, toB] = [overHttp(a), overHttp(b)];
  let turn = 0;
  return {
    a,
    b,
    local,
    alternate: (opts) => (turn++ % 2 ? toB(opts) : toA(opts)),
    appId: demo.app_id,
    basic: basicOf(demo.app_id, demo.app_service_secret),
    async close() {
      await Promise.all([a.stop(), b.stop()]);
      await local.app.close();
      await local.db.close();
      await scratch.drop();
    },
  };
}
