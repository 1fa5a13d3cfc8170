import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { I18nProvider } from '@refinedev/core';
import type { Text } from '../resources/types';
import { lookupMessage } from '../resources/messages';
import { zhCN } from '../src/locales/zh-CN';
import { en } from '../src/locales/en';
import { sections } from '../src/locales/sections';

export type Locale = keyof Text;
export const LOCALES: Locale[] = ['zh-CN', 'en'];
const STORAGE_KEY = 'lodestar.locale';

function storedLocale(): Locale {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return LOCALES.includes(saved as Locale) ? (saved as Locale) : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

const dayjsLocale = (locale: Locale) => (locale === 'zh-CN' ? 'zh-cn' : 'en');

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: { ...zhCN, ...sections['zh-CN'] } },
    en: { translation: { ...en, ...sections.en } },
  },
  lng: storedLocale(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
});
dayjs.locale(dayjsLocale(storedLocale()));
document.documentElement.lang = storedLocale();

export function currentLocale(): Locale {
  return LOCALES.includes(i18n.language as Locale) ? (i18n.language as Locale) : 'zh-CN';
}

export async function changeLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
  dayjs.locale(dayjsLocale(locale));
  document.documentElement.lang = locale;
  await i18n.changeLanguage(locale);
}

export const t = (key: string, options?: Record<string, unknown>): string => i18n.t(key, options ?? {}) as string;

/** Text in the console's current language (declarations carry both). */
export const textOf = (text: Text | undefined, locale: Locale = currentLocale()): string => (text ? text[locale] || text['zh-CN'] : '');

/** A server message (an English key) in the current language; unknown messages are shown as sent. */
export function translateServerMessage(message: string, locale: Locale = currentLocale()): string {
  return lookupMessage(message)?.[locale] ?? message.trim();
}

export const i18nProvider: I18nProvider = {
  translate: (key, options, defaultMessage) => {
    const value = i18n.t(key, { defaultValue: defaultMessage ?? key, ...(typeof options === 'object' ? options : {}) });
    return typeof value === 'string' ? value : key;
  },
  changeLocale: (locale: string) => changeLocale(LOCALES.includes(locale as Locale) ? (locale as Locale) : 'zh-CN'),
  getLocale: () => currentLocale(),
};
