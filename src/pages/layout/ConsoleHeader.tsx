import { Link } from 'react-router';
import { Breadcrumb, Button, Flex, Layout, Typography, theme } from 'antd';
import { ApiOutlined, AppstoreOutlined } from '@ant-design/icons';
import { API_REFERENCE_PATH } from '../../../resources/api-reference';
import type { AppRecord } from '../../../providers/types';
import { useLocale } from '../../lib/useLocale';
import { AssistantButton } from '../assistant/AssistantButton';
import { Brand } from './Brand';
import { LanguageSwitch } from './LanguageSwitch';
import { ConsoleNav } from './ConsoleNav';
import { UserMenu } from './UserMenu';

/** The bar above every signed-in page: where you are (the app and its organisation), the API reference, language, account. */
export function ConsoleHeader({ app }: { app?: AppRecord }) {
  const { token } = theme.useToken();
  const { t } = useLocale();
  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        height: 56,
        lineHeight: '56px',
        paddingInline: app ? 24 : 16,
        position: 'sticky',
        top: 0,
        zIndex: 20,
      }}
    >
      <Flex justify="space-between" align="center" style={{ height: '100%' }}>
        {app ? (
          <Breadcrumb
            items={[
              {
                title: (
                  <Link to="/apps">
                    <AppstoreOutlined /> {t('apps.allApps')}
                  </Link>
                ),
              },
              {
                title: (
                  // One line in the header bar: long names are cut, whole on pointing.
                  <span
                    data-testid="current-app"
                    title={`${app.ProjectName} · ${app.OrganizationName}`}
                    style={{ display: 'inline-block', maxWidth: '40vw', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}
                  >
                    <Typography.Text strong>{app.ProjectName}</Typography.Text>
                    <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                      {app.OrganizationName}
                    </Typography.Text>
                  </span>
                ),
              },
            ]}
          />
        ) : (
          <Flex align="center" gap={24} style={{ flex: 1, minWidth: 0 }}>
            <Brand />
            <ConsoleNav />
          </Flex>
        )}
        <Flex align="center" gap={4}>
          <Button type="text" href={`${API_REFERENCE_PATH}/`} target="_blank" icon={<ApiOutlined />} data-testid="api-reference-link">
            {t('shell.apiReference')}
          </Button>
          <AssistantButton />
          <LanguageSwitch />
          <UserMenu />
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
