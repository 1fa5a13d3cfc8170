import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { fillPath, pathParams, withValues, type PlaygroundExample } from '../../../resources/playground';
import type { ServiceDecl } from '../../../resources/types';
import { useLocale } from '../../lib/useLocale';
import { curlLine } from './curl';
import { METHOD_COLORS } from './ExampleList';
import { MONO } from './Json';
import { ParamField } from './ParamField';
import { parsedBody, requestHeaders, runRequest, withPlayer, type PlaygroundAnswer, type PlaygroundRequest } from './run';

/** The `curl` line of the request as it stands, with the credential it is sent with. */
function useCurl(appId: string, request: PlaygroundRequest, playerToken?: string): string {
  const [line, setLine] = useState('');
  useEffect(() => {
    let live = true;
    requestHeaders(appId, request, playerToken)
      .then((headers) => {
        const body = parsedBody(request.body);
        if (live) setLine(curlLine({ method: request.method, url: `${location.origin}${request.path}`, headers, ...(body === undefined ? {} : { body: request.body }) }));
      })
      .catch(() => live && setLine(''));
    return () => {
      live = false;
    };
  }, [appId, request, playerToken]);
  return line;
}

interface PanelProps {
  service: ServiceDecl;
  example: PlaygroundExample;
  appId: string;
  playerToken?: string;
  /** Values the page knows, put into the example's body fields of the same name. */
  values?: Record<string, string>;
  onAnswer: (answer: PlaygroundAnswer) => void;
}

/**
 * One example call, ready to send: its method, its address (editable, with a field for each path parameter), its
 * JSON body for the calls that take one, who it is sent as, and the same request as a `curl` line.
 */
export function RequestPanel({ service, example, appId, playerToken, values, onAnswer }: PanelProps) {
  const { t } = useLocale();
  const [path, setPath] = useState(example.path);
  const [params, setParams] = useState<Record<string, string>>({});
  // A body field for the calls that declare one (their example starts it), none for the others.
  const [body, setBody] = useState(example.body === undefined ? undefined : JSON.stringify(withValues(example.body, values), null, 2));
  const [busy, setBusy] = useState(false);
  const names = pathParams(path);
  const request = useMemo<PlaygroundRequest>(() => ({ method: example.method, path: fillPath(path, params), caller: example.caller, body }), [example, path, params, body]);
  const curl = useCurl(appId, request, playerToken);
  const bodyError = parsedBody(body) instanceof Error;
  const missing = names.filter((n) => !params[n]?.trim());
  const needsPlayer = withPlayer(example.caller) && !playerToken;

  const send = async () => {
    setBusy(true);
    try {
      onAnswer(await runRequest(appId, request, playerToken));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={t('playgrounds.request')} extra={<Tag>{t(`playgrounds.callers.${example.caller}`)}</Tag>} data-testid="playground-request">
      <Form layout="vertical" requiredMark={false} onFinish={() => void send()}>
        <Form.Item>
          <Space.Compact style={{ width: '100%' }}>
            <Tag color={METHOD_COLORS[example.method]} style={{ display: 'flex', alignItems: 'center', margin: 0, borderRadius: '6px 0 0 6px' }} data-testid="playground-method">
              {example.method}
            </Tag>
            <Input value={path} onChange={(e) => setPath(e.target.value)} style={MONO} spellCheck={false} data-testid="playground-path" />
            <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={busy} disabled={bodyError || missing.length > 0 || needsPlayer} data-testid="playground-send">
              {t('playgrounds.send')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {names.length > 0 && (
          <Form.Item label={t('playgrounds.params')}>
            <Space wrap>
              {names.map((name) => (
                <ParamField
                  key={name}
                  service={service}
                  appId={appId}
                  name={name}
                  resource={example.records?.[name]}
                  value={params[name] ?? ''}
                  onChange={(value) => setParams((p) => ({ ...p, [name]: value }))}
                />
              ))}
            </Space>
          </Form.Item>
        )}
        {body !== undefined && (
          <Form.Item label={t('playgrounds.body')} validateStatus={bodyError ? 'error' : undefined} help={bodyError ? t('playgrounds.bodyInvalid') : undefined}>
            <Input.TextArea value={body} onChange={(e) => setBody(e.target.value)} autoSize={{ minRows: 3, maxRows: 16 }} style={MONO} spellCheck={false} data-testid="playground-body" />
          </Form.Item>
        )}
        {needsPlayer && <Alert type="info" showIcon message={t('playgrounds.needsPlayer')} style={{ marginBottom: 16 }} />}
      </Form>
      {curl && (
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('playgrounds.curl')}</Typography.Text>
          <Typography.Paragraph copyable={{ text: curl, tooltips: [t('playgrounds.copy'), t('playgrounds.copied')] }} style={{ margin: 0 }}>
            <code style={{ ...MONO, fontSize: 12, wordBreak: 'break-all' }} data-testid="playground-curl">
              {curl}
            </code>
          </Typography.Paragraph>
        </Space>
      )}
    </Card>
  );
}
