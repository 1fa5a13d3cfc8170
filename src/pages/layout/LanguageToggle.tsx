import { Segmented } from 'antd';
import { changeLocale, LOCALES, type Locale } from '../../../providers/i18n';
import { useLocale } from '../../lib/useLocale';

/**
 * Chinese or English as two side-by-side choices, for the public pages: lighter to load than the console's
 * drop-down `LanguageSwitch`, and one click instead of two. The choice is remembered in this browser.
 */
export function LanguageToggle() {
  const { t, locale } = useLocale();
  return (
    <Segmented<Locale>
      aria-label={t('language.label')}
      value={locale}
      // Each language named in itself, marked as written in it (`lang`).
      options={LOCALES.map((l) => ({ value: l, label: <span lang={l}>{t(`language.${l}`)}</span> }))}
      onChange={(value) => void changeLocale(value)}
    />
  );
}
