/**
 * A WebSocket endpoint a service serves (push's client connection), declared as data like its calls: the engine
 * mounts it on the API server and documents it in the API document; the service's module gives only what happens on
 * a connection, by the socket's name (`ServiceModule.sockets`). The console's playground and the documentation read
 * the same declaration.
 */
import type { JsonSchema } from './types';

export interface SocketDecl {
  /** Under the service's base; every `:name` is an id. */
  path: string;
  /** What a connection does (English), for the API document. */
  summary: string;
  /** The connection request's query (a browser cannot send headers with a WebSocket): checked before the upgrade (400). */
  query?: JsonSchema;
  /** The messages a client sends and the server sends, as JSON objects with a `type` (for the API document). */
  clientMessages: Record<string, JsonSchema>;
  serverMessages: Record<string, JsonSchema>;
  /** The codes the server closes a connection with, and what each means (English). */
  closeCodes: Record<number, string>;
}

/** Where a declared socket is served: under the service's base. */
export const socketUrl = (base: string, socket: Pick<SocketDecl, 'path'>) => `${base}${socket.path}`;
