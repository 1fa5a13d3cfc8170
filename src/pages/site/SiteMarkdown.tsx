import { lazy, Suspense, useEffect, useState } from 'react';
import { Skeleton } from 'antd';
import { useLocale } from '../../lib/useLocale';
import '../doc/texts';

const Markdown = lazy(() => import('../doc/Markdown'));

/** The site's own Markdown pages, each loaded only when shown: the policies and the Hong Kong pricing's prose. */
const FILES = import.meta.glob<string>(['/docs/site/*/policy/*.md', '/docs/site/*/bill/hk-pricing.md'], { query: '?raw', import: 'default' });

/** The file of a page in a language: `docs/site/<lang>/<path>.md`. */
export const siteMarkdownFile = (lang: string, path: string) => `/docs/site/${lang}/${path}.md`;

/**
 * A page's Markdown text in the current language (undefined while it loads; null when the file does not exist or
 * no page is named).
 */
export function useSiteMarkdown(path: string | undefined): string | null | undefined {
  const { locale } = useLocale();
  const [source, setSource] = useState<{ key: string; text: string | null }>();
  const key = path === undefined ? '' : siteMarkdownFile(locale, path);
  useEffect(() => {
    let live = true;
    const load = FILES[key];
    if (!load) setSource({ key, text: null });
    else void load().then((text) => live && setSource({ key, text }));
    return () => {
      live = false;
    };
  }, [key]);
  return source?.key === key ? source.text : undefined;
}

/** Renders a Markdown text with the documentation's renderer (loaded lazily). */
export function SiteMarkdown({ source }: { source: string }) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <Markdown source={source} />
    </Suspense>
  );
}
