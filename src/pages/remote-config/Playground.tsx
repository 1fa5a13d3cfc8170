import { useState } from 'react';
import { useParams } from 'react-router';
import { AutoComplete, Button, Card, Col, Collapse, DatePicker, Empty, Form, Input, Row } from 'antd';
import { CaretRightOutlined } from '@ant-design/icons';
import { useCustomMutation } from '@refinedev/core';
import type { Dayjs } from 'dayjs';
import { remoteConfig } from '../../../resources/config';
import type { PageDecl } from '../../../resources/types';
import { PageHeader } from '../../engine/PageHeader';
import { fromShanghaiWallTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { PlaygroundFrame } from '../playground/PlaygroundFrame';
import { parseExtra, simulationBody, type PlayerInput, type Simulation } from './simulation';
import { SimulationResult } from './SimulationResult';
import { UsagePanel } from './UsagePanel';

const MONO: React.CSSProperties = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const COUNTRIES = ['CN', 'HK', 'TW', 'JP', 'KR', 'SG', 'US', 'GB', 'DE', 'FR', 'BR', 'IN'];
const PLATFORMS = ['Android', 'Ios', 'Windows', 'ServerSide'];

type FormValues = Omit<PlayerInput, 'at'> & { at?: Dayjs | null };

const playgroundPage = remoteConfig.pages!.find((p) => p.component === 'remoteConfigPlayground') as PageDecl;

const storageKey = (appId: string) => `lodestar.playground.remote-config.${appId}`;

function remembered(appId: string): FormValues {
  try {
    return JSON.parse(localStorage.getItem(storageKey(appId)) ?? '{}') as FormValues;
  } catch {
    return {};
  }
}

/**
 * `/playground/remote-config/:appId`: a player context in, the values that player gets out, with the reason
 * each override applied or not. Runs the service's own evaluation (POST /settings/simulate); then the calls the page
 * declares (the player fetch, the simulation, reading the configs and overrides) as they are sent.
 */
export default function Playground() {
  const { appId = '' } = useParams();
  const { t } = useLocale();
  usePageTitle(t('playground.title'));
  const [form] = Form.useForm<FormValues>();
  const [result, setResult] = useState<Simulation>();
  const [sent, setSent] = useState<object>();
  const [runs, setRuns] = useState(0);
  const { mutateAsync, mutation } = useCustomMutation<Simulation>();

  const run = async (values: FormValues) => {
    const { at, ...rest } = values;
    const body = simulationBody({ ...rest, at: at ? fromShanghaiWallTime(at) : undefined });
    if (!body) return;
    try {
      const answer = await mutateAsync({
        url: '/settings/simulate',
        method: 'post',
        values: body,
        meta: { service: 'remote-config', appId },
        successNotification: false,
        errorNotification: false,
      });
      setResult(answer.data);
      setSent(body);
      setRuns((n) => n + 1);
      localStorage.setItem(storageKey(appId), JSON.stringify(rest));
    } catch {
      // The HTTP client has shown what went wrong.
    }
  };

  return (
    <>
      <PageHeader title={t('playground.title')} subtitle={t('playground.subtitle')} />
      <PlaygroundFrame service={remoteConfig} page={playgroundPage} appId={appId}>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={9}>
            <Card title={t('playground.context')}>
              <Form<FormValues> form={form} layout="vertical" initialValues={remembered(appId)} onFinish={(v) => void run(v)} requiredMark={false}>
                <Form.Item name="playerId" label={t('playground.playerId')} extra={t('playground.playerIdHint')}>
                  <Input placeholder="player-1001" autoFocus style={MONO} />
                </Form.Item>
                <Row gutter={12}>
                  <Col span={12}>
                    <Form.Item name="country" label={t('playground.country')}>
                      <AutoComplete options={COUNTRIES.map((c) => ({ value: c }))} placeholder="CN" allowClear />
                    </Form.Item>
                  </Col>
                  <Col span={12}>
                    <Form.Item name="platform" label={t('playground.platform')}>
                      <AutoComplete options={PLATFORMS.map((p) => ({ value: p }))} placeholder="Android" allowClear />
                    </Form.Item>
                  </Col>
                </Row>
                <Form.Item name="appVersion" label={t('playground.appVersion')}>
                  <Input placeholder="1.2.0" style={MONO} />
                </Form.Item>
                <Form.Item
                  name="extra"
                  label={t('playground.extra')}
                  extra={t('playground.extraHint')}
                  rules={[{ validator: (_, v: string | undefined) => (parseExtra(v) ? Promise.resolve() : Promise.reject(new Error(t('playground.extraInvalid')))) }]}
                >
                  <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} style={MONO} placeholder='{"user": {"level": 12}}' spellCheck={false} />
                </Form.Item>
                <Form.Item name="at" label={t('playground.at')} extra={t('playground.atHint')}>
                  <DatePicker showTime={{ format: 'HH:mm:ss' }} format="YYYY-MM-DD HH:mm:ss" style={{ width: '100%' }} />
                </Form.Item>
                <Button type="primary" htmlType="submit" icon={<CaretRightOutlined />} loading={mutation.isPending} block>
                  {t('playground.run')}
                </Button>
              </Form>
              {sent && (
                <Collapse
                  ghost
                  size="small"
                  style={{ marginTop: 12 }}
                  items={[
                    {
                      key: 'sent',
                      label: t('playground.request'),
                      children: <pre style={{ ...MONO, margin: 0, fontSize: 12, whiteSpace: 'pre-wrap' }}>{JSON.stringify(sent, null, 2)}</pre>,
                    },
                  ]}
                />
              )}
            </Card>
          </Col>
          <Col xs={24} xl={15}>
            {result ? (
              <SimulationResult result={result} />
            ) : (
              <Card>
                <Empty description={t('playground.notRun')} />
              </Card>
            )}
          </Col>
        </Row>
      </PlaygroundFrame>
      <div style={{ marginTop: 16 }}>
        <UsagePanel appId={appId} refreshKey={runs} />
      </div>
    </>
  );
}
