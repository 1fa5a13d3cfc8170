import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { JsonSchema, Principal } from '../../resources/types';
import { compileSchema, toFieldErrors } from './ajv';
import { badRequest } from './errors';
import type { ResponseDef } from '../../resources/call-shapes';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** How a call authenticates, for the OpenAPI document. */
/** `platform`: the platform's own records (`scope: 'platform'`), an app credential or an administrator naming no app. */
export type AuthKind = 'none' | 'session' | 'admin' | 'service' | 'platform' | 'player';

export type { ResponseDef } from '../../resources/call-shapes';

/** One API operation: registered with Fastify and described in the OpenAPI document from the same data. */
export interface RouteDef {
  method: Method;
  url: string;
  summary: string;
  tag: string;
  auth: AuthKind;
  /**
   * Who may call it, where `auth` alone says too little (organisation roles, the back office). Roles are held in
   * the organisation the call names; `user` is any signed-in console user. Without it: `none` everyone, `session`
   * any user, `admin` administrators, `service` the app credential and administrators.
   */
  access?: Principal[];
  params?: JsonSchema;
  querystring?: JsonSchema;
  body?: JsonSchema;
  /** The body may be left out (an optional JSON object). Checked by the handler. */
  optionalBody?: JsonSchema;
  /** The body is a file's raw bytes of these media types (`application/octet-stream` is always taken), documented as binary. */
  fileBody?: string[];
  responses: Record<number, ResponseDef>;
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  /** A WebSocket endpoint: a GET that upgrades runs this on the connection, a plain GET runs `handler`. */
  websocket?: (socket: WebSocket, req: FastifyRequest) => void;
}

/** Collects route definitions while registering them, so the OpenAPI document sees exactly what is served. */
export class Api {
  readonly routes: RouteDef[] = [];
  /**
   * Every route Fastify mounted from here on, through `route` or not (the document itself, the reference page, the
   * console's files): what the documentation check compares with the API document. `hidden`: marked `schema.hide`.
   */
  readonly mounted: { method: string; url: string; hidden: boolean }[] = [];

  /** The declared address of the route being mounted, when Fastify is given it in another form (`literalColons`). */
  private declaredUrl: string | undefined;

  constructor(readonly app: FastifyInstance) {
    app.addHook('onRoute', (route) => {
      const url = this.declaredUrl ?? route.url;
      for (const method of [route.method].flat()) this.mounted.push({ method, url, hidden: (route.schema as { hide?: boolean } | undefined)?.hide === true });
    });
  }

  route(def: RouteDef): void {
    this.routes.push(def);
    const schema: Record<string, unknown> = {};
    if (def.params) schema.params = def.params;
    if (def.querystring) schema.querystring = def.querystring;
    if (def.body) schema.body = def.body;
    let handler = def.handler;
    if (def.optionalBody) {
      const check = compileSchema(def.optionalBody, 'body');
      handler = (req, reply) => {
        if (req.body !== undefined && req.body !== null && !check(req.body)) throw badRequest(toFieldErrors(check.errors));
        return def.handler(req, reply);
      };
    }
    const url = literalColons(def.url);
    this.declaredUrl = url === def.url ? undefined : def.url;
    try {
      this.app.route({ method: def.method, url, schema, handler, ...(def.websocket ? { wsHandler: def.websocket } : {}) });
    } finally {
      this.declaredUrl = undefined;
    }
  }
}

/**
 * A Google-style custom method's address (`/sessions/:id:cancel`: the id, then a literal `:cancel` in the same
 * segment) as Fastify takes it: the parameter stops at the colon, and the colon is escaped (`::`).
 */
export const literalColons = (url: string) => url.replace(/\/:(\w+):([A-Za-z][\w-]*)(?=\/|$)/g, '/:$1(^[^:/]+)::$2');

export { idParam, paramsSchema, errorSchema, errorResponses, pageProperties, pageQuery, listAnswer, ok, textField } from '../../resources/call-shapes';

/** A page asked for with `{ count, start }`. */
export interface Page {
  count: number;
  start: number;
}
