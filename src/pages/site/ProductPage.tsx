import { Link, useLocation } from 'react-router';
import { Alert, Card, Col, Flex, Row, Skeleton } from 'antd';
import type { CatalogueService } from '../../../resources/site-api';
import { PageHeader } from '../../engine/PageHeader';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import NotFoundPage from '../NotFoundPage';
import { PriceItem } from './PriceTable';
import { productOf, SHOTS, shotAddress } from './products';
import { ServiceStatus } from './ServiceStatus';
import { SiteShell } from './SiteShell';
import { useCatalogue } from './useCatalogue';
import './site-texts';

/** One service on a product page: what it does, its prices, links to its docs and the console, its screenshots. */
function ServiceSection({ service, heading, current }: { service: CatalogueService; heading: boolean; current: string }) {
  const { t, text, locale } = useLocale();
  const shots = service.available ? (SHOTS[service.name] ?? []) : [];
  return (
    <section style={{ marginBottom: 32 }} data-testid={`product-service-${service.name}`}>
      {heading && (
        <Flex align="center" gap={12} wrap style={{ marginBottom: 8 }}>
          <h2 style={{ margin: 0 }}>{service.productPage && service.productPage !== current ? <Link to={service.productPage}>{text(service.displayName)}</Link> : text(service.displayName)}</h2>
          <ServiceStatus available={service.available} />
        </Flex>
      )}
      {heading && <p>{text(service.description)}</p>}
      {!service.available && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('sitePages.product.notAvailable')} description={t('sitePages.product.notAvailableHint')} data-testid="product-unavailable" />}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card size="small" title={t('sitePages.product.capabilities')} style={{ height: '100%' }}>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {service.capabilities.map((c) => (
                <li key={c.en}>{text(c)}</li>
              ))}
            </ul>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title={t('sitePages.product.pricing')} style={{ height: '100%' }}>
            {service.prices.length === 0 && <p style={{ margin: 0 }}>{t('sitePages.product.noPrices')}</p>}
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {service.prices.map((line) => (
                <PriceItem key={line.meter} line={line} />
              ))}
            </ul>
            <Link to="/doc/bill/pricing" style={{ display: 'inline-block', marginTop: 8 }}>
              {t('sitePages.product.seePricing')}
            </Link>
          </Card>
        </Col>
      </Row>
      <Flex gap={16} wrap style={{ marginTop: 16 }}>
        {service.docPage && <Link to={service.docPage}>{t('sitePages.product.docs')}</Link>}
        {service.available && <Link to="/apps">{t('sitePages.product.console')}</Link>}
      </Flex>
      {shots.length > 0 && (
        <>
          <h3 style={{ marginTop: 24 }}>{t('sitePages.product.screenshots')}</h3>
          <Row gutter={[16, 16]}>
            {shots.map((shot) => (
              <Col key={shot} xs={24} lg={12}>
                <figure style={{ margin: 0 }}>
                  <img src={shotAddress(shot, locale)} alt={t(`sitePages.product.shots.${shot}`)} loading="lazy" style={{ width: '100%', border: '1px solid rgba(0,0,0,0.1)', borderRadius: 8 }} data-testid="product-shot" />
                  <figcaption style={{ marginTop: 6, opacity: 0.75 }}>{t(`sitePages.product.shots.${shot}`)}</figcaption>
                </figure>
              </Col>
            ))}
          </Row>
        </>
      )}
    </section>
  );
}

/**
 * `/product/*`: a service's product page (the services whose declared `productPage` is the address), or a solution's
 * (several services). Everything but the solutions' words comes from the catalogue call.
 */
export default function ProductPage() {
  const { t, text } = useLocale();
  const { pathname } = useLocation();
  const { services, failed } = useCatalogue();
  const product = services && productOf(pathname, services);
  const title = !product ? '' : product.kind === 'solution' ? t(`sitePages.solutions.${product.key}.title`) : product.services.map((s) => text(s.displayName)).join(' / ');
  usePageTitle(title || t('sitePages.nav.products'));
  if (services && !product) return <NotFoundPage />;

  const single = product?.kind === 'service' && product.services.length === 1 ? product.services[0] : undefined;
  return (
    <SiteShell width={1080}>
      {failed && <Alert type="error" showIcon message={t('sitePages.loadFailed')} />}
      {!failed && !product && <Skeleton active />}
      {product && (
        <>
          <PageHeader
            title={title}
            subtitle={product.kind === 'solution' ? t(`sitePages.solutions.${product.key}.description`) : single ? text(single.description) : undefined}
            tags={single && <ServiceStatus available={single.available} />}
          />
          {product.kind === 'solution' && <h2 style={{ fontSize: 18 }}>{t('sitePages.product.includes')}</h2>}
          {product.services.map((service) => (
            <ServiceSection key={service.name} service={service} heading={!single} current={pathname.replace(/\/+$/, '')} />
          ))}
        </>
      )}
    </SiteShell>
  );
}
