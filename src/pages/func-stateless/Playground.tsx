import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Alert, Button, Card, Col, Descriptions, Empty, Input, List, Row, Select, Space, Tag, Typography } from 'antd';
import { CaretRightOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { funcStateless } from '../../../resources/func-stateless';
import type { PageDecl } from '../../../resources/types';
import { PageHeader } from '../../engine/PageHeader';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { Json, MONO } from '../playground/Json';
import { PlaygroundFrame } from '../playground/PlaygroundFrame';

const page = funcStateless.pages!.find((p) => p.component === 'funcStatelessPlayground') as PageDecl;
/** The functions' collection path, as declared. */
const FUNCTIONS = funcStateless.resources.find((r) => r.name === 'functions')!.path;
const STATUS_COLOR: Record<string, string> = { success: 'green', error: 'red', timeout: 'orange', memory: 'volcano' };

interface Fn {
  id: string;
  name: string;
  status: string;
  handler?: string;
  liveVersion?: number;
}
interface Invoked {
  requestId: string;
  version: number;
  status: string;
  result?: unknown;
  error?: string;
  logs: { level: string; message: string; at: string }[];
  durationMs: number;
  memoryBytes: number;
}

const entryOf = (handler = 'index.handler') => `${handler.slice(0, handler.lastIndexOf('.'))}.js`;

/**
 * `/playground/func-stateless/:appId?`: pick one of the app's functions, edit its entry file, deploy it as a new version
 * (PUT scf), invoke it with a JSON event and read its result, console output, duration and memory; then the calls the
 * page declares, as they are sent.
 */
export default function Playground() {
  const { appId = '' } = useParams();
  const { t } = useLocale();
  usePageTitle(t('funcStateless.title'));
  const meta = { service: funcStateless.name, appId };
  const list = useCustom<{ items: Fn[] }>({ url: FUNCTIONS, method: 'get', config: { query: { pageSize: 100 } }, meta, queryOptions: { enabled: !!appId } });
  const functions = useMemo(() => (list.query.data?.data as { items?: Fn[] } | undefined)?.items ?? [], [list.query.data]);
  const [chosen, setChosen] = useState<string>();
  const fn = functions.find((f) => f.id === chosen) ?? functions[0];
  const scf = useCustom<{ files?: Record<string, string>; handler?: string }>({ url: `${FUNCTIONS}/${fn?.id}/scf`, method: 'get', meta, queryOptions: { enabled: !!fn } });
  const live = scf.query.data?.data as { files?: Record<string, string>; handler?: string } | undefined;
  const entry = entryOf(live?.handler ?? fn?.handler);
  const [code, setCode] = useState('');
  const [event, setEvent] = useState('{\n  "name": "Ada"\n}');
  const [answer, setAnswer] = useState<Invoked>();
  const [deployed, setDeployed] = useState<number>();
  const { mutateAsync, mutation } = useCustomMutation();

  useEffect(() => {
    setCode(live?.files?.[entry] ?? "exports.handler = async (event, context) => {\n  console.log('event', event);\n  return { hello: event.name };\n};\n");
    setAnswer(undefined);
  }, [live, entry]);

  const parsedEvent = (() => {
    try {
      return { ok: true as const, value: JSON.parse(event || '{}') as unknown };
    } catch {
      return { ok: false as const };
    }
  })();

  const call = async (url: string, method: 'post' | 'put', values: object) => {
    try {
      return (await mutateAsync({ url, method, values, meta, successNotification: false })).data;
    } catch {
      return undefined; // The HTTP client has shown what went wrong.
    }
  };
  const deploy = async () => {
    const version = (await call(`${FUNCTIONS}/${fn!.id}/scf`, 'put', { files: { ...(live?.files ?? {}), [entry]: code }, description: t('funcStateless.fromPlayground') })) as { number?: number } | undefined;
    if (version?.number) {
      setDeployed(version.number);
      void list.query.refetch();
      void scf.query.refetch();
    }
  };
  const invoke = async () => {
    if (!parsedEvent.ok) return;
    const done = (await call(`${FUNCTIONS}/${fn!.id}/invoke`, 'post', { event: parsedEvent.value })) as Invoked | undefined;
    if (done) setAnswer(done);
  };

  return (
    <>
      <PageHeader title={t('funcStateless.title')} subtitle={t('funcStateless.subtitle')} />
      <PlaygroundFrame service={funcStateless} page={page} appId={appId}>
        {!functions.length ? (
          <Alert type="info" showIcon message={t('funcStateless.noFunctions')} style={{ marginBottom: 16 }} />
        ) : (
          <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
            <Col xs={24} xl={14}>
              <Card
                title={t('funcStateless.code')}
                extra={
                  <Select
                    data-testid="func-picker"
                    style={{ minWidth: 220 }}
                    value={fn?.id}
                    onChange={setChosen}
                    options={functions.map((f) => ({ value: f.id, label: `${f.name}${f.liveVersion ? ` · v${f.liveVersion}` : ''}` }))}
                  />
                }
              >
                <Typography.Text type="secondary">{entry}</Typography.Text>
                <Input.TextArea data-testid="func-code" value={code} onChange={(e) => setCode(e.target.value)} autoSize={{ minRows: 12, maxRows: 30 }} style={{ ...MONO, marginTop: 8 }} spellCheck={false} />
                <Space style={{ marginTop: 12 }}>
                  <Button icon={<CloudUploadOutlined />} onClick={() => void deploy()} loading={mutation.isPending} data-testid="func-deploy">
                    {t('funcStateless.deploy')}
                  </Button>
                  {deployed && <Tag color="blue">{t('funcStateless.deployed', { version: deployed })}</Tag>}
                </Space>
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card title={t('funcStateless.event')}>
                <Input.TextArea data-testid="func-event" value={event} onChange={(e) => setEvent(e.target.value)} autoSize={{ minRows: 4, maxRows: 12 }} style={MONO} spellCheck={false} status={parsedEvent.ok ? undefined : 'error'} />
                {!parsedEvent.ok && <Typography.Text type="danger">{t('funcStateless.eventInvalid')}</Typography.Text>}
                <Button type="primary" icon={<CaretRightOutlined />} block style={{ marginTop: 12 }} onClick={() => void invoke()} loading={mutation.isPending} disabled={!parsedEvent.ok || fn?.status !== 'active'} data-testid="func-invoke">
                  {t('funcStateless.invoke')}
                </Button>
                {fn?.status !== 'active' && <Typography.Text type="secondary">{t('funcStateless.notActive')}</Typography.Text>}
              </Card>
              <Card title={t('funcStateless.result')} style={{ marginTop: 16 }} data-testid="func-result">
                {!answer ? (
                  <Empty description={t('funcStateless.notRun')} />
                ) : (
                  <>
                    <Descriptions size="small" column={2}>
                      <Descriptions.Item label={t('funcStateless.status')}>
                        <Tag color={STATUS_COLOR[answer.status]}>{t(`funcStateless.statuses.${answer.status}`)}</Tag>
                      </Descriptions.Item>
                      <Descriptions.Item label={t('funcStateless.version')}>v{answer.version}</Descriptions.Item>
                      <Descriptions.Item label={t('funcStateless.duration')}>{answer.durationMs} ms</Descriptions.Item>
                      <Descriptions.Item label={t('funcStateless.memory')}>{(answer.memoryBytes / 1e6).toFixed(1)} MB</Descriptions.Item>
                    </Descriptions>
                    {answer.error ? <Alert type="error" message={answer.error} /> : <Json value={answer.result} testId="func-answer" />}
                    <List
                      size="small"
                      header={t('funcStateless.logs')}
                      dataSource={answer.logs}
                      locale={{ emptyText: t('funcStateless.noLogs') }}
                      renderItem={(l) => (
                        <List.Item style={MONO}>
                          <Tag color={l.level === 'error' ? 'red' : l.level === 'warn' ? 'orange' : 'default'}>{l.level}</Tag>
                          {l.message}
                        </List.Item>
                      )}
                    />
                  </>
                )}
              </Card>
            </Col>
          </Row>
        )}
      </PlaygroundFrame>
    </>
  );
}
