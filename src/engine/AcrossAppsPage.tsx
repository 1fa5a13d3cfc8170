import { useEffect, useRef, useState } from 'react';
import { Button, Card, Col, Flex, Row, Statistic, Tabs, Tag } from 'antd';
import { useList } from '@refinedev/core';
import type { ResourceDecl, ServiceDecl, Text } from '../../resources/types';
import { acrossAppsTotalsPath, totalsView, type AcrossAppsTotals, type AppTotals } from '../../resources/across-apps';
import type { DeclaredResource } from '../../providers/declarations';
import { iconOf } from '../lib/icons';
import { formatSize } from '../lib/format';
import { useLocale } from '../lib/useLocale';
import { usePageTitle } from '../lib/usePageTitle';
import { AcrossAppsUsage } from './AcrossAppsUsage';
import { PageHeader } from './PageHeader';
import { ResourceTable } from './ResourceTable';
import { fieldTitle, inSentence, propertyOf } from './schema';
import { useAnswerRows } from './useAnswerRows';
import { ViewTable } from './ViewTable';

interface Entry {
  /** The app-scoped resource listed across apps (`ResourceDecl.acrossApps`). */
  res: ResourceDecl;
  /** The same list as the platform's resource the engine's table shows (`acrossAppsResource`). */
  declared: DeclaredResource;
}

/**
 * A back-office page of app-scoped resources across every app (`ResourceDecl.acrossApps`), one per tab when several
 * share it: for each, how many records there are and what they sum to in all and per app, then the engine's table
 * of every app's records with their app and organisation, the declared filters, sorts and search, and an
 * administrator's delete and actions; then, when declared, the service's usage per app (`AcrossAppsUsage`).
 */
export function AcrossAppsPage({ service, title: declaredTitle, entries }: { service: ServiceDecl; title: Text; entries: Entry[] }) {
  const { t, text, locale } = useLocale();
  const title = text(declaredTitle);
  usePageTitle(title);
  const storage = entries.some(({ res }) => res.acrossApps?.storage);
  const usage = entries.find(({ res }) => res.acrossApps?.usage);
  const names = new Intl.ListFormat(locale, { type: 'conjunction' }).format(entries.map(({ res }) => inSentence(text(res.label), locale)));
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t(storage ? 'ops.acrossApps.subtitle' : 'ops.acrossApps.subtitleOf', { name: names })}
        tags={
          <Tag icon={iconOf(service.catalogue.icon)} data-testid="across-apps-service">
            {t('ops.belongsTo.backend', { service: text(service.catalogue.displayName) })}
          </Tag>
        }
      />
      {entries.length === 1 && !usage ? (
        <AcrossAppsLists service={service} {...entries[0]} />
      ) : (
        <Tabs
          items={[
            ...entries.map((e) => ({ key: e.res.name, label: text(e.res.label), children: <AcrossAppsLists service={service} {...e} /> })),
            // The service's usage per app (`acrossApps.usage`), after its records.
            ...(usage ? [{ key: 'usage', label: t('ops.acrossApps.usage'), children: <AcrossAppsUsage service={service} owner={usage.res} /> }] : []),
          ]}
        />
      )}
    </>
  );
}

/** One resource across apps: its totals in all and per app (choosing an app narrows the list), and its list. */
function AcrossAppsLists({ service, res, declared }: Entry & { service: ServiceDecl }) {
  const { t, text, locale } = useLocale();
  const title = text(res.label);
  const sums = res.acrossApps?.sums ?? [];
  const view = totalsView(res);
  const { answer: totals, read: query, rowsOf } = useAnswerRows<AcrossAppsTotals>(service, `${service.base}${acrossAppsTotalsPath(res)}`);
  // The totals are read again when the list's count changes (a delete from the table).
  const { result: listed } = useList({ resource: declared.key, meta: { service: service.name, resource: declared.decl.name }, dataProviderName: service.convention, pagination: { currentPage: 1, pageSize: 1 } });
  const counted = useRef<number>(undefined);
  const { refetch } = query;
  useEffect(() => {
    if (listed.total === undefined) return;
    if (counted.current !== undefined && counted.current !== listed.total) void refetch();
    counted.current = listed.total;
  }, [listed.total, refetch]);
  const storage = res.acrossApps?.storage;
  // One app's records only, chosen in the totals (the list's app filter, fixed while chosen).
  const [app, setApp] = useState<AppTotals>();

  return (
    <Flex vertical gap={16}>
      <Card data-testid={`across-apps-totals-${res.name}`}>
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Statistic title={t('ops.acrossApps.apps')} value={totals?.all.apps ?? '-'} loading={query.isLoading} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={title} value={totals?.all.count ?? '-'} loading={query.isLoading} />
          </Col>
          {sums.map((f) => (
            <Col key={f} xs={12} md={6}>
              <Statistic
                title={f === storage ? t('ops.acrossApps.storage') : fieldTitle(propertyOf(res.schema, f), f, locale)}
                value={totals ? (f === storage ? formatSize(totals.all[f]) : totals.all[f]) : '-'}
                loading={query.isLoading}
              />
            </Col>
          ))}
        </Row>
        <div style={{ marginTop: 16 }}>
          <ViewTable
            service={service}
            owner={res}
            view={view}
            appId=""
            state={rowsOf(totals?.items)}
            actions={{
              width: 140,
              render: (row) => (
                <Button type="link" size="small" onClick={() => setApp(row as AppTotals)} disabled={app?.appId === row.appId}>
                  {t('ops.acrossApps.onlyApp')}
                </Button>
              ),
            }}
          />
        </div>
      </Card>
      <Card
        title={app ? t('ops.acrossApps.filesOf', { name: inSentence(title, locale), app: app.appName }) : t('ops.acrossApps.files', { name: inSentence(title, locale) })}
        extra={app && <Button onClick={() => setApp(undefined)}>{t('ops.acrossApps.allApps')}</Button>}
        data-testid={`across-apps-${res.name}`}
      >
        <ResourceTable key={app?.appId ?? ''} declared={declared} fixed={app && { field: 'appId', value: app.appId }} />
      </Card>
    </Flex>
  );
}
