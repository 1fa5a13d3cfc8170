import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { ServiceDecl } from '../../resources/types';
import { socketUrl } from '../../resources/socket-types';
import type { Ctx } from '../context';
import type { Api } from './api';
import { ApiError } from './errors';
import { errorSchema } from '../../resources/call-shapes';

const UPGRADE_REQUIRED = { code: 'UPGRADE_REQUIRED', message: 'websocket upgrade required' };

/** What a service does on one connection of its declared socket (`ServiceDecl.sockets`), by the socket's name. */
export type SocketHandler = (socket: WebSocket, req: FastifyRequest) => void;
export type SocketHandlers = Record<string, SocketHandler>;

/**
 * Mounts a service's declared WebSocket endpoints with its module's handlers, each documented in the API document
 * from its declaration (its query, its messages both ways, its close codes). A plain GET at the address is 426. The
 * server refuses to start when a declared socket has no handler, or a handler names no declared socket.
 */
export function mountSockets(api: Api, _ctx: Ctx, service: ServiceDecl, handlers: SocketHandlers): void {
  const declared = service.sockets ?? {};
  for (const name of Object.keys(handlers)) if (!declared[name]) throw new Error(`${service.name}: socket '${name}' has a handler but no declaration`);
  for (const [name, decl] of Object.entries(declared)) {
    const handler = handlers[name];
    if (!handler) throw new Error(`${service.name}: declared socket '${name}' has no handler`);
    const messages = (side: Record<string, unknown>) => ({ oneOf: Object.values(side) });
    api.route({
      method: 'GET',
      url: socketUrl(service.base, decl),
      summary: decl.summary,
      tag: service.name,
      auth: 'player',
      querystring: decl.query,
      responses: {
        101: {
          description: `WebSocket. Close codes: ${Object.entries(decl.closeCodes).map(([code, what]) => `${code} ${what}`).join('; ')}`,
          schema: { type: 'object', properties: { client: messages(decl.clientMessages), server: messages(decl.serverMessages) } },
        },
        400: { description: 'the connection query is invalid', schema: errorSchema },
        426: { description: 'not a WebSocket upgrade', schema: errorSchema, errors: [UPGRADE_REQUIRED] },
      },
      handler: async () => {
        throw new ApiError(426, UPGRADE_REQUIRED.code, UPGRADE_REQUIRED.message);
      },
      websocket: handler,
    });
  }
}
