import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Text } from '../../resources/types';
import { LOCALES, textOf, type Locale } from '../../providers/i18n';

/** The current language, the translator, and a reader for declared `Text` (re-renders on a switch). */
export function useLocale() {
  const { t, i18n } = useTranslation();
  const locale: Locale = LOCALES.includes(i18n.language as Locale) ? (i18n.language as Locale) : 'zh-CN';
  const text = useCallback((value: Text | undefined) => textOf(value, locale), [locale]);
  return { t, locale, text };
}
