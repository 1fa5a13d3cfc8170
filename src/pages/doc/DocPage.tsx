import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert, Input, Result, Skeleton } from 'antd';
import { request } from '../../../providers/http';
import { DOCS_REFERENCE_PATH, type DocReferenceAnswer, type ServiceReference } from '../../../resources/docs-api';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { DocLayout } from './DocLayout';
import { DocSearch } from './DocSearch';
import { Markdown } from './Markdown';
import { docTarget, sectionPageAddress, type DocSection, type SectionPage } from './doc-paths';
import { servicesOf } from './doc-services';
import { markdownTitle } from './markdown-render';
import { proseLoader } from './prose';
import { apiMarkdown, errorsMarkdown, sdkMarkdown } from './reference-markdown';

/** A value loaded for the page, or the failure; undefined while loading. */
type Loaded<T> = { value: T } | { failed: true } | undefined;

function useLoaded<T>(load: () => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<Loaded<T>>();
  useEffect(() => {
    let live = true;
    setState(undefined);
    load().then(
      (value) => live && setState({ value }),
      () => live && setState({ failed: true }),
    );
    return () => {
      live = false;
    };
    // The caller names what the load depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return state;
}

/** The page of a section whose services are not built here: says so, and leads to the section's concepts. */
function NotBuilt({ section }: { section: DocSection }) {
  const { t } = useLocale();
  return (
    <div data-testid="doc-not-built">
      <Result
        status="info"
        title={t('docs.notBuilt')}
        subTitle={t('docs.notBuiltHint')}
        extra={<Link to={sectionPageAddress(section, 'concept')}>{t(`docs.sections.${section.key}`)}</Link>}
      />
    </div>
  );
}

/** Whether any service of a section is built here (undefined while asking). */
function useSectionBuilt(section: DocSection | undefined): Loaded<boolean> {
  return useLoaded(async () => (section ? (await servicesOf(section.path)).some((s) => s.available) : true), [section?.path]);
}

/** A written page: its Markdown in the page's language, or the other one's when it has none. */
function ProsePage({ file, section, page }: { file: string; section?: DocSection; page?: SectionPage }) {
  const { t, locale } = useLocale();
  // A section's concepts show whether or not it is built; its other pages only when it is.
  const built = useSectionBuilt(page && page !== 'concept' ? section : undefined);
  const loader = proseLoader(file, locale);
  const text = useLoaded(async () => (loader ? loader.load() : undefined), [file, loader?.lang]);
  const fallbackTitle = section ? `${t(`docs.sections.${section.key}`)} · ${t(`docs.pages.${page ?? 'concept'}`)}` : t('docs.title');
  const title = text && 'value' in text && text.value ? markdownTitle(text.value) : undefined;
  usePageTitle(title ?? fallbackTitle, t('docs.title'));

  if (built && 'value' in built && !built.value && section) return <NotBuilt section={section} />;
  if (!text || !built) return <Skeleton active paragraph={{ rows: 8 }} />;
  if ('failed' in text) return <Alert type="error" message={t('docs.loadFailed')} showIcon />;
  if (!text.value)
    return (
      <>
        <h1>{fallbackTitle}</h1>
        <p data-testid="doc-missing">{t('docs.missing')}</p>
      </>
    );
  return <Markdown source={text.value} />;
}

/** A page made from the server's reference: the API, the SDK examples or the error codes of a section's services. */
function ReferencePage({ section, kind }: { section: DocSection; kind: 'api' | 'sdk' | 'errors' }) {
  const { t, locale } = useLocale();
  const [filter, setFilter] = useState('');
  const answer = useLoaded(() => request<DocReferenceAnswer>(DOCS_REFERENCE_PATH, { query: { section: section.path }, anonymous: true, silent: true, throwResponse: true }), [section.path]);
  const services = useMemo(() => (answer && 'value' in answer ? (answer.value?.services ?? []).filter((s) => s.available) : []), [answer]);
  const origin = window.location.origin;
  const source = useMemo(() => {
    const translate = (key: string, options?: Record<string, unknown>) => t(key, options ?? {});
    const make = {
      api: (s: ServiceReference) => apiMarkdown(translate, locale, s, origin, filter),
      sdk: (s: ServiceReference) => sdkMarkdown(translate, locale, s, origin),
      errors: (s: ServiceReference) => errorsMarkdown(translate, locale, s),
    }[kind];
    return services.map(make).join('\n\n');
  }, [services, kind, locale, origin, filter, t]);
  usePageTitle(`${t(`docs.sections.${section.key}`)} · ${t(`docs.pages.${kind}`)}`, t('docs.title'));

  if (!answer) return <Skeleton active paragraph={{ rows: 12 }} />;
  if ('failed' in answer) return <Alert type="error" message={t('docs.loadFailed')} showIcon />;
  if (services.length === 0) return <NotBuilt section={section} />;
  return (
    <>
      {kind === 'api' && (
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 16, flexWrap: 'wrap' }}>
          <Input.Search allowClear placeholder={t('docs.api.filter')} onSearch={setFilter} onChange={(e) => !e.target.value && setFilter('')} style={{ maxWidth: 360 }} data-testid="doc-api-filter" />
          <a href="/api-docs/" target="_blank" rel="noreferrer">
            {t('docs.api.openapi')}
          </a>
        </div>
      )}
      <div className="doc-reference">
        <Markdown source={source} />
      </div>
    </>
  );
}

/** An address under /doc that names no page: says so, with the search and the contents at hand. */
function DocNotFound() {
  const { t } = useLocale();
  usePageTitle(t('docs.notFound.title'), t('docs.title'));
  return (
    <div data-testid="doc-not-found">
      <Result status="404" title={t('docs.notFound.title')} subTitle={t('docs.notFound.hint')}>
        <div style={{ maxWidth: 420, margin: '0 auto' }}>
          <DocSearch />
        </div>
      </Result>
    </div>
  );
}

/** `/doc` and every address under it: the page the address names (doc-paths.ts), inside the docs frame. */
export default function DocPage() {
  const { pathname } = useLocation();
  const target = docTarget(pathname);
  return (
    <DocLayout>
      {target.kind === 'prose' ? (
        <ProsePage key={target.file} file={target.file} section={target.section} page={target.page} />
      ) : target.kind === 'notFound' ? (
        <DocNotFound />
      ) : (
        <ReferencePage key={`${target.section.path}/${target.kind}`} section={target.section} kind={target.kind} />
      )}
    </DocLayout>
  );
}
