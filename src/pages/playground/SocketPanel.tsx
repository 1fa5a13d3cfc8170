import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Card, Col, Empty, Form, Input, Row, Select, Space, Typography } from 'antd';
import { ApiOutlined, DisconnectOutlined, SendOutlined } from '@ant-design/icons';
import type { JsonSchema, ServiceDecl } from '../../../resources/types';
import type { SocketDecl } from '../../../resources/socket-types';
import { socketUrl } from '../../../resources/socket-types';
import { useLocale } from '../../lib/useLocale';
import { MONO } from './Json';

interface Props {
  service: ServiceDecl;
  name: string;
  socket: SocketDecl;
}

interface Line {
  at: string;
  dir: 'in' | 'out' | 'closed';
  text: string;
}

/** A client message's example: its type and its other fields' first values. */
function exampleOf(type: string, schema: JsonSchema): string {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const body: Record<string, unknown> = { type };
  for (const [k, p] of Object.entries(props)) if (k !== 'type') body[k] = p.type === 'array' ? ['world'] : '';
  return JSON.stringify(body);
}

/**
 * One of the service's declared WebSockets in its playground: the connection's query fields (from the declaration),
 * connect and disconnect, the client messages it declares sent as JSON, and every message and close that came back.
 */
export function SocketPanel({ service, name, socket }: Props) {
  const { t } = useLocale();
  const [form] = Form.useForm<Record<string, string>>();
  const ws = useRef<WebSocket>();
  const [open, setOpen] = useState(false);
  const [lines, setLines] = useState<Line[]>([]);
  const types = Object.keys(socket.clientMessages);
  const [type, setType] = useState(types[0] ?? '');
  const [draft, setDraft] = useState(type ? exampleOf(type, socket.clientMessages[type]) : '');
  const fields = Object.entries(((socket.query?.properties ?? {}) as Record<string, JsonSchema>));
  const required = new Set((socket.query?.required ?? []) as string[]);
  const log = (dir: Line['dir'], text: string) => setLines((l) => [{ at: new Date().toLocaleTimeString(), dir, text }, ...l].slice(0, 200));

  useEffect(() => () => ws.current?.close(), []);

  const connect = (values: Record<string, string>) => {
    ws.current?.close();
    const query = new URLSearchParams(Object.entries(values).filter(([, v]) => v));
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    const conn = new WebSocket(`${scheme}://${window.location.host}${socketUrl(service.base, socket)}?${query}`);
    ws.current = conn;
    conn.onopen = () => setOpen(true);
    conn.onmessage = (e) => log('in', String(e.data));
    conn.onclose = (e) => {
      setOpen(false);
      log('closed', `${e.code} ${socket.closeCodes[e.code] ?? e.reason}`);
    };
  };

  const send = () => {
    if (!ws.current || ws.current.readyState !== WebSocket.OPEN) return;
    ws.current.send(draft);
    log('out', draft);
  };

  return (
    <Card
      title={
        <Space>
          <Badge status={open ? 'success' : 'default'} />
          {t('playgrounds.socket.title', { name })}
          <Typography.Text type="secondary" style={MONO}>
            {socketUrl(service.base, socket)}
          </Typography.Text>
        </Space>
      }
      data-testid={`socket-panel-${name}`}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={9}>
          <Form form={form} layout="vertical" requiredMark={false} onFinish={connect}>
            {fields.map(([key]) => (
              <Form.Item key={key} name={key} label={<code style={MONO}>{key}</code>} rules={[{ required: required.has(key) }]}>
                <Input style={MONO} data-testid={`socket-field-${key}`} />
              </Form.Item>
            ))}
            <Space>
              <Button type="primary" htmlType="submit" icon={<ApiOutlined />} data-testid="socket-connect">
                {t('playgrounds.socket.connect')}
              </Button>
              <Button icon={<DisconnectOutlined />} disabled={!open} onClick={() => ws.current?.close()}>
                {t('playgrounds.socket.disconnect')}
              </Button>
            </Space>
          </Form>
          <Space.Compact style={{ width: '100%', marginTop: 16 }}>
            <Select
              style={{ width: 140 }}
              value={type}
              options={types.map((v) => ({ value: v, label: <code style={MONO}>{v}</code> }))}
              onChange={(v: string) => {
                setType(v);
                setDraft(exampleOf(v, socket.clientMessages[v]));
              }}
            />
            <Input style={MONO} value={draft} onChange={(e) => setDraft(e.target.value)} data-testid="socket-draft" />
            <Button icon={<SendOutlined />} disabled={!open} onClick={send} data-testid="socket-send">
              {t('playgrounds.send')}
            </Button>
          </Space.Compact>
        </Col>
        <Col xs={24} xl={15}>
          {lines.length === 0 ? (
            <Empty description={t('playgrounds.socket.empty')} />
          ) : (
            <div style={{ maxHeight: 360, overflow: 'auto' }} data-testid="socket-log">
              {lines.map((l, i) => (
                <div key={lines.length - i} style={{ ...MONO, fontSize: 12, padding: '2px 0', borderBottom: '1px solid rgba(0,0,0,0.06)' }}>
                  <Typography.Text type="secondary">{l.at} </Typography.Text>
                  <Typography.Text type={l.dir === 'closed' ? 'danger' : l.dir === 'out' ? 'secondary' : undefined}>
                    {t(`playgrounds.socket.${l.dir}`)} {l.text}
                  </Typography.Text>
                </div>
              ))}
            </div>
          )}
        </Col>
      </Row>
    </Card>
  );
}

/** Every socket the service declares, in its playground. */
export function SocketPanels({ service }: { service: ServiceDecl }) {
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {Object.entries(service.sockets ?? {}).map(([name, socket]) => (
        <SocketPanel key={name} service={service} name={name} socket={socket} />
      ))}
    </Space>
  );
}
