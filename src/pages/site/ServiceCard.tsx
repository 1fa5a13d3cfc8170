import { Link } from 'react-router';
import { Card, Flex } from 'antd';
import type { CatalogueService } from '../../../resources/site-api';
import { useLocale } from '../../lib/useLocale';
import { ServiceStatus } from './ServiceStatus';
import './site-texts';

/** A service in a grid: its name, whether it is available here, what it does and a link to its product page. */
export function ServiceCard({ service }: { service: CatalogueService }) {
  const { t, text } = useLocale();
  return (
    <Card size="small" style={{ height: '100%' }} data-testid={`service-${service.name}`}>
      <Flex vertical gap={8} style={{ height: '100%' }}>
        <Flex justify="space-between" align="flex-start" gap={8} wrap>
          <h3 style={{ margin: 0, fontSize: 16 }}>{text(service.displayName)}</h3>
          <ServiceStatus available={service.available} />
        </Flex>
        <p style={{ margin: 0, flex: 1 }}>{text(service.description)}</p>
        {service.pricingTag && <span style={{ opacity: 0.75 }}>{text(service.pricingTag)}</span>}
        {service.productPage ? (
          <Link to={service.productPage} aria-label={`${t('sitePages.home.learnMore')}: ${text(service.displayName)}`}>
            {t('sitePages.home.learnMore')}
          </Link>
        ) : (
          service.docPage && <Link to={service.docPage}>{t('sitePages.product.docs')}</Link>
        )}
      </Flex>
    </Card>
  );
}
