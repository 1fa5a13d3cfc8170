import type { FastifyInstance } from 'fastify';

/** A Fastify instance that mounts nothing: enough for the engine's `Api` to record and document routes. */
export const fakeFastify = () => ({ route: () => undefined, addHook: () => undefined }) as unknown as FastifyInstance;
