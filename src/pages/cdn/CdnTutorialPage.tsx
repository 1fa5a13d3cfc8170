import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Card, Empty, Form, Select, Skeleton, Space, Typography } from 'antd';
import { useList, type BaseRecord } from '@refinedev/core';
import { contentUrl } from '../../../resources/cdn/delivery';
import { CDN_ROUTES } from '../../../resources/cdn/resources';
import { useLocale } from '../../lib/useLocale';
import { cdnResource, cdnService } from './cdn-api';

/** Every record of a list of the service, for choosing one (a bucket's only when `parentId` is known). */
function useAll(appId: string, name: 'buckets' | 'badges' | 'entries', parentId?: string | null) {
  const waits = parentId === null;
  const { result, query } = useList<BaseRecord>({
    resource: cdnResource(name),
    pagination: { mode: 'off' },
    meta: { appId, ...(parentId ? { parentId } : {}) },
    dataProviderName: cdnService.convention,
    queryOptions: { enabled: !!appId && !waits },
    errorNotification: false,
  });
  return { rows: waits ? [] : result.data, loading: !waits && query.isLoading };
}

const Code = ({ children, testId }: { children: string; testId: string }) => (
  <Typography.Paragraph copyable={{ text: children }} data-testid={testId}>
    <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{children}</pre>
  </Typography.Paragraph>
);

/**
 * The service's tutorial (spec 001 route `asset/bucket/tutorial`): the user's own bucket, a badge and an entry chosen
 * from their records, and how a client fetches that entry by badge — the address the server delivers at, built by
 * the same function the server's delivery route is declared with.
 */
export default function CdnTutorialPage() {
  const { t } = useLocale();
  const { appId = '' } = useParams();
  const [chosen, setChosen] = useState<{ bucket?: string; badge?: string; path?: string }>({});
  const buckets = useAll(appId, 'buckets');
  const bucket = buckets.rows.find((b) => String(b.id) === chosen.bucket) ?? buckets.rows[0];
  const bucketId = bucket ? String(bucket.id) : null;
  const badges = useAll(appId, 'badges', bucketId);
  const entries = useAll(appId, 'entries', bucketId);
  const badge = chosen.badge ?? String(badges.rows[0]?.name ?? 'latest');
  const path = chosen.path ?? String(entries.rows[0]?.path ?? 'index.json');

  if (buckets.loading) return <Skeleton active />;
  const url = bucketId ? `${window.location.origin}${contentUrl(cdnService.base, bucketId, { badge }, path)}` : '';
  const tokenNote = bucket?.private ? '?token=<access-token>' : '';
  const curl = `curl -i "${url}${tokenNote}"`;
  const client = `const res = await fetch("${url}${tokenNote}");\n// The release the badge points at now: pin it for the rest of the session.\nconst releaseId = res.headers.get("X-Release-Id");\nconst bytes = new Uint8Array(await res.arrayBuffer());`;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="cdn-tutorial">
      <Typography.Title level={3}>{t('cdnConsole.tutorial.title')}</Typography.Title>
      <Typography.Paragraph>{t('cdnConsole.tutorial.intro')}</Typography.Paragraph>
      {!bucketId ? (
        <Empty description={t('cdnConsole.tutorial.noBucket')}>
          <Link to={`/services/${appId}/${CDN_ROUTES.buckets}`}>{t('cdnConsole.tutorial.createBucket')}</Link>
        </Empty>
      ) : (
        <>
          <Card title={t('cdnConsole.tutorial.choose')}>
            <Form layout="vertical">
              <Form.Item label={t('cdnConsole.tutorial.bucket')}>
                <Select data-testid="cdn-tutorial-bucket" value={bucketId} onChange={(v: string) => setChosen({ bucket: v })} options={buckets.rows.map((b) => ({ value: String(b.id), label: `${String(b.name)} (${String(b.id)})` }))} />
              </Form.Item>
              <Form.Item label={t('cdnConsole.tutorial.badge')}>
                <Select data-user-text value={badge} onChange={(v: string) => setChosen((c) => ({ ...c, badge: v }))} options={badges.rows.map((b) => ({ value: String(b.name), label: String(b.name) }))} notFoundContent={t('cdnConsole.tutorial.noBadge')} />
              </Form.Item>
              <Form.Item label={t('cdnConsole.tutorial.entry')}>
                <Select data-user-text showSearch value={path} onChange={(v: string) => setChosen((c) => ({ ...c, path: v }))} options={entries.rows.map((e) => ({ value: String(e.path), label: String(e.path) }))} notFoundContent={t('cdnConsole.tutorial.noEntry')} />
              </Form.Item>
            </Form>
            <Typography.Text>{t('cdnConsole.tutorial.bucketId')} </Typography.Text>
            <Typography.Text code copyable data-testid="cdn-tutorial-bucket-id">
              {bucketId}
            </Typography.Text>
          </Card>
          {badges.rows.length === 0 ? <Alert type="info" showIcon message={t('cdnConsole.tutorial.releaseFirst')} /> : null}
          {bucket?.private ? <Alert type="warning" showIcon message={t('cdnConsole.tutorial.private')} /> : null}
          <Card title={t('cdnConsole.tutorial.fetch')}>
            <Typography.Paragraph>{t('cdnConsole.tutorial.fetchIntro')}</Typography.Paragraph>
            <Code testId="cdn-tutorial-curl">{curl}</Code>
            <Typography.Paragraph>{t('cdnConsole.tutorial.clientIntro')}</Typography.Paragraph>
            <Code testId="cdn-tutorial-client">{client}</Code>
            <Typography.Paragraph type="secondary">{t('cdnConsole.tutorial.rollback')}</Typography.Paragraph>
          </Card>
        </>
      )}
    </Space>
  );
}
