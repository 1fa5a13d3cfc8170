import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import type { Text } from '../resources/types';
import { lookupMessage, addServerMessages } from '../resources/messages/lookup';
import { publicMessages } from '../resources/messages/public';
import { zhCN } from '../src/locales/zh-CN';
import { en } from '../src/locales/en';
import { publicSections } from '../src/locales/sections/public';

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

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: {
    'zh-CN': { translation: { ...zhCN, ...publicSections['zh-CN'] } },
    en: { translation: { ...en, ...publicSections.en } },
  },
  lng: storedLocale(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
  // The library's own notice in the browser's console is not the product's to show.
  showSupportNotice: false,
});
addServerMessages(publicMessages);
document.documentElement.lang = storedLocale();

/** Adds texts under new top-level keys (the console's sections, when the console loads). */
export function addTexts(texts: Record<Locale, Record<string, unknown>>): void {
  for (const locale of LOCALES) i18n.addResourceBundle(locale, 'translation', texts[locale], true, false);
}

/** Adds one section of texts under its key, with the server messages its pages can meet (a page area's own). */
export function addSection(key: string, section: Record<Locale, unknown>, messages: Record<string, Text>): void {
  addTexts({ 'zh-CN': { [key]: section['zh-CN'] }, en: { [key]: section.en } });
  addServerMessages(messages);
}

export function currentLocale(): Locale {
  return LOCALES.includes(i18n.language as Locale) ? (i18n.language as Locale) : 'zh-CN';
}

export async function changeLocale(locale: Locale): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Private browsing without storage: the choice lasts for this page only.
  }
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
