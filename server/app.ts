import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import { services as declaredServices, type ServiceDecl } from '../resources';
import { databaseAnswers, isUnavailable, type Db, type Queryable } from './db';
import { underStartupLock } from './db/locks';
import type { ServerConfig } from './config';
import type { Ctx } from './context';
import { Api } from './engine/api';
import { compileSchema, toFieldErrors } from './engine/ajv';
import { ApiError } from './engine/errors';
import { jsonProblem } from './engine/json-guard';
import type { PlayerRegistry } from './engine/hooks';
import { ensureIndexes } from './engine/indexes';
import { buildModels } from './engine/model';
import { checkDemo } from './engine/demo-seed';
import { demoStepsOf } from './demo';
import { buildOpenApi } from './engine/openapi';
import { mountResource } from './engine/routes';
import { RecordStore } from './engine/store';
import { mountAuth } from './auth/routes';
import { builtVersion, sendConsolePage } from './console-page';
import { registerCsrfGuard } from './auth/csrf';
import { AppDirectory } from './platform/apps';
import { mountPlatform } from './platform/routes';
import { mountOperations } from './ops/routes';
import { mountBilling } from './billing/routes';
import { mountMetering } from './billing/metering-routes';
import { mountPayments } from './payments/routes';
import { createMailer } from './mail';
import { handlersOf, hookRegistryOf, serviceModules, socketsOf, type ServiceModule } from './services';
import { mountDeclaredCalls } from './engine/declared-calls';
import { mountSockets } from './engine/sockets';
import websocket from '@fastify/websocket';
import { mountTimedStates, sweepingFirst } from './engine/timed-states';
import { moveDeclaredTable } from './engine/table-moves';
import { startJob } from './engine/jobs';
import { plannerStatisticsJob } from './db/planner-statistics';
import { mountCounters } from './engine/counters';
import { securityHeaders } from './security-headers';
import { registerApiReference } from './api-reference';
import { mountDocs } from './site/docs-routes';
import { mountCatalogue } from './site/catalogue';

const VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Paths that belong to the API; anything else that is not a file is the console's to route. */
const apiPrefixes = (services: ServiceDecl[]) => ['/auth/', '/api/', '/base/', '/openapi.json', '/healthz', '/blob/', ...services.map((s) => `${s.base}/`)];

/** PostgreSQL error codes caused by the data sent: invalid text, numbers out of range, values too large. */
const DATA_ERROR_CODES = new Set(['22P05', '22021', '22003', '22001', '54000', '22P02']);

/** `\u0000` in a JSON string (an escape not itself escaped): PostgreSQL text cannot hold it. */
const NUL_ESCAPE = /(^|[^\\])(\\\\)*\\u0000/i;

function toApiError(err: FastifyError): ApiError {
  if (err instanceof ApiError) return err;
  if (isUnavailable(err)) return new ApiError(503, 'DATABASE_UNAVAILABLE', 'database unavailable');
  if (err.validation) return new ApiError(400, 'INVALID_PARAMETERS', 'invalid parameters', toFieldErrors(err.validation as never, err.validationContext));
  const status = err.statusCode ?? 500;
  // Data the database cannot hold (a character it refuses, a value past its limits) is the caller's input.
  if (typeof err.code === 'string' && DATA_ERROR_CODES.has(err.code)) return new ApiError(400, 'INVALID_PARAMETERS', 'invalid parameters', [{ field: '/', message: 'value not storable' }]);
  if (status === 415) return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'unsupported media type');
  if (status === 413) return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'payload too large');
  if (status >= 400 && status < 500) return new ApiError(status, 'INVALID_PARAMETERS', 'invalid parameters', [{ field: '/', message: err.message }]);
  return new ApiError(500, 'INTERNAL', 'internal error');
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: Ctx;
  api: Api;
}

