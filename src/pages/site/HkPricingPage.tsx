import { PricingPage } from './PricingPage';

/** `/doc/bill/hk-pricing`: the Hong Kong pricing. */
export default function HkPricingPage() {
  return <PricingPage hk />;
}
