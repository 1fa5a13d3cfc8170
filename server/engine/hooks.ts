import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../context';
import type { FieldError } from './errors';
import type { ResourceModel } from './model';
import type { Data } from './store';

export interface WriteInput {
  ctx: Ctx;
  model: ResourceModel;
  scopeId: string;
  /** The fields being written (for a part, the whole record with the part replaced). */
  data: Data;
  existing?: Data;
}

/**
 * Behaviour a schema cannot express, contributed by a service module: checks that need other records or a parser.
 * Errors are field errors and become a 400.
 */
export interface ResourceHooks {
  validate?: (input: WriteInput) => Promise<FieldError[]> | FieldError[];
  /**
   * Server-managed (`readOnly`) fields worked out from a create or update that passed `validate` (an entry's size and
   * checksum from its content hash), stored with it; other fields it answers are ignored.
   */
  derive?: (input: WriteInput) => Promise<Data> | Data;
  /**
   * An imported row's checks beyond a create's (which `validate` already does for it): `earlier` holds the rows of
   * the same file accepted before this one. Errors are reported for the row, which is then not stored.
   */
  importRow?: (input: ImportRowInput) => Promise<FieldError[]> | FieldError[];
  /**
   * Told after the engine's create, update or delete of records (one, or several by a bulk delete) has been
   * committed, before the answer is sent: what the service keeps of them elsewhere (a cache) is to be forgotten, or
   * what it does with a new record at once (a room given to the relay: a create answers the record as it is after).
   */
  changed?: (input: ChangedInput) => Promise<void> | void;
}

export interface ChangedInput {
  ctx: Ctx;
  model: ResourceModel;
  scopeId: string;
  ids: string[];
}

export interface ImportRowInput extends WriteInput {
  /** The row's number in the file, counted from 1 (the header line not counted). */
  row: number;
  earlier: Data[];
}

export type HookRegistry = Map<string, ResourceHooks>;

/** The signed-in player of a player call: one player (user) of one app, and the persona they selected, if any. */
export interface PlayerCaller {
  scopeId: string;
  userId: string;
  personaId: string | null;
}

export interface PlayerCallOptions {
  /** The call acts as the selected persona: 409 when none is selected. */
  persona: boolean;
  allowBannedPersona?: boolean;
  /** Let a player through who has not passed the identity check the service may require. */
  identityCheckExempt?: boolean;
}

/**
 * Who a player call is made by, as the service that issues player tokens decides it (its own refusals: 401, 403,
 * 423, 429...). Registered by that service's module; the engine's player reads go through it.
 */
export type PlayerPrincipal = (ctx: Ctx, req: FastifyRequest, opts: PlayerCallOptions) => Promise<PlayerCaller>;

/** A player as the operation history names them. */
export const playerActor = (p: { userId: string }) => `player:${p.userId}`;

/** Player principals by service name. */
export type PlayerRegistry = Map<string, PlayerPrincipal>;
