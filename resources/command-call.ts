import { callUrl, type CallDecl } from './call-types';
import type { BulkDecl, ChooseDecl, CommandDecl, CommandKind, ExportDecl, JsonSchema, ServiceDecl, Text } from './types';

/** How a generic command of each kind is called: where it is offered, its method, path and flags. */
export interface KindCall {
  on: CommandDecl['on'];
  method: CommandDecl['method'];
  path: string;
  upload?: true;
  download?: true;
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The call of one of the engine's generic commands (ADR 0008's commands, done by the engine): `import` is
 * `POST <collection>/import` with a file, `export` is `GET <collection>/export` answering one, `bulk` is
 * `POST <collection>/batch-<apply>` on the ticked records, `choose` is `POST <item>/<name>`. The declarations are built from it, the server mounts
 * it and checks the declarations against it at start-up.
 */
export function kindCall(kind: CommandKind, bulk?: BulkDecl): KindCall {
  switch (kind) {
    case 'import':
      return { on: 'collection', method: 'POST', path: '/import', upload: true };
    case 'export':
      return { on: 'collection', method: 'GET', path: '/export', download: true };
    case 'bulk':
      return { on: 'selection', method: 'POST', path: `/batch-${kebab(bulk?.apply ?? 'apply')}` };
    case 'choose':
      return { on: 'item', method: 'POST', path: '/choose' };
  }
}

/** Rows of a CSV or JSON file, each checked like a create; the answer reports the rows refused. */
export function importCommand(label: Text): CommandDecl {
  return { name: 'import', label, kind: 'import', ...kindCall('import') };
}

/**
 * The records as a CSV file. `fields` is the dialog the console shows first (filters to pick, each one of the
 * export's filters); without it the file is saved at once.
 */
export function exportCommand(label: Text, spec: ExportDecl = {}, fields?: JsonSchema): CommandDecl {
  return { name: 'export', label, kind: 'export', export: spec, ...kindCall('export'), ...(fields ? { fields } : {}) };
}

/** A state action (or `delete`) applied to every ticked record; the answer reports the ids refused. */
export function bulkCommand(name: string, label: Text, bulk: BulkDecl, extra: Pick<CommandDecl, 'confirm' | 'danger'> = {}): CommandDecl {
  return { name, label, kind: 'bulk', bulk, ...kindCall('bulk', bulk), ...extra };
}

/** Makes one record the scope's chosen one (`ChooseDecl`), at `POST <item>/<name>`. */
export function chooseCommand(name: string, label: Text, choose: ChooseDecl, extra: Pick<CommandDecl, 'confirm' | 'danger'> = {}): CommandDecl {
  return { name, label, kind: 'choose', choose, ...kindCall('choose'), path: `/${kebab(name)}`, ...extra };
}

/** The `:name`s of a command's path: fields of its dialog that are sent in the address rather than the body. */
export const pathFields = (path: string): string[] => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/**
 * A command's call for the dialog's values: its path with each `:name` filled from the value of that field, and
 * the other values, for the body (or the query of a GET). The server mounts the same path with those fields as its
 * parameters (server/engine/service-calls.ts).
 */
export function fillCommandPath(path: string, values: Record<string, unknown> = {}): { path: string; rest: Record<string, unknown> } {
  const names = pathFields(path);
  const rest = Object.fromEntries(Object.entries(values).filter(([k]) => !names.includes(k)));
  return { path: path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? ''))), rest };
}

/**
 * A command made at its declared call's own address (`address: 'call'`): the call `api.call` names, under the service
 * base, its `appParam` the app's id and each other `:name` the dialog's field of that name; the other values are the
 * body (the query of a GET). The server mounts the call there (`server/engine/declared-calls.ts`).
 */
export function commandCallAddress(service: ServiceDecl, command: CommandDecl, appId: string, values: Record<string, unknown> = {}) {
  const call = command.api?.call ? service.calls?.[command.api.call] : undefined;
  if (!call) throw new Error(`${service.name}: command '${command.name}' is made at a call, but names no declared call`);
  const filled = fillCommandPath(callUrl(service.base, call), call.appParam ? { ...values, [call.appParam]: appId } : values);
  return { method: call.method, url: filled.path, rest: filled.rest };
}

/** Whether a command's dialog values are sent in the query (a GET's, a DELETE's, or beside a file) rather than a JSON body. */
export const sendsQuery = (command: CommandDecl): boolean => command.method === 'GET' || command.method === 'DELETE' || !!command.file;

/** A command shown in the danger style: declared so, or a DELETE. */
export const commandDanger = (command: CommandDecl): boolean => !!command.danger || command.method === 'DELETE';

/** What a file picker offers for a call whose body is a file: its extensions, and `accept` (extensions and types). */
export function filePicker(upload: NonNullable<CallDecl['upload']>) {
  const extensions = upload.extensions ?? [];
  return { extensions, accept: [...extensions, ...upload.types].join(',') };
}

/** The declared call a file command (`CommandDecl.file`) sends its file to (checked at start-up: `server/engine/command-checks.ts`). */
export function commandFileCall(service: ServiceDecl, command: CommandDecl): CallDecl & { upload: NonNullable<CallDecl['upload']> } {
  const call = command.api?.call ? service.calls?.[command.api.call] : undefined;
  if (!command.file || !call?.upload) throw new Error(`${service.name}: command '${command.name}' sends a file, but its api.call names no declared call with an upload body`);
  return call as CallDecl & { upload: NonNullable<CallDecl['upload']> };
}

/** The request that sends a picked file for a file command at `url` (the record's): the dialog's values and the file's name in the query. */
export function commandFileRequest(service: ServiceDecl, command: CommandDecl, url: string, values: Record<string, unknown>, fileName: string) {
  const call = commandFileCall(service, command);
  const named = command.file?.fileNameParam ? { [command.file.fileNameParam]: fileName } : {};
  const query = Object.fromEntries(Object.entries({ ...values, ...named }).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Record<string, string | number | boolean>;
  return { method: call.method as 'POST' | 'PUT', url, query, ...filePicker(call.upload) };
}
