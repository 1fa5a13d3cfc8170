import { Button, Space, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { CanAccess, type BaseRecord } from '@refinedev/core';
import { CommandButtons } from './CommandButtons';
import { PageLinks } from './PageLinks';
import type { DeclaredScope } from './useDeclared';
import { actionAllowed, statusLabel, type useRecordCommands } from './useRecordCommands';

interface Props {
  scope: DeclaredScope;
  record: BaseRecord;
  commands: ReturnType<typeof useRecordCommands>;
  /** `row`: compact links in a list row; `page`: buttons on a record's page. */
  variant: 'row' | 'page';
  onView?: () => void;
  onEdit?: () => void;
  onDeleted?: () => void;
}

/**
 * A record's buttons: on its page, the declared links to other pages about it first; view, edit, its declared state
 * actions (enabled only from their allowed states), its declared item commands (a "more" menu in a row) and delete,
 * each shown only if the user may use it.
 */
export function RecordActions({ scope, record, commands, variant, onView, onEdit, onDeleted }: Props) {
  const { decl, key, appId, t, text } = scope;
  const row = variant === 'row';
  const params = { appId };
  const ops = new Set(decl.operations);
  const common = row ? ({ type: 'link', size: 'small', style: { paddingInline: 4 } } as const) : ({} as const);

  return (
    <Space size={row ? 0 : 8} wrap={!row}>
      {!row && <PageLinks links={decl.links} appId={appId} text={text} record={record} />}
      {onView && (
        <Button {...common} icon={row ? undefined : <EyeOutlined />} onClick={onView}>
          {t('common.view')}
        </Button>
      )}
      {onEdit && ops.has('update') && (
        <CanAccess resource={key} action="edit" params={params}>
          <Button {...common} icon={row ? undefined : <EditOutlined />} onClick={onEdit}>
            {t('common.edit')}
          </Button>
        </CanAccess>
      )}
      {(decl.actions ?? []).map((action) => {
        const allowed = actionAllowed(scope, action, record);
        return (
          <CanAccess key={action.name} resource={key} action={action.name} params={params}>
            <Tooltip title={allowed ? undefined : t('engine.actionNotAllowed', { status: statusLabel(scope, record), action: text(action.label) })}>
              <Button
                {...common}
                danger={action.danger}
                disabled={!allowed}
                data-action={action.name}
                onClick={() => void commands.act(action, record)}
              >
                {text(action.label)}
              </Button>
            </Tooltip>
          </CanAccess>
        );
      })}
      <CommandButtons scope={scope} commands={commands} on="item" target={{ record }} variant={row ? 'menu' : 'buttons'} />
      {ops.has('delete') && (
        <CanAccess resource={key} action="delete" params={params}>
          <Button {...common} danger icon={row ? undefined : <DeleteOutlined />} onClick={() => commands.remove(record, onDeleted)}>
            {t('common.delete')}
          </Button>
        </CanAccess>
      )}
    </Space>
  );
}
