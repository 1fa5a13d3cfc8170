import type { Locale } from '../../../providers/i18n';

/**
 * The documentation's Markdown pages (`docs/site/<lang>/<path>.md`), each its own chunk loaded when its page opens.
 * The policies are the policy pages' own.
 */
const files = import.meta.glob<string>(['../../../docs/site/**/*.md', '!../../../docs/site/*/policy/**'], { query: '?raw', import: 'default' });

const keyOf = (lang: Locale, file: string) => `../../../docs/site/${lang}/${file}.md`;

/**
 * How to load a page's text (`passport/concept`) in a language: that language's file, or the other language's when
 * it has none (`lang` says which was found). Undefined when neither language has the page.
 */
export function proseLoader(file: string, locale: Locale): { lang: Locale; load: () => Promise<string> } | undefined {
  for (const lang of [locale, locale === 'en' ? 'zh-CN' : 'en'] as Locale[]) {
    const load = files[keyOf(lang, file)] as (() => Promise<string>) | undefined;
    if (load) return { lang, load };
  }
  return undefined;
}
