import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, Row, Select, Space, Tag, Typography } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import type { PageDecl } from '../../../resources/types';
import { passport } from '../../../resources/passport';
import { PLAYERS_ROUTES } from '../../../resources/passport/players';
import { PageHeader } from '../../engine/PageHeader';
import { listPathOf, showPathOf } from '../../engine/routes';
import { enumOptions, propertyOf } from '../../engine/schema';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { Json, MONO } from '../playground/Json';
import { PlaygroundFrame } from '../playground/PlaygroundFrame';
import { Standalone } from '../playground/Standalone';
import { PASSPORT_BASE, passportCall, usePassportQuery } from './passport-api';

interface FormValues {
  realmId: string;
  externalId: string;
  nickname?: string;
  platform: string;
}

interface SignedIn {
  token: string;
  expiresAt: string;
  user: Record<string, unknown> & { id: string; name: string; version: number };
}

const usersDecl = passport.resources.find((r) => r.name === 'users')!;
const realmsDecl = passport.resources.find((r) => r.name === 'realms')!;
const playgroundPage = passport.pages!.find((p) => p.route === PLAYERS_ROUTES.playground) as PageDecl;

/**
 * `/playground/passport/:appId?`: signs a test player in server-side with the app credential (POST /login/external,
 * method ServerSide), shows the player token, and offers the calls the page declares — a player's (GET /sdk/me
 * first) with that token, the game server's with the app credential — the same calls a game makes.
 */
