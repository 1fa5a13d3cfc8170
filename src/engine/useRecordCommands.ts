import { App } from 'antd';
import { useCustomMutation, useDelete, useDeleteMany, useInvalidate, type BaseKey, type BaseRecord } from '@refinedev/core';
import type { ActionDecl } from '../../resources/types';
import { toast } from '../../providers/notification';
import type { DeclaredScope } from './useDeclared';

/** Whether a state action may run on this record: its status is one of the action's `from`. */
export function actionAllowed(scope: DeclaredScope, action: ActionDecl, record: BaseRecord | undefined): boolean {
  const field = scope.decl.status?.field;
  return !!record && !!field && action.from.includes(String(record[field]));
}

export function statusLabel(scope: DeclaredScope, record: BaseRecord | undefined): string {
  const status = scope.decl.status;
  const value = status && record ? String(record[status.field]) : '';
  return status?.values[value] ? scope.text(status.values[value].label) : value;
}

/**
 * The commands on one record of a declared resource: delete (after a confirmation) and its state actions
 * (after one when the action declares `confirm`). Failures have already been shown by the HTTP client.
 */
export function useRecordCommands(scope: DeclaredScope) {
  const { modal } = App.useApp();
  const { mutateAsync: deleteOne } = useDelete();
  const { mutateAsync: deleteMany } = useDeleteMany();
  const { mutateAsync: custom } = useCustomMutation();
  const invalidate = useInvalidate();
  const { t, key, meta, decl, service } = scope;

  const refresh = (id?: BaseKey) =>
    invalidate({ resource: key, id, invalidates: id === undefined ? ['list'] : ['list', 'detail'], dataProviderName: service.convention });

  const remove = (record: BaseRecord, onDone?: () => void) =>
    modal.confirm({
      title: t('engine.deleteConfirmTitle', { name: scope.singular }),
      content: t('engine.deleteConfirm', { title: scope.titleOf(record) }),
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

  const removeMany = (ids: BaseKey[], onDone?: () => void) =>
    modal.confirm({
      title: t('engine.bulkDelete'),
      content: t('engine.bulkDeleteConfirm', { count: ids.length, name: scope.label }),
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

  const run = async (action: ActionDecl, record: BaseRecord) => {
    const id = scope.idOf(record);
    await custom({
      url: `${decl.path}/${encodeURIComponent(id)}${action.path}`,
      method: action.method === 'PUT' ? 'put' : 'post',
      values: { version: record.version },
      meta,
      successNotification: false,
      errorNotification: false,
    });
    await refresh(id);
    toast('success', t('engine.actionDone', { action: scope.text(action.label), title: scope.titleOf(record) }));
  };

  const act = (action: ActionDecl, record: BaseRecord) => {
    if (!action.confirm) return run(action, record).catch(() => undefined);
    modal.confirm({
      title: t('engine.actionConfirmTitle', { action: scope.text(action.label), title: scope.titleOf(record) }),
      content: scope.text(action.confirm),
      okText: scope.text(action.label),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: action.danger },
      onOk: () => run(action, record).catch(() => undefined),
    });
    return Promise.resolve();
  };

  return { remove, removeMany, act, refresh };
}
