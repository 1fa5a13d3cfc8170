import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLocale } from '../../lib/useLocale';
import { COPY_ATTRIBUTE, markdownRenderer } from './markdown-render';
import 'highlight.js/styles/github.css';
import './markdown.css';

/**
 * A documentation page's Markdown, rendered (CommonMark + GFM tables, no raw HTML, code highlighted with a copy
 * button, headings with anchors). Links inside the site open without reloading; the address's `#anchor` is
 * scrolled to once the text is in.
 *
 * Another public page uses it as `<Markdown source={text} />` with the file's text (the policy pages load
 * `docs/site/<lang>/policy/<name>.md` with `import.meta.glob(..., { query: '?raw', import: 'default' })`). Import it
 * lazily: it brings the Markdown renderer and the highlighter, which the sign-in page must not load.
 */
export function Markdown({ source }: { source: string }) {
  const { t } = useLocale();
  const copyLabel = t('docs.code.copy');
  const html = useMemo(() => markdownRenderer(copyLabel).render(source), [source, copyLabel]);
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { hash } = useLocation();

  useEffect(() => {
    if (!hash) return;
    const target = ref.current?.querySelector(`[id="${CSS.escape(decodeURIComponent(hash.slice(1)))}"]`);
    target?.scrollIntoView();
  }, [hash, html]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const element = event.target as HTMLElement;
    const copy = element.closest(`[${COPY_ATTRIBUTE}]`);
    if (copy) {
      const code = copy.parentElement?.querySelector('pre')?.textContent ?? '';
      void navigator.clipboard?.writeText(code).then(() => {
        copy.textContent = t('docs.code.copied');
        setTimeout(() => (copy.textContent = copyLabel), 1500);
      });
      return;
    }
    const link = element.closest('a');
    const href = link?.getAttribute('href');
    // The site's own addresses open in place; other sites and new tabs behave as links do.
    if (!link || !href || !href.startsWith('/') || href.startsWith('//') || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
  };

  // The text is markdown-it's output with raw HTML disabled: everything written is escaped.
  return <div ref={ref} className="doc-markdown" onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}

export default Markdown;
