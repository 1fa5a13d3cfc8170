import { Typography } from 'antd';
import { historyActionLabel } from '../../../resources/history-labels';
import { useLocale } from '../../lib/useLocale';

/**
 * An operation's action as its declared label in the user's language (the code on hover, and beside it with
 * `withCode`, for the action filter); a code with no declaration is shown as it is.
 */
export function ActionLabel({ action, withCode }: { action: string; withCode?: boolean }) {
  const { text } = useLocale();
  const label = historyActionLabel(action);
  if (!label) return <Typography.Text code>{action}</Typography.Text>;
  return (
    <span title={action} data-action={action}>
      {text(label)}
      {withCode && (
        <Typography.Text code copyable style={{ marginInlineStart: 8 }}>
          {action}
        </Typography.Text>
      )}
    </span>
  );
}
