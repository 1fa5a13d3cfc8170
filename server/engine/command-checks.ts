import { callUrl } from '../../resources/call-types';
import { commandFileCall } from '../../resources/command-call';
import { collectionPath } from '../../resources/relations';
import type { ResourceDecl, ServiceDecl } from '../../resources/types';

/** A path with each `:name` as `:`, to compare addresses whatever their parameters are called. */
const anyParam = (path: string) => path.replace(/:\w+/g, ':');

/**
 * Start-up checks of a resource's declared commands, beside their kinds' (`checkKind` in `./commands`):
 * - a `DELETE` command asks for a confirmation, and is none of the engine's kinds and sends no file;
 * - a file command (`file`) names a call that takes its file as the dialog sends it (`commandFileCall`);
 * - an item command served by a declared call (`api.call`) is that call: the same method, at the record's item path
 *   followed by the command's path (the console makes it there).
 */
export function checkCommands(service: ServiceDecl, res: ResourceDecl): void {
  for (const c of res.commands ?? []) {
    const where = `${service.name}/${res.name}.${c.name}`;
    if (c.method === 'DELETE' && !c.confirm) throw new Error(`${where}: a DELETE command asks for a confirmation (confirm)`);
    if (c.method === 'DELETE' && (c.kind || c.upload || c.download || c.file)) throw new Error(`${where}: a DELETE command is none of the engine's kinds and sends no file`);
    if (c.file) commandFileCall(service, c);
    const call = c.on === 'item' && !c.address && c.api?.call ? service.calls?.[c.api.call] : undefined;
    if (!call) continue;
    const at = anyParam(`${collectionPath(service, res)}/:${c.path}`);
    if (call.method !== c.method || anyParam(callUrl(service.base, call)) !== at) {
      throw new Error(`${where}: served by call '${c.api!.call}' (${call.method} ${call.path}), it is made with that method at the record's path followed by '${c.path}'`);
    }
  }
}
