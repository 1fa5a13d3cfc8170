import { kindCall } from '../../resources/command-call';
import type { CommandDecl } from '../../resources/types';
import type { Ctx } from '../context';
import type { Api } from './api';
import { mountBulk } from './command-bulk';
import { mountChoose } from './command-choose';
import { mountExport } from './command-export';
import { mountImport } from './command-import';
import type { HookRegistry } from './hooks';
import type { ResourceModel } from './model';

/**
 * A generic command's declaration must be called as its kind is (`kindCall`): the console calls it from the
 * declaration's method and flags, the server from its kind. Only the path may be the declaration's own.
 */
export function checkKind(m: ResourceModel, command: CommandDecl): void {
  if (!command.kind) return;
  const call = kindCall(command.kind, command.bulk);
  const wrong = (['on', 'method', 'upload', 'download'] as const).filter((k) => (command[k] || undefined) !== call[k]);
  if (wrong.length) throw new Error(`${m.service.name}/${m.res.name}.${command.name}: a ${command.kind} command's ${wrong.join(', ')} must be as kindCall says`);
  if (!command.path.startsWith('/')) throw new Error(`${m.service.name}/${m.res.name}.${command.name}: path must start with /`);
  if (command.kind === 'import' && !m.res.operations.includes('create')) throw new Error(`${m.service.name}/${m.res.name}: an import needs create`);
}

/** Mounts a resource's generic commands (import, export, bulk, choose) from its declaration; the others are the service's. */
export function mountCommands(api: Api, ctx: Ctx, hooks: HookRegistry, m: ResourceModel): void {
  for (const command of m.res.commands ?? []) {
    if (!command.kind) continue;
    checkKind(m, command);
    if (command.kind === 'import') mountImport(api, ctx, hooks, m, command);
    else if (command.kind === 'export') mountExport(api, ctx, m, command);
    else if (command.kind === 'choose') mountChoose(api, ctx, m, command);
    else mountBulk(api, ctx, m, command);
  }
}
