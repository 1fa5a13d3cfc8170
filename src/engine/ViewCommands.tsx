import { Button, Space } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import type { ViewDecl } from '../../resources/types';
import { viewCommands } from '../../resources/view-call';
import { usePermittedCommands } from './CommandButtons';
import type { DeclaredScope } from './useDeclared';
import { useRecordCommands } from './useRecordCommands';

/**
 * The record's item commands a view offers on itself (`ViewDecl.recordCommands`: a proxy cache's clear), with their
 * dialogs and confirmations; the view is read again after one is done.
 */
export function ViewCommands({ scope, view, record, onDone }: { scope: DeclaredScope; view: ViewDecl; record: BaseRecord; onDone: () => void }) {
  const commands = useRecordCommands(scope);
  const shown = usePermittedCommands(scope, viewCommands(scope.decl, view));
  if (shown.length === 0) return null;
  return (
    <Space size="small">
      {shown.map((c) => (
        <Button key={c.name} size="small" danger={c.danger} onClick={() => commands.command(c, { record }, onDone)} data-command={c.name}>
          {scope.text(c.label)}
        </Button>
      ))}
      {commands.dialogs}
    </Space>
  );
}
