import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Card, Empty, Select, Space, Typography } from 'antd';
import { request } from '../../../providers/http';
import type { AppList, AppRecord } from '../../../providers/types';
import { useLocale } from '../../lib/useLocale';

/** A playground's route with an app put in for its `:appId` (optional or not). */
export const routeWithApp = (route: string, appId: string): string => route.replace(/:appId\??$/, encodeURIComponent(appId));

/** The signed-in user's apps (every app for administrators), as the apps page lists them; undefined while asked. */
function useMyApps(): AppRecord[] | undefined {
  const [apps, setApps] = useState<AppRecord[]>();
  useEffect(() => {
    let live = true;
    void request<AppList>('/api/apps', { query: { count: 9999 }, silent: true }).then((list) => {
      if (live) setApps(list?.Items ?? []);
    });
    return () => {
      live = false;
    };
  }, []);
  return apps;
}

/**
 * Which app the playground calls with: one of the user's own apps, chosen here (the address then names it). An app
 * in the address that is not among them is refused with a message, and nothing is called with it.
 */
export function AppPicker({ route, appId, onMine }: { route: string; appId: string; onMine?: (mine: boolean) => void }) {
  const { t } = useLocale();
  const navigate = useNavigate();
  const apps = useMyApps();
  const mine = !appId || !apps || apps.some((a) => a.AppId === appId);
  useEffect(() => onMine?.(!!apps && !!appId && apps.some((a) => a.AppId === appId)), [apps, appId, onMine]);

  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap align="center">
          <Typography.Text strong>{t('playgrounds.app')}</Typography.Text>
          <Select
            showSearch
            optionFilterProp="label"
            loading={!apps}
            value={appId && mine ? appId : undefined}
            placeholder={t('playgrounds.pickApp')}
            style={{ minWidth: 320 }}
            options={(apps ?? []).map((a) => ({ value: a.AppId, label: `${a.ProjectName} · ${a.OrganizationName}` }))}
            onChange={(id: string) => navigate(routeWithApp(route, id))}
            data-testid="playground-app"
          />
        </Space>
        {apps && apps.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('playgrounds.noApps')}>
            <Link to="/apps/create">{t('playgrounds.createApp')}</Link>
          </Empty>
        )}
        {!mine && <Alert type="error" showIcon message={t('playgrounds.notYours')} data-testid="playground-not-yours" />}
      </Space>
    </Card>
  );
}
