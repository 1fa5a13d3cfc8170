import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Flex, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, CheckCircleOutlined, RocketOutlined } from '@ant-design/icons';
import { COMING_FEATURES } from '../../../resources/passport/console';
import { routeTo } from '../../engine/routes';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import NotFoundPage from '../NotFoundPage';

/** Where the passport settings are (spec 002 §2: `passport/settings`). */
const SETTINGS_ROUTE = 'passport/settings';

/**
 * `passport/coming/<feature>`: a passport feature that is not offered yet — what it will do, said plainly, and the
 * way back to passport's settings. One page for every such feature, chosen by the address.
 */
export default function ConsoleComingSoon() {
  const { t, text } = useLocale();
  const { appId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const key = decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');
  const feature = COMING_FEATURES.find((f) => f.key === key);
  const title = feature ? text(feature.label) : '';
  usePageTitle(title);
  if (!feature) return <NotFoundPage />;

  const base = `passportConsole.coming.features.${feature.key}`;
  const points = t(`${base}.points`, { returnObjects: true }) as unknown as string[];
  return (
    <Flex justify="center" style={{ paddingTop: 24 }}>
      <Card style={{ maxWidth: 720, width: '100%' }} data-testid="coming-soon">
        <Flex vertical gap={16}>
          <Flex align="center" gap={12} wrap>
            <RocketOutlined style={{ fontSize: 28, color: '#1668dc' }} aria-hidden />
            <Typography.Title level={2} style={{ margin: 0 }}>
              {title}
            </Typography.Title>
            <Tag color="blue">{t('passportConsole.coming.badge')}</Tag>
          </Flex>
          <Typography.Paragraph style={{ fontSize: 16, margin: 0 }}>{t(`${base}.summary`)}</Typography.Paragraph>
          <div>
            <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
              {t('passportConsole.coming.planned')}
            </Typography.Title>
            <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {(Array.isArray(points) ? points : []).map((point) => (
                <li key={point} style={{ display: 'flex', gap: 8, alignItems: 'baseline', marginBottom: 8 }}>
                  <CheckCircleOutlined style={{ color: '#389e0d' }} aria-hidden />
                  <span>{point}</span>
                </li>
              ))}
            </ul>
          </div>
          <Alert type="info" showIcon message={t('passportConsole.coming.notYet')} />
          <div>
            <Button type="primary" icon={<ArrowLeftOutlined />} onClick={() => navigate(routeTo(SETTINGS_ROUTE, { appId }))} data-testid="coming-back">
              {t('passportConsole.coming.backToSettings')}
            </Button>
          </div>
        </Flex>
      </Card>
    </Flex>
  );
}
