import { App } from 'antd';
import { actionAllowed as allowedFrom, actionCall, actionSent } from '../../resources/action-call';
import { useCustomMutation, useDelete, useDeleteMany, useInvalidate, type BaseKey, type BaseRecord } from '@refinedev/core';
import type { ActionDecl } from '../../resources/types';
import { toast } from '../../providers/notification';
import { referrersOf, USED_BY } from '../../resources/relations';
import { request } from '../../providers/http';
import { recordCallUrl } from './calls';
import { deleteConfirmContent, type UsedByGroup } from './UsedByNote';
import { useDeclaredCommands } from './useDeclaredCommands';
import type { DeclaredScope } from './useDeclared';
import { useDialogs } from './useDialogs';

/** Whether a state action may run on this record: its status is one of the action's `from` (as the server checks). */
export function actionAllowed(scope: DeclaredScope, action: ActionDecl, record: BaseRecord | undefined): boolean {
  const field = scope.decl.status?.field;
  return !!record && !!field && allowedFrom(action, record[field]);
}

export function statusLabel(scope: DeclaredScope, record: BaseRecord | undefined): string {
  const status = scope.decl.status;
  const value = status && record ? String(record[status.field]) : '';
  return status?.values[value] ? scope.text(status.values[value].label) : value;
}

/**
 * The commands on one record of a declared resource: delete (after a confirmation), its state actions (after one
 * when the action declares `confirm`; in a dialog asking for them when it declares `fields`), and the resource's
 * declared commands. Failures have already been shown by the HTTP client, or in the dialog that asked. The
 * screen renders `dialogs` once.
 */
export function useRecordCommands(scope: DeclaredScope) {
  const { modal } = App.useApp();
  const { mutateAsync: deleteOne } = useDelete();
  const { mutateAsync: deleteMany } = useDeleteMany();
  const { mutateAsync: custom } = useCustomMutation();
  const invalidate = useInvalidate();
  const { t, key, meta, service, appId } = scope;
  const dialogs = useDialogs(appId, service.name);

  // Everything of the resource: a record's page may have loaded it by its slug rather than its id.
  const refresh = (_id?: BaseKey) => invalidate({ resource: key, invalidates: ['resourceAll'], dataProviderName: service.convention });
  // After a command on one record, all the service's reads on screen: its page's child lists, views and details may
  // have changed without the record (a server started under a function, its autoscaler closed).
  const refreshAround = () => invalidate({ invalidates: ['all'], dataProviderName: service.convention });
  const declared = useDeclaredCommands(scope, dialogs, (target) => (target.record ? refreshAround() : refresh()));

  /** What uses the record, asked before the confirmation when anything may refer to it (empty when nothing does). */
  const usedBy = async (record: BaseRecord): Promise<UsedByGroup[]> => {
    if (referrersOf(service, scope.decl).length === 0) return [];
    const answer = await request<{ usedBy: UsedByGroup[] }>(recordCallUrl(scope, record, USED_BY), { appId, silent: true });
    return answer?.usedBy ?? [];
  };

  const remove = async (record: BaseRecord, onDone?: () => void) => {
    const users = await usedBy(record);
    modal.confirm({
      title: t('engine.deleteConfirmTitle', { name: scope.singular }),
      content: deleteConfirmContent(users, scope, t('engine.deleteConfirm', { title: scope.titleOf(record) })),
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        deleteOne({ resource: key, id: scope.idOf(record), meta, mutationMode: 'pessimistic', successNotification: false, errorNotification: false })
          .then(() => {
            toast('success', t('engine.deleted', { name: scope.singular }));
            onDone?.();
          })
          .catch(() => undefined),
    });
  };

  const removeMany = (ids: BaseKey[], onDone?: () => void) =>
    modal.confirm({
      title: t('engine.bulkDelete'),
      content: t('engine.bulkDeleteConfirm', { count: ids.length, name: scope.labelInSentence }),
      okText: t('common.delete'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        deleteMany({ resource: key, ids, meta, mutationMode: 'pessimistic', successNotification: false, errorNotification: false })
          .then(() => {
            toast('success', t('engine.bulkDeleted', { count: ids.length }));
            onDone?.();
          })
          .catch(() => undefined),
    });

  /** Sends a state action with the record's version (and the dialog's fields); a refusal is thrown. */
  const run = async (action: ActionDecl, record: BaseRecord, fields?: Record<string, unknown>) => {
    const id = scope.idOf(record);
    const call = actionCall(service, action);
    await custom({
      url: recordCallUrl(scope, record, call),
      method: call.method === 'PUT' ? 'put' : 'post',
      values: { ...fields, ...actionSent(action), version: record.version },
      meta: { ...meta, silent: fields !== undefined },
      successNotification: false,
      errorNotification: false,
    });
    await refresh(id);
    toast('success', t('engine.actionDone', { action: scope.text(action.label), title: scope.titleOf(record) }));
  };

  const act = (action: ActionDecl, record: BaseRecord) => {
    const title = t('engine.actionConfirmTitle', { action: scope.text(action.label), title: scope.titleOf(record) });
    if (action.fields) {
      dialogs.askFields({
        title,
        schema: action.fields,
        okText: scope.text(action.label),
        danger: action.danger,
        note: action.confirm ? scope.text(action.confirm) : undefined,
        submit: (values) => run(action, record, values),
      });
      return Promise.resolve();
    }
    if (!action.confirm) return run(action, record).catch(() => undefined);
    modal.confirm({
      title,
      content: scope.text(action.confirm),
      okText: scope.text(action.label),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: action.danger },
      onOk: () => run(action, record).catch(() => undefined),
    });
    return Promise.resolve();
  };

  return { remove, removeMany, act, refresh, command: declared.start, commandsOn: declared.commandsOn, dialogs: dialogs.element };
}
