import { Button, Dropdown } from 'antd';
import { DownloadOutlined, DownOutlined, UploadOutlined } from '@ant-design/icons';
import { useCan } from '@refinedev/core';
import { commandDanger } from '../../resources/command-call';
import type { CommandDecl } from '../../resources/types';
import type { CommandTarget } from './useDeclaredCommands';
import type { DeclaredScope } from './useDeclared';
import type { useRecordCommands } from './useRecordCommands';

/**
 * The commands of one kind the user may use: a reading (`GET`) command needs read access, any other write access
 * (the access provider checks a command by its name).
 */
export function usePermittedCommands(scope: DeclaredScope, commands: CommandDecl[]): CommandDecl[] {
  const { key, appId } = scope;
  const writer = commands.find((c) => c.method !== 'GET');
  const reader = commands.find((c) => c.method === 'GET');
  const params = { appId };
  const canWrite = useCan({ resource: key, action: writer?.name ?? 'list', params, queryOptions: { enabled: !!writer } }).data?.can === true;
  const canRead = useCan({ resource: key, action: reader?.name ?? 'list', params, queryOptions: { enabled: !!reader } }).data?.can === true;
  return commands.filter((c) => (c.method === 'GET' ? canRead : canWrite));
}

const iconOf = (command: CommandDecl) => (command.upload || command.file ? <UploadOutlined /> : command.download ? <DownloadOutlined /> : undefined);

interface Props {
  scope: DeclaredScope;
  commands: ReturnType<typeof useRecordCommands>;
  on: CommandDecl['on'];
  target: CommandTarget;
  /** `menu`: one "more" dropdown (a list row); `buttons`: one button each. */
  variant?: 'buttons' | 'menu';
  onDone?: () => void;
  /** Values the commands' dialogs start with (a child list's parent). */
  defaults?: Record<string, unknown>;
}

/** A resource's declared commands of one kind (`collection`, `selection` or `item`) as buttons or a menu. */
export function CommandButtons({ scope, commands, on, target, variant = 'buttons', onDone, defaults }: Props) {
  const { t, text } = scope;
  const shown = usePermittedCommands(scope, commands.commandsOn(on));
  if (shown.length === 0) return null;
  if (variant === 'menu') {
    return (
      <Dropdown
        trigger={['click']}
        menu={{
          items: shown.map((c) => ({ key: c.name, label: text(c.label), icon: iconOf(c), danger: commandDanger(c) })),
          onClick: ({ key }) => {
            const command = shown.find((c) => c.name === key);
            if (command) commands.command(command, target, onDone, defaults);
          },
        }}
      >
        <Button type="link" size="small" style={{ paddingInline: 4 }} data-testid="row-more">
          {t('engine.more')} <DownOutlined />
        </Button>
      </Dropdown>
    );
  }
  return (
    <>
      {shown.map((c) => (
        <Button key={c.name} icon={iconOf(c)} danger={commandDanger(c)} onClick={() => commands.command(c, target, onDone, defaults)} data-command={c.name}>
          {text(c.label)}
        </Button>
      ))}
    </>
  );
}
