import { useMemo, useState } from 'react';
import { Button, Card, Tabs } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { PageHeader } from '../../../engine/PageHeader';
import { useLocale } from '../../../lib/useLocale';
import { usePageTitle } from '../../../lib/usePageTitle';
import { HistoryFilters, toHistoryQuery, type HistoryFilterValue } from '../../ops/HistoryFilters';
import { HistoryTable } from '../../ops/HistoryTable';
import { MonitorsPanel } from './MonitorsPanel';
import { SendMailDialog } from './SendMailDialog';

/** `/admin/history`: the whole operation history with every filter, and the alert webhooks. */
export default function HistoryAdminPage() {
  const { t } = useLocale();
  usePageTitle(t('ops.history.title'));
  const [filters, setFilters] = useState<HistoryFilterValue>({});
  const [mailing, setMailing] = useState(false);
  const filter = useMemo(() => toHistoryQuery(filters), [filters]);

  return (
    <>
      <PageHeader
        title={t('ops.history.title')}
        subtitle={t('ops.history.subtitle')}
        extra={
          <Button icon={<MailOutlined />} onClick={() => setMailing(true)} data-testid="send-mail">
            {t('ops.mail.send')}
          </Button>
        }
      />
      <Card>
        <Tabs
          destroyOnHidden
          items={[
            {
              key: 'history',
              label: t('ops.history.title'),
              children: (
                <>
                  <HistoryFilters value={filters} onChange={setFilters} admin />
                  <HistoryTable filter={filter} showApp />
                </>
              ),
            },
            { key: 'monitors', label: t('ops.monitors.tab'), children: <MonitorsPanel /> },
          ]}
        />
      </Card>
      <SendMailDialog open={mailing} onClose={() => setMailing(false)} />
    </>
  );
}
