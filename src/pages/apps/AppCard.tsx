import { useNavigate } from 'react-router';
import { Card, Flex, Tag, Typography } from 'antd';
import { RightOutlined } from '@ant-design/icons';
import { services } from '../../../providers/services';
import type { AppRecord } from '../../../providers/types';
import { isServiceEnabled } from '../../engine/routes';
import { useLocale } from '../../lib/useLocale';

export const ROLE_COLORS: Record<string, string> = { owner: 'gold', admin: 'blue', member: 'default', none: 'red' };

/** The viewer's role in the app's organisation as a tag; administrators who are not members have none. */
export function RoleTag({ role }: { role: string }) {
  const { t } = useLocale();
  const key = role in ROLE_COLORS ? role : 'none';
  return <Tag color={ROLE_COLORS[key]}>{t(`org.apps.roles.${key}`)}</Tag>;
}

/** One app on the apps page: name, organisation, role, enabled services; opens the app's dashboard. */
export function AppCard({ app }: { app: AppRecord }) {
  const { t, text } = useLocale();
  const navigate = useNavigate();
  const enabled = services.filter((s) => isServiceEnabled(app, s));
  const open = () => navigate(`/services/${encodeURIComponent(app.AppId)}`);
  return (
    <Card
      hoverable
      onClick={open}
      onKeyDown={(e) => e.key === 'Enter' && e.target === e.currentTarget && open()}
      tabIndex={0}
      role="link"
      aria-label={app.ProjectName}
      data-testid={`app-${app.AppId}`}
      styles={{ body: { padding: 20 } }}
    >
      <Flex justify="space-between" align="flex-start" gap={8}>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis>
            {app.ProjectName}
          </Typography.Title>
          <Typography.Text type="secondary">{app.OrganizationName}</Typography.Text>
        </div>
        <RoleTag role={app.Role} />
      </Flex>
      <Flex gap={4} wrap style={{ margin: '16px 0 12px', minHeight: 24 }}>
        {enabled.length ? (
          enabled.map((s) => (
            <Tag key={s.name} color="processing">
              {text(s.catalogue.displayName)}
            </Tag>
          ))
        ) : (
          <Typography.Text type="secondary">{t('org.apps.noServices')}</Typography.Text>
        )}
      </Flex>
      {/* The App ID stays on one line (cut with an ellipsis only on a card too narrow for it, the copy button whole);
          the link moves under it when both do not fit. */}
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12, display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: '100%', minWidth: 0, whiteSpace: 'nowrap' }}
          copyable={{ text: app.AppId }}
          onClick={(e) => e.stopPropagation()}
        >
          {t('org.apps.appId')}
          <code title={app.AppId} style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }} data-testid="app-card-id">
            {app.AppId}
          </code>
        </Typography.Text>
        <Typography.Link style={{ marginInlineStart: 'auto', whiteSpace: 'nowrap' }}>
          {t('org.apps.open')} <RightOutlined />
        </Typography.Link>
      </Flex>
    </Card>
  );
}
