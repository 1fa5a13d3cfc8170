import { callUrl } from '../../resources/call-types';
import { commandFileCall, pathFields } from '../../resources/command-call';
import { collectionPath } from '../../resources/relations';
import type { CommandDecl, JsonSchema, ResourceDecl, ServiceDecl } from '../../resources/types';

/** A path with each `:name` as `:`, to compare addresses whatever their parameters are called. */
const anyParam = (path: string) => path.replace(/:\w+/g, ':');

const keysOf = (schema: JsonSchema | undefined) => Object.keys((schema?.properties ?? {}) as object);
const requiredOf = (schema: JsonSchema | undefined) => (schema?.required as string[] | undefined) ?? [];

/**
 * A file command (`CommandDecl.file`) names, in `api.call`, a call with an `upload` body and the command's method
 * (POST or PUT), as an item command; its file name parameter and every dialog field are parameters of the call's
 * query, and every parameter the query requires is a required field of the dialog (or the file's name).
 */
function checkFileCommand(service: ServiceDecl, where: string, command: CommandDecl): void {
  const call = commandFileCall(service, command);
  const file = command.file!;
  if (command.on !== 'item' || command.address) throw new Error(`${where}: a file is sent by an item command, under the record`);
  if (command.kind || command.upload || command.download) throw new Error(`${where}: a file command is none of the engine's kinds, and neither imports rows nor saves a file`);
  if ((command.method !== 'POST' && command.method !== 'PUT') || call.method !== command.method) throw new Error(`${where}: a file is sent with its call's method, POST or PUT`);
  if (pathFields(command.path).length) throw new Error(`${where}: a file command's fields are sent in the query, not its path`);
  const query = keysOf(call.query);
  const named = file.fileNameParam ? [file.fileNameParam] : [];
  const unknown = [...named, ...keysOf(command.fields)].filter((k) => !query.includes(k));
  if (unknown.length) throw new Error(`${where}: '${unknown.join("', '")}' not a parameter of its call's query`);
  const missing = requiredOf(call.query).filter((k) => ![...named, ...requiredOf(command.fields)].includes(k));
  if (missing.length) throw new Error(`${where}: its call's query requires '${missing.join("', '")}', which the dialog does not require`);
}

/**
 * Start-up checks of a resource's declared commands, beside their kinds' (`checkKind` in `./commands`):
 * - a `DELETE` command asks for a confirmation, and is none of the engine's kinds and sends no file;
 * - a file command (`file`) names a call that takes its file as the dialog sends it (`checkFileCommand`);
 * - an item command served by a declared call (`api.call`) is that call: the same method, at the record's item path
 *   followed by the command's path (the console makes it there).
 */
export function checkCommands(service: ServiceDecl, res: ResourceDecl): void {
  for (const c of res.commands ?? []) {
    const where = `${service.name}/${res.name}.${c.name}`;
    if (c.method === 'DELETE' && !c.confirm) throw new Error(`${where}: a DELETE command asks for a confirmation (confirm)`);
    if (c.method === 'DELETE' && (c.kind || c.upload || c.download || c.file)) throw new Error(`${where}: a DELETE command is none of the engine's kinds and sends no file`);
    if (c.file) checkFileCommand(service, where, c);
    const call = c.on === 'item' && !c.address && c.api?.call ? service.calls?.[c.api.call] : undefined;
    if (!call) continue;
    const at = anyParam(`${collectionPath(service, res)}/:${c.path}`);
    if (call.method !== c.method || anyParam(callUrl(service.base, call)) !== at) {
      throw new Error(`${where}: served by call '${c.api!.call}' (${call.method} ${call.path}), it is made with that method at the record's path followed by '${c.path}'`);
    }
  }
}
