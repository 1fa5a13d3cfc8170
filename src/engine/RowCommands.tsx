import { App, Button, Flex, Tooltip } from 'antd';
import { useDataProvider, useInvalidate, type BaseRecord } from '@refinedev/core';
import { rowCommandAllowed, rowCommandBody, rowCommandUrl, type FilterValues } from '../../resources/page-view-call';
import type { ResourceDecl, RowCommandDecl, ServiceDecl, ViewDecl } from '../../resources/types';
import { toast } from '../../providers/notification';
import { useCurrentAppState } from '../lib/currentApp';
import { useLocale } from '../lib/useLocale';
import { pick, propertiesOf } from './schema';
import type { DeclaredScope } from './useDeclared';
import { useDialogs } from './useDialogs';
import type { ViewRowsState } from './useViewRows';
import { fillText } from './view-cells';

type Row = Record<string, unknown>;

interface Options {
  service: ServiceDecl;
  /** The resource whose record the view is about; none for a page's view. */
  owner?: ResourceDecl;
  view: ViewDecl;
  appId: string;
  recordId?: string;
  /** A page view's filters (its path may name them). */
  values?: FilterValues;
  /** After a command succeeded: read the view (and its record) again. */
  onDone: () => unknown;
}

/**
 * A view's row commands (`ViewDecl.rowCommands`) as a last column of buttons, for those who may edit the app: each
 * enabled on the rows its `when` allows, asking for its fields (starting from the row's values) or a confirmation
 * first when it declares them, then calling the row's address and reading the view again. `element` renders the
 * dialogs once, beside the table.
 */
export function useRowCommands({ service, owner, view, appId, recordId, values, onDone }: Options) {
  const { t, text } = useLocale();
  const { modal } = App.useApp();
  const dataProvider = useDataProvider();
  const dialogs = useDialogs(appId, service.name);
  const canEdit = useCurrentAppState()?.canEdit ?? false;
  const commands = view.rowCommands ?? [];

  const send = async (command: RowCommandDecl, row: Row, body?: Row, silent = false) => {
    const url = rowCommandUrl(service, owner, view, command, row, { recordId, appId, values });
    await dataProvider(service.convention).custom!({ url, method: command.method.toLowerCase() as 'post', payload: body, meta: { service: service.name, appId, silent } });
    toast('success', t('engine.commandDone', { command: text(command.label) }));
    await onDone();
  };

  const start = (command: RowCommandDecl, row: Row) => {
    const label = text(command.label);
    const note = command.confirm ? fillText(text(command.confirm), row) : undefined;
    if (command.fields) {
      const fields = command.fields;
      dialogs.askFields({
        title: label,
        schema: fields,
        okText: label,
        danger: command.danger,
        note,
        initial: pick(row, propertiesOf(fields).map(([name]) => name)),
        submit: (v) => send(command, row, rowCommandBody(fields, v), true),
      });
      return;
    }
    const go = () => send(command, row).catch(() => undefined);
    if (!note) return void go();
    modal.confirm({ title: label, content: note, okText: label, cancelText: t('common.cancel'), okButtonProps: { danger: command.danger }, onOk: go });
  };

  const render = (row: Row) => (
    <Flex gap={4} wrap>
      {commands.map((command) => {
        const allowed = rowCommandAllowed(command, row);
        return (
          <Tooltip key={command.name} title={allowed ? undefined : t('engine.rowCommandNotHere')}>
            <Button size="small" danger={command.danger} disabled={!allowed} onClick={() => start(command, row)} data-row-command={command.name}>
              {text(command.label)}
            </Button>
          </Tooltip>
        );
      })}
    </Flex>
  );

  const width = 24 + commands.reduce((sum, c) => sum + 28 + 8 * Math.max(c.label.en.length, c.label['zh-CN'].length * 1.8), 0);
  return { actions: canEdit && commands.length ? { width: Math.round(width), render } : undefined, element: dialogs.element };
}

/** A record view's row commands: after one, the view and the record (its page, its lists) are read again. */
export function useViewRowCommands(scope: DeclaredScope, view: ViewDecl, record: BaseRecord, state: ViewRowsState) {
  const invalidate = useInvalidate();
  return useRowCommands({
    service: scope.service,
    owner: scope.decl,
    view,
    appId: scope.appId,
    recordId: String(record[scope.decl.idField] ?? ''),
    onDone: () => Promise.all([state.refetch(), invalidate({ resource: scope.key, invalidates: ['resourceAll'], dataProviderName: scope.service.convention })]),
  });
}