export async function buildApp(db: Db, config: ServerConfig, opts: { logger?: boolean; mailLog?: (line: string) => void; services?: ServiceDecl[]; modules?: ServiceModule[] } = {}): Promise<BuiltApp> {
  const headers = securityHeaders(config);
  const app = Fastify({
    logger: opts.logger ? { level: 'info', redact: ['req.headers.authorization', 'req.headers.cookie'] } : false,
    bodyLimit: 1024 * 1024,
    // A path answers with or without a trailing slash: the CDN's calls are spelt with one (spec 001 §7), the others without.
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.production,
    // A path the router cannot read (bad percent-encoding, a parameter past its length) answers in the one shape too.
    frameworkErrors: (err, _req, reply) => {
      const apiErr = toApiError(err as FastifyError);
      (reply as FastifyReply).headers(headers).code(apiErr.status).send(apiErr.toJSON());
    },
  });
  app.setValidatorCompiler(({ schema, httpPart }) => compileSchema(schema as object, httpPart));
  // JSON bodies only: a cross-site form cannot send them (ADR 0001).
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    if (NUL_ESCAPE.test(text)) {
      done(new ApiError(400, 'INVALID_PARAMETERS', 'invalid parameters', [{ field: '/', message: 'text may not contain the NUL character' }]), undefined);
      return;
    }
    parseJson(req, text, (err, parsed) => {
      const problem = err ? undefined : jsonProblem(parsed);
      if (problem) done(new ApiError(400, 'INVALID_PARAMETERS', 'invalid parameters', [problem]), undefined);
      else done(err, parsed);
    });
  });
  await app.register(cookie);
  // WebSocket endpoints declared by services (`ServiceDecl.sockets`); each service closes its own connections.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 }, preClose: (done) => done() });
  registerCsrfGuard(app, config);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const apiErr = toApiError(err);
    if (apiErr.status >= 500) req.log.error({ err }, 'request failed');
    reply.code(apiErr.status).send(apiErr.toJSON());
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    for (const [k, v] of Object.entries(headers)) reply.header(k, v);
    return payload;
  });

  // Every declared service unless the caller names its own (a test declaring a service of its own).
  const services = opts.services ?? declaredServices;
  const models = buildModels(services);
  for (const s of services) checkDemo(s, demoStepsOf(s.name));
  await underStartupLock(db, () => ensureIndexes(db, models));
  const ctx: Ctx = {
    db,
    config,
    store: new RecordStore(db),
    apps: new AppDirectory(db),
    mail: createMailer(config, opts.mailLog ?? (() => undefined)),
    models: new Map(models.map((m) => [`${m.service.name}/${m.res.name}`, m])),
  };

  // Every instance hears the others' changes to apps, for as long as it runs.
  app.addHook('onClose', await ctx.apps.listen());
  const api = new Api(app);
  mountAuth(api, ctx);
  mountPlatform(api, ctx);
  mountOperations(api, ctx);
  mountBilling(api, ctx);
  mountMetering(api, ctx);
  mountPayments(api, ctx);
  const players: PlayerRegistry = new Map();
  // The declared services' hand-written parts, or the caller's (a test declaring a service of its own).
  const modules = opts.modules ?? serviceModules;
  const hooks = hookRegistryOf(modules);
  for (const mod of modules) {
    if (mod.player) players.set(mod.service, sweepingFirst(mod.player));
    mod.mount?.(api, ctx);
    for (const job of mod.jobs?.(ctx, api) ?? []) startJob(api, ctx.db, job, ctx.config.jobLeaseMs);
  }
  mountTimedStates(api, ctx);
  // The embedded database's planner statistics, which nothing else gathers there.
  startJob(api, db, plannerStatisticsJob(db), config.jobLeaseMs);
  mountCounters(api, ctx, services);
  for (const s of services) mountDeclaredCalls(api, ctx, s, handlersOf(ctx, s.name, modules), players.get(s.name));
  for (const s of services) mountSockets(api, ctx, s, socketsOf(ctx, s.name, modules));
  for (const m of models) mountResource(api, ctx, hooks, m, players);
  for (const m of models) await moveDeclaredTable(db, m);
  for (const mod of modules) await mod.prepare?.(ctx);
  mountCatalogue(api, services);

  // The documentation's calls read the document of every mounted call, themselves included.
  mountDocs(api, services, () => document);

  api.route({
    method: 'GET',
    url: '/healthz',
    summary: 'Whether the server and its database answer',
    tag: 'health',
    auth: 'none',
    responses: {
      200: { description: 'healthy', schema: { type: 'object', properties: { status: { const: 'ok' }, database: { type: 'string' } } } },
      503: { description: 'the database does not answer', schema: { type: 'object' } },
    },
    handler: async (_req, reply) => {
      if (await databaseAnswers(db)) return { status: 'ok', database: db.kind };
      reply.code(503);
      return { status: 'unavailable', database: db.kind };
    },
  });

  const document = buildOpenApi(api.routes, VERSION, services);
  app.get('/openapi.json', { schema: { hide: true } }, async () => document);
  await registerApiReference(app, document);

  mountConsole(app, ctx.db, config, apiPrefixes(services));
  return { app, ctx, api };
}

/** Serves the built console, its version file, and index.html for every console route. */
function mountConsole(app: FastifyInstance, db: Queryable, config: ServerConfig, prefixes: string[]): void {
  const root = resolve(config.staticDir);
  const index = join(root, 'index.html');
  const built = existsSync(index);
  // Wildcard: files are looked up per request, so a new build is served without a restart.
  // Built files under assets/ are named by their content: a browser keeps them for good and never asks again. The
  // build's brotli and gzip copies are sent to browsers that accept them.
  const setHeaders = (reply: FastifyReply, path: string) => {
    reply.header('cache-control', path.startsWith(join(root, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  if (built) void app.register(fastifyStatic, { root, wildcard: true, index: false, preCompressed: true, cacheControl: false, setHeaders });
  // The page, with the console's code named for the browser to ask ahead when the address is an app's (console-page.ts).
  const sendIndex = (req: FastifyRequest, reply: FastifyReply, path = '/') => sendConsolePage(app, db, req, reply, root, path);
  // The console's root is a directory to the file server (which lists none): it is the console's page.
  if (built) app.get('/', { schema: { hide: true } }, (req, reply) => sendIndex(req, reply));
  app.get('/web-version.json', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return { version: built ? builtVersion(root) : VERSION };
  });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0];
    const namesAFile = /\.[A-Za-z0-9]+$/.test(path);
    if (req.method !== 'GET' || !built || namesAFile || prefixes.some((p) => path.startsWith(p) || path === p.replace(/\/$/, ''))) {
      reply.code(404).send(new ApiError(404, 'NOT_FOUND', 'not found').toJSON());
      return;
    }
    return sendIndex(req, reply, path);
  });
}
