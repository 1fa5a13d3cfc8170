/** The commands a resource offers beside create, update and delete (`ResourceDecl.commands`). */
import type { EndpointApi } from './call-types';
import type { JsonSchema, Text } from './types';

/**
 * One of the engine's generic commands: the engine mounts it from the declaration alone, and the service writes no
 * route (at most an `importRow` hook). Build one with `importCommand`, `exportCommand` or `bulkCommand`
 * (`resources/command-call.ts`), which give it the method, path and flags of its kind; the server checks at start-up
 * that they agree.
 * - `import` (on `collection`, `POST <collection>/import`, `upload`): `{ format: 'csv' | 'json', content }`; each row
 *   is checked like a create (the create schema, the `unique` fields against stored records and earlier rows, the
 *   service's `validate` and `importRow` hooks); the good rows are stored together and the answer is
 *   `{ total, imported, failed: [{ row, errors }] }` (rows counted from 1, the header line not counted).
 * - `export` (on `collection`, `GET <collection>/export`, `download`): the records as a CSV file (see `ExportDecl`).
 * - `bulk` (on `selection`, `POST <collection>/batch-<apply>`): `{ ids }`, the `bulk` change applied to each record;
 *   the answer counts the records changed and reports each id refused (see `BulkDecl`).
 * - `choose` (on `item`, `POST <item><path>`): makes the record the scope's chosen one (see `ChooseDecl`).
 */
export type CommandKind = 'import' | 'export' | 'bulk' | 'choose';

/** What an `export` command writes: a header line, then one line per record, oldest first. */
export interface ExportDecl {
  /**
   * The columns, in order (default: the list's columns): a schema field, `id`, `createdAt` or `updatedAt`; or
   * `{ name, labelOf }`, the label of the record that field `labelOf` refers to (read from its `x-ui.optionsFrom`).
   */
  columns?: (string | { name: string; labelOf: string })[];
  /** Fields the query may filter on, exact match (default: the list's filters). */
  filters?: string[];
  /** The file name's start; the date and `.csv` follow. Default: the resource's name. */
  fileName?: string;
}

/** What a `bulk` command does to each selected record. */
export interface BulkDecl {
  /** A declared state action of the resource (only from its `from` states, as on one record), or `delete`. */
  apply: string;
  /** The answer's key for how many records changed; default `done`. */
  countKey?: string;
}

/**
 * What a `choose` command does: its boolean `field` becomes true on the record and false on every other record of
 * the scope (the SMS template codes are sent with). Only from the states `from`, when given (409 with `refused`
 * otherwise); an optional body's `version` is checked. The history names the record's change after the command, the
 * others' after `replaced`.
 */
export interface ChooseDecl {
  field: string;
  from?: string[];
  refused?: string;
  replaced: { name: string; label: Text };
}

/**
 * An item command whose body is a file (a function's code archive): the item-level form of a page's upload button
 * (`UploadButtonDecl`). The command names its declared call in `api.call`, one with `upload`, made at the record's
 * item path with the command's method and `path`; the dialog's file picker offers the call's `upload.extensions` and
 * types, the picked file's name is sent in the query parameter `fileNameParam`, and the dialog's `fields` (each a
 * parameter of the call's `query`) are sent in the query too; the progress is shown, and the server's refusal in the
 * console's language (`commandFileRequest` in `resources/command-call.ts`; checked at start-up).
 */
export interface FileBodyDecl {
  fileNameParam?: string;
}

/**
 * A call beside create/update/delete that the console offers as a button: on the list (`collection`), on the
 * records ticked in the list (`selection`, sent as `{ ids }`), or on one record (`item`, path appended to the item
 * path). Its behaviour is the service's code, or the engine's for a `kind`; the declaration says how to ask for it.
 */
export interface CommandDecl {
  /** One of the engine's generic commands (mounted by the engine), or none: the service's own call. */
  kind?: CommandKind;
  /** For `export`: the file's columns and filters. */
  export?: ExportDecl;
  /** For `bulk`: the change applied to each selected record. */
  bulk?: BulkDecl;
  /** For `choose`: the field that marks the chosen record. */
  choose?: ChooseDecl;
  name: string;
  label: Text;
  on: 'collection' | 'selection' | 'item';
  /**
   * A `DELETE` (closing or removing what hangs on a record: a function's autoscaler) needs a `confirm`, checked at
   * start-up; the console shows it in the danger style. Its fields, like a GET's, are sent in the query.
   */
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /**
   * Appended to the collection path (`collection`, `selection`) or the item path (`item`), e.g. `/generate`. A
   * `:name` in it is a required field of the dialog sent in the address (`/members/:memberId/scores`).
   */
  path: string;
  /** What the dialog asks for (an object schema), sent as the JSON body (query for GET and DELETE, and with `file`). */
  fields?: JsonSchema;
  /** The body is a file picked in the dialog (see `FileBodyDecl`). */
  file?: FileBodyDecl;
  /** The answer is a file to save (CSV), not JSON. */
  download?: boolean;
  /** The call takes a CSV or JSON file's rows as `{ format, content }` and answers a per-row report. */
  upload?: boolean;
  /** The answer is worth showing: the console shows it after the call, described by this object schema. */
  answer?: JsonSchema;
  confirm?: Text;
  danger?: boolean;
  /** Without a `kind`: what the API document says of it (see `EndpointApi`). */
  api?: EndpointApi;
  /**
   * `call`: a `collection` command made at the address of the declared call `api.call` names rather than under the
   * list, for a call the spec places elsewhere (the publishes list's "publish" is `POST /api/wind/{id}/publish`): the
   * call's `appParam` is the app's id, any other `:name` of its path a field of the dialog
   * (`commandCallAddress` in `resources/command-call.ts`); `path` is then empty. The server checks at start-up that
   * the call exists with the command's method.
   */
  address?: 'call';
  /** `record`: the call answers a record of this resource, whose page the console opens after it (a new publish). */
  opens?: 'record';
}
