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
}

export type HookRegistry = Map<string, ResourceHooks>;
