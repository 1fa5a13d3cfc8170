import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, Col, Flex, Row, Skeleton } from 'antd';
import { useSessions } from '../../routes/guards';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { ServiceCard } from './ServiceCard';
import { SiteShell } from './SiteShell';
import { SOLUTIONS } from './products';
import { useCatalogue } from './useCatalogue';
import './site-texts';

/**
 * `/`: what the platform is, its services from the catalogue call with their availability here, the solutions, and
 * the ways in (the console for someone signed in — who stays on this page until they choose — or sign-up).
 */
export default function HomePage() {
  const { t, text } = useLocale();
  usePageTitle(t('sitePages.home.title'));
  const navigate = useNavigate();
  const sessions = useSessions();
  const { services, failed } = useCatalogue();
  const platformItems = t('sitePages.home.platformItems', { returnObjects: true }) as string[];
  const shown = services?.filter((s) => s.productPage || s.docPage);

  return (
    <SiteShell width={1200}>
      <section style={{ padding: '24px 0 32px' }} data-testid="home-hero">
        <h1 style={{ fontSize: 36, lineHeight: 1.25, margin: '0 0 12px' }}>{t('sitePages.home.title')}</h1>
        <p style={{ fontSize: 18, maxWidth: 760, margin: '0 0 24px' }}>{t('sitePages.home.tagline')}</p>
        <Flex gap={12} wrap>
          <Button type="primary" size="large" onClick={() => navigate('/apps')} data-testid="home-console">
            {t('sitePages.home.console')}
          </Button>
          {sessions && !sessions.user && (
            <Button size="large" onClick={() => navigate('/sign-up')}>
              {t('sitePages.home.signUp')}
            </Button>
          )}
          <Button size="large" onClick={() => navigate('/doc')}>
            {t('sitePages.home.docs')}
          </Button>
          <Button size="large" type="link" onClick={() => navigate('/doc/bill/pricing')}>
            {t('sitePages.home.pricing')}
          </Button>
        </Flex>
      </section>

      <section id="services" style={{ scrollMarginTop: 16 }}>
        <h2>{t('sitePages.home.services')}</h2>
        <p>{t('sitePages.home.servicesHint')}</p>
        {failed && <Alert type="error" showIcon message={t('sitePages.loadFailed')} />}
        {!failed && !shown && <Skeleton active />}
        <Row gutter={[16, 16]}>
          {shown?.map((service) => (
            <Col key={service.name} xs={24} sm={12} lg={8}>
              <ServiceCard service={service} />
            </Col>
          ))}
        </Row>
      </section>

      <section style={{ marginTop: 40 }}>
        <h2>{t('sitePages.home.solutions')}</h2>
        <Row gutter={[16, 16]}>
          {Object.entries(SOLUTIONS)
            .filter(([, s]) => s.key !== 'windPublish')
            .map(([path, solution]) => (
              <Col key={path} xs={24} md={8}>
                <Card size="small" style={{ height: '100%' }}>
                  <h3 style={{ marginTop: 0, fontSize: 16 }}>
                    <Link to={path}>{t(`sitePages.solutions.${solution.key}.title`)}</Link>
                  </h3>
                  <p style={{ margin: 0 }}>{t(`sitePages.solutions.${solution.key}.description`)}</p>
                  {services && (
                    <p style={{ margin: '8px 0 0', opacity: 0.75 }}>
                      {solution.services.flatMap((name) => services.filter((s) => s.name === name).map((s) => text(s.label))).join(' · ')}
                    </p>
                  )}
                </Card>
              </Col>
            ))}
        </Row>
      </section>

      <section style={{ marginTop: 40 }}>
        <h2>{t('sitePages.home.platform')}</h2>
        <ul>
          {platformItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    </SiteShell>
  );
}
