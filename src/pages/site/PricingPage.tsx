import { Alert, Skeleton } from 'antd';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { DocLayout } from '../doc/DocLayout';
import { PriceTable } from './PriceTable';
import { SiteMarkdown, useSiteMarkdown } from './SiteMarkdown';
import { useCatalogue } from './useCatalogue';
import './site-texts';

/**
 * `/doc/bill/pricing` and `/doc/bill/hk-pricing`: every service's billable items generated from the catalogue call
 * (the prices billing charges). The spec gives Hong Kong no figures of its own, so its page shows the same list under
 * its prose (`docs/site/<lang>/bill/hk-pricing.md`, when written).
 */
export function PricingPage({ hk = false }: { hk?: boolean }) {
  const { t } = useLocale();
  const title = hk ? t('sitePages.pricing.hkTitle') : t('sitePages.pricing.title');
  usePageTitle(title);
  const { services, failed } = useCatalogue();
  const prose = useSiteMarkdown(hk ? 'bill/hk-pricing' : undefined);
  return (
    <DocLayout>
      {hk && prose ? <SiteMarkdown source={prose} /> : <h1 style={{ marginTop: 0 }}>{title}</h1>}
      <p>{hk ? t('sitePages.pricing.hkIntro') : t('sitePages.pricing.intro')}</p>
      <p>{t('sitePages.pricing.currency')}</p>
      {failed ? <Alert type="error" showIcon message={t('sitePages.loadFailed')} /> : services ? <PriceTable services={services} /> : <Skeleton active />}
    </DocLayout>
  );
}

export default function GeneralPricingPage() {
  return <PricingPage />;
}
