import type { FeeUnit } from '../../../resources/ops-api';
import { formatAmount } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';

/** "From ¥6,480.00 per session": a consultation fee with its unit, in the current language. */
export function useFeeText(): (fee: string, unit: FeeUnit) => string {
  const { t } = useLocale();
  return (fee, unit) => t('ops.fee.from', { amount: formatAmount(fee), unit: t(`ops.fee.units.${unit}`) });
}
