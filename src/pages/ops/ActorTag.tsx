import { Space, Tag, Typography } from 'antd';
import { useLocale } from '../../lib/useLocale';
import { splitActor } from './diff';

const KIND_COLORS: Record<string, string> = { user: 'blue', admin: 'red', service: 'purple', app: 'cyan', guest: 'default', finance: 'gold' };

/** An actor as its kind (a coloured tag) and identity. */
export function ActorTag({ actor }: { actor: string }) {
  const { t } = useLocale();
  const { kind, who } = splitActor(actor);
  return (
    <Space size={4}>
      {kind && <Tag color={KIND_COLORS[kind] ?? 'default'}>{t(`ops.history.kinds.${kind}`, { defaultValue: kind })}</Tag>}
      {/* Who acted: an account's e-mail, an app's id, a process's name (user data, see FieldValue). */}
      <Typography.Text data-user-text>{who}</Typography.Text>
    </Space>
  );
}