export default function PlayersPlayground() {
  const { appId = '' } = useParams();
  const { t, locale } = useLocale();
  usePageTitle(t('passportPlayers.playground.title'));
  const [form] = Form.useForm<FormValues>();
  const [signedIn, setSignedIn] = useState<SignedIn>();
  const [sent, setSent] = useState<object>();
  const [busy, setBusy] = useState(false);
  const realms = usePassportQuery<{ total: number; realms: { id: string; name: string; region?: string }[] }>(appId, appId ? '/realms/search' : undefined, {
    payload: { count: 200, start: 0, status: 'Open', sort: 'name', order: 'asc' },
  });

  if (!appId) {
    return (
      <Standalone appId={appId}>
        <PageHeader title={t('passportPlayers.playground.title')} subtitle={t('passportPlayers.playground.subtitle')} />
        <PlaygroundFrame service={passport} page={playgroundPage} appId={appId} />
      </Standalone>
    );
  }

  const signIn = async (values: FormValues) => {
    const body = { method: 'ServerSide', platform: values.platform, realmId: values.realmId, externalId: values.externalId.trim(), ...(values.nickname?.trim() ? { nickname: values.nickname.trim() } : {}) };
    setBusy(true);
    try {
      const answer = await passportCall<SignedIn>(appId, 'POST', '/login/external', body);
      setSignedIn(answer);
      setSent(body);
    } catch {
      // The shared toast said why (a realm in maintenance, a banned player…).
    } finally {
      setBusy(false);
    }
  };

  const openRealms = realms.data?.realms ?? [];
  const userPath = signedIn && showPathOf(usersDecl, appId, signedIn.user.id);
  // The realm the test player signed in to: a persona created from the examples is made there.
  const playerRealm = sent && 'realmId' in sent ? { realmId: String(sent.realmId) } : undefined;
  const platforms = enumOptions(propertyOf(usersDecl.schema, 'platform'), locale);

  return (
    <>
      <PageHeader title={t('passportPlayers.playground.title')} subtitle={t('passportPlayers.playground.subtitle')} />
      <PlaygroundFrame service={passport} page={playgroundPage} appId={appId} playerToken={signedIn?.token} values={playerRealm}>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={9}>
            <Card title={t('passportPlayers.playground.signIn')}>
              {!realms.loading && openRealms.length === 0 && (
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginBottom: 16 }}
                  message={t('passportPlayers.playground.noOpenRealm')}
                  action={<Link to={listPathOf(realmsDecl, appId) ?? `/services/${appId}/${PLAYERS_ROUTES.realms}`}>{t('passportPlayers.playground.goRealms')}</Link>}
                />
              )}
              <Form<FormValues> form={form} layout="vertical" requiredMark={false} initialValues={{ platform: 'ServerSide', externalId: 'test-player-1' }} onFinish={(v) => void signIn(v)}>
                <Form.Item name="realmId" label={t('passportPlayers.playground.realm')} rules={[{ required: true, message: t('passportPlayers.playground.realmPlaceholder') }]}>
                  <Select
                    loading={realms.loading}
                    placeholder={t('passportPlayers.playground.realmPlaceholder')}
                    options={openRealms.map((r) => ({ value: r.id, label: r.region ? `${r.name} · ${r.region}` : r.name }))}
                    data-testid="playground-realm"
                  />
                </Form.Item>
                <Form.Item name="externalId" label={t('passportPlayers.playground.externalId')} extra={t('passportPlayers.playground.externalIdHint')} rules={[{ required: true, whitespace: true, max: 128 }]}>
                  <Input style={MONO} maxLength={128} data-testid="playground-external-id" />
                </Form.Item>
                <Form.Item name="nickname" label={t('passportPlayers.playground.nickname')} extra={t('passportPlayers.playground.nicknameHint')} rules={[{ max: 64 }]}>
                  <Input maxLength={64} />
                </Form.Item>
                <Form.Item name="platform" label={t('passportPlayers.playground.platform')}>
                  <Select options={platforms} />
                </Form.Item>
                <Button type="primary" htmlType="submit" icon={<LoginOutlined />} loading={busy} block data-testid="playground-sign-in">
                  {t('passportPlayers.playground.signIn')}
                </Button>
              </Form>
              {sent && (
                <div style={{ marginTop: 16 }}>
                  <Typography.Text type="secondary">{t('passportPlayers.playground.request')} · POST {PASSPORT_BASE}/login/external</Typography.Text>
                  <Json value={sent} />
                </div>
              )}
            </Card>
          </Col>
          <Col xs={24} xl={15}>
            <Space direction="vertical" size={16} style={{ width: '100%' }}>
              {/* "Signed in" only once a sign-in succeeded; until then the card is named for what it will hold. */}
              <Card title={t(signedIn ? 'passportPlayers.playground.signedIn' : 'passportPlayers.playground.token')} data-testid="playground-result">
                {!signedIn ? (
                  <Empty description={t('passportPlayers.playground.notSignedIn')} />
                ) : (
                  <Descriptions column={1} size="small">
                    <Descriptions.Item label={t('passportPlayers.playground.token')}>
                      <Space direction="vertical" size={0} style={{ minWidth: 0 }}>
                        <Typography.Text copyable={{ tooltips: [t('passportPlayers.playground.copy'), t('passportPlayers.playground.copied')] }} style={{ ...MONO, wordBreak: 'break-all' }} data-testid="playground-token">
                          {signedIn.token}
                        </Typography.Text>
                        <Typography.Text type="secondary">{t('passportPlayers.playground.tokenHint', { base: PASSPORT_BASE })}</Typography.Text>
                      </Space>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('passportPlayers.playground.expiresAt')}>{formatDateTime(signedIn.expiresAt)}</Descriptions.Item>
                    <Descriptions.Item label={t('passportPlayers.playground.user')}>
                      <Space wrap>
                        {userPath ? <Link to={userPath}>{signedIn.user.name}</Link> : signedIn.user.name}
                        <Typography.Text type="secondary" style={MONO}>
                          {signedIn.user.id}
                        </Typography.Text>
                        {signedIn.user.version === 1 && <Tag color="blue">{t('passportPlayers.playground.newUser')}</Tag>}
                      </Space>
                    </Descriptions.Item>
                  </Descriptions>
                )}
              </Card>
            </Space>
          </Col>
        </Row>
      </PlaygroundFrame>
    </>
  );
}
