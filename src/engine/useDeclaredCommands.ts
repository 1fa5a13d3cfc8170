import { App } from 'antd';
import { useDataProvider, type BaseKey, type BaseRecord } from '@refinedev/core';
import { useNavigate } from 'react-router';
import { commandCallAddress, commandDanger, commandFileRequest, fillCommandPath, sendsQuery } from '../../resources/command-call';
import { offeredByView } from '../../resources/view-call';
import type { CommandDecl } from '../../resources/types';
import { requestFile, type QueryValue } from '../../providers/http';
import { toast } from '../../providers/notification';
import { collectionCallUrl, recordCallUrl, type CallScope } from './calls';
import { showPathOf } from './routes';
import { sendFile } from './sendFile';
import { formFields, pick } from './schema';
import { saveFile, type Dialogs } from './useDialogs';
import type { DeclaredScope } from './useDeclared';

/** What a command works on: one record (`item`), the ticked records (`selection`), or the list (`collection`). */
export interface CommandTarget {
  record?: BaseRecord;
  ids?: BaseKey[];
}

/** A command's address: appended to the item path for `item`, to the collection path otherwise. */
export function commandPath(scope: CallScope, command: CommandDecl, record?: BaseRecord): string {
  if (command.on !== 'item') return collectionCallUrl(scope, command.path);
  if (!record) throw new Error(`${scope.decl.name}.${command.name} needs a record`);
  return recordCallUrl(scope, record, command);
}

/** The call's arguments: the dialog's values, plus `{ ids }` for a selection; a query for GET and DELETE, else the body. */
export function commandArguments(command: CommandDecl, target: CommandTarget, values: Record<string, unknown> = {}) {
  const args = command.on === 'selection' ? { ...values, ids: (target.ids ?? []).map(String) } : values;
  return sendsQuery(command) ? { query: args as Record<string, QueryValue>, body: undefined } : { query: undefined, body: args };
}

/** The ids a bulk command (`kind: 'bulk'`) refused, from its answer `{ total, <count>, failed: [{ id, code, message }] }`. */
export function bulkRefused(command: CommandDecl, answer: unknown): { id: string; message: string }[] {
  if (command.kind !== 'bulk') return [];
  const failed = (answer as { failed?: unknown } | null)?.failed;
  return Array.isArray(failed) ? (failed as { id: string; message: string }[]) : [];
}

/**
 * The declared commands of a resource (its service's own calls): asked for in a dialog when they declare
 * `fields`, an import dialog for `upload`, a file picked and sent for `file`, a saved file for `download`, a
 * confirmation when they declare `confirm` (a DELETE always does, shown as dangerous). A reading command (`GET`)
 * shows what it answered, and so does a bulk command that refused some of the ticked records; the others say they
 * are done. After each, `refresh` is given what the command worked on (the screen reads again what it may have changed).
 */
export function useDeclaredCommands(scope: DeclaredScope, dialogs: Dialogs, refresh: (target: CommandTarget) => Promise<unknown>) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const dataProvider = useDataProvider();
  const { decl, t, text, meta, service, appId } = scope;

  const send = async (command: CommandDecl, target: CommandTarget, values: Record<string, unknown> | undefined, silent: boolean) => {
    // Made at its declared call's own address, or under the list or the record.
    const atCall = command.address === 'call' ? commandCallAddress(service, command, appId, values) : undefined;
    const filled = atCall ? { path: '', rest: atCall.rest } : fillCommandPath(command.path, values);
    const url = atCall?.url ?? commandPath(scope, { ...command, path: filled.path }, target.record);
    const { query, body } = commandArguments(command, target, filled.rest);
    if (command.download) {
      const file = await requestFile(url, { appId, method: command.method, query, body, silent, throwResponse: true });
      if (!file) return undefined;
      const name = file.name ?? `${decl.name}-${command.name}.csv`;
      saveFile(file.blob, name);
      return { name };
    }
    const { data } = await dataProvider(service.convention).custom!({
      url,
      method: command.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete',
      payload: body,
      query,
      meta: { ...meta, silent },
    });
    return data as unknown;
  };

  const finish = async (command: CommandDecl, target: CommandTarget, title: string, answer: unknown) => {
    const label = text(command.label);
    if (command.download) {
      const name = (answer as { name?: string } | null)?.name;
      toast('success', t('engine.commandDownloaded', { name: name ?? label }));
      return;
    }
    await refresh(target);
    // The record the call made (a new publish): its page opens.
    const opened = command.opens === 'record' && answer && typeof answer === 'object' ? showPathOf(decl, appId, answer as Record<string, unknown>) : undefined;
    if (opened) navigate(opened);
    const refused = bulkRefused(command, answer);
    if (command.method === 'GET' || command.answer || refused.length) dialogs.showAnswer({ title, answer, schema: command.answer, context: { service, owner: decl, appId } });
    if (refused.length) toast('warning', t('engine.commandPartlyDone', { command: label, count: refused.length }));
    else if (command.method !== 'GET') toast('success', t('engine.commandDone', { command: label }));
  };

  /**
   * Starts a command: its dialog or confirmation first when it has one. `onDone` follows a success; `defaults`
   * fill the dialog's fields of the same names (a child list's parent).
   */
  const start = (command: CommandDecl, target: CommandTarget, onDone?: () => void, defaults?: Record<string, unknown>) => {
    const label = text(command.label);
    const title = target.record
      ? t('engine.actionConfirmTitle', { action: label, title: scope.titleOf(target.record) })
      : command.on === 'selection'
        ? t('engine.commandOnSelection', { command: label, count: target.ids?.length ?? 0 })
        : label;
    const note = command.confirm ? text(command.confirm) : undefined;
    const danger = commandDanger(command);

    if (command.upload) {
      dialogs.askUpload({
        title,
        columns: formFields(decl, 'create'),
        submit: (format, content) => send(command, target, { format, content }, true),
        onImported: () => {
          void refresh(target);
          onDone?.();
        },
      });
      return;
    }
    if (command.file) {
      // Sent at the record's address; the picker offers what the declared call takes.
      const url = commandPath(scope, command, target.record);
      dialogs.askFile({
        title,
        okText: label,
        picker: commandFileRequest(service, command, url, {}, ''),
        schema: command.fields,
        note,
        danger,
        submit: async (file, values, onProgress) => {
          const answer = await sendFile(appId, commandFileRequest(service, command, url, values, file.name), file, onProgress);
          await finish(command, target, title, answer);
          onDone?.();
        },
      });
      return;
    }
    if (command.fields) {
      dialogs.askFields({
        title,
        schema: command.fields,
        okText: label,
        danger,
        note,
        initial: pick(defaults, Object.keys((command.fields.properties ?? {}) as object)),
        parent: decl.parent && meta.parentId ? { resource: decl.parent.resource, id: meta.parentId } : undefined,
        submit: async (values) => {
          await finish(command, target, title, await send(command, target, values, true));
          onDone?.();
        },
      });
      return;
    }
    const go = () =>
      send(command, target, undefined, false)
        .then((answer) => finish(command, target, title, answer))
        .then(() => onDone?.())
        .catch(() => undefined);
    if (!note) {
      void go();
      return;
    }
    modal.confirm({ title, content: note, okText: label, cancelText: t('common.cancel'), okButtonProps: { danger }, onOk: go });
  };

  // An item command a view offers is on that view, not among the record's buttons.
  const commandsOn = (on: CommandDecl['on']) => (decl.commands ?? []).filter((c) => c.on === on && !offeredByView(decl, c));

  return { start, commandsOn };
}
