import { useState, type ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';
import { actionCall, actionUrl, confirmText, offeredActions } from '../../resources/action-call';
import type { PlatformEntityDecl } from '../../resources/platform-entities';
import type { ActionDecl, Principal } from '../../resources/types';
import { requireOk } from '../../providers/http';
import { useLocale } from '../lib/useLocale';

interface Props<R extends object> {
  entity: PlatformEntityDecl;
  record: R;
  /** Who the viewer is: only the actions whose `access` names one of these are offered. */
  principals: readonly Principal[];
  /** A rule of the page beyond the declaration (a member cancels deposits only). */
  when?: (action: ActionDecl) => boolean;
  /** `link`: small link buttons in a table row; `buttons`: buttons on a card, the first safe one primary. */
  variant: 'link' | 'buttons';
  icons?: Partial<Record<string, ReactNode>>;
  testId: (action: ActionDecl) => string;
  /** The confirmation's dismiss button, when the page names it. */
  cancelText?: string;
  /** After a call, whether it went through (a refusal has already been shown by the HTTP client). */
  onSettled: (action: ActionDecl, ok: boolean) => void;
}

/**
 * A platform entity's state actions on one record, from its declaration: offered only from the states an action
 * starts from and to the principals it names, confirmed with its declared question, and called at the address
 * `actionCall` gives — the same the server mounts.
 */
export function EntityActions<R extends object>({ entity, record, principals, when, variant, icons, testId, cancelText, onSettled }: Props<R>) {
  const { text } = useLocale();
  const [busy, setBusy] = useState<string>();
  const offered = offeredActions(entity, record, principals, when);

  async function run(action: ActionDecl) {
    const call = actionCall(entity, action);
    setBusy(action.name);
    const id = String((record as Record<string, unknown>)[entity.idField]);
    const ok = await requireOk(actionUrl(entity.path, id, call), { method: call.method }).then(
      () => true,
      () => false,
    );
    setBusy(undefined);
    onSettled(action, ok);
  }

  const firstSafe = offered.find((a) => !a.danger);
  return offered.map((action) => {
    const button = (
      <Button
        key={action.name}
        {...(variant === 'link' ? { type: 'link', size: 'small' } : { type: action === firstSafe ? 'primary' : 'default' })}
        danger={action.danger}
        icon={icons?.[action.name]}
        loading={busy === action.name}
        data-testid={testId(action)}
        onClick={action.confirm ? undefined : () => void run(action)}
      >
        {text(action.label)}
      </Button>
    );
    if (!action.confirm) return button;
    return (
      <Popconfirm
        key={action.name}
        title={confirmText(text(action.confirm), record)}
        okText={text(action.label)}
        okButtonProps={{ danger: action.danger }}
        cancelText={cancelText}
        onConfirm={() => run(action)}
      >
        {button}
      </Popconfirm>
    );
  });
}
