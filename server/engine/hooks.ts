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
   * An imported row's checks beyond a create's (which `validate` already does for it): `earlier` holds the rows of
   * the same file accepted before this one. Errors are reported for the row, which is then not stored.
   */
  importRow?: (input: ImportRowInput) => Promise<FieldError[]> | FieldError[];
}

export interface ImportRowInput extends WriteInput {
  /** The row's number in the file, counted from 1 (the header line not counted). */
  row: number;
  earlier: Data[];
}

export type HookRegistry = Map<string, ResourceHooks>;
