import { Link } from 'react-router';
import { Card, Col, Row } from 'antd';
import { PageHeader } from '../../engine/PageHeader';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { SHOTS, shotAddress } from './products';
import { SiteShell } from './SiteShell';
import './site-texts';

/** `/showcase`: the platform's own demo game as it is set up, with screenshots of its real console. */
export default function ShowcasePage() {
  const { t, locale } = useLocale();
  usePageTitle(t('sitePages.showcase.title'));
  const items = t('sitePages.showcase.demoItems', { returnObjects: true }) as string[];
  const shots = Object.values(SHOTS).flat();
  return (
    <SiteShell width={1080}>
      <PageHeader title={t('sitePages.showcase.title')} subtitle={t('sitePages.showcase.intro')} />
      <Card title={t('sitePages.showcase.demoTitle')} size="small" style={{ marginBottom: 24 }}>
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p style={{ margin: '12px 0 0' }}>
          <Link to="/apps">{t('sitePages.showcase.tryIt')}</Link>
        </p>
      </Card>
      <Row gutter={[16, 16]}>
        {shots.map((shot) => (
          <Col key={shot} xs={24} lg={12}>
            <figure style={{ margin: 0 }}>
              <img src={shotAddress(shot, locale)} alt={t(`sitePages.product.shots.${shot}`)} loading="lazy" style={{ width: '100%', border: '1px solid rgba(0,0,0,0.1)', borderRadius: 8 }} />
              <figcaption style={{ marginTop: 6, opacity: 0.75 }}>{t(`sitePages.product.shots.${shot}`)}</figcaption>
            </figure>
          </Col>
        ))}
      </Row>
    </SiteShell>
  );
}
