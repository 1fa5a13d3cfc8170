import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AutoComplete, Input } from 'antd';
import { snippet, type FoundPassage } from '../../../resources/docs-search';
import { useLocale } from '../../lib/useLocale';

type Search = typeof import('./search-index').searchDocs;

/**
 * The documentation's search box: the index loads when the box is first used (its own chunk), results are
 * passages of the page's language, each leading to its page and heading.
 */
export function DocSearch() {
  const { t, locale } = useLocale();
  const navigate = useNavigate();
  const search = useRef<Promise<Search> | undefined>(undefined);
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<FoundPassage[] | undefined>();
  const [loading, setLoading] = useState(false);

  const load = () => (search.current ??= import('./search-index').then((m) => m.searchDocs));
  const run = async (text: string) => {
    setQuery(text);
    if (!text.trim()) return setFound(undefined);
    setLoading(true);
    const searchDocs = await load();
    setLoading(false);
    setFound(searchDocs(text, locale));
  };

  const options = (found ?? []).map((p) => ({
    value: p.address,
    label: (
      <div style={{ whiteSpace: 'normal', padding: '2px 0' }} data-testid="doc-search-result">
        <div style={{ fontWeight: 600 }}>{p.heading === p.title ? p.title : `${p.title} › ${p.heading}`}</div>
        <div style={{ fontSize: 12, opacity: 0.7 }}>{snippet(p.text, query, 120)}</div>
      </div>
    ),
  }));

  return (
    <AutoComplete
      style={{ width: '100%' }}
      options={options}
      value={query}
      onFocus={() => void load()}
      onSearch={(text) => void run(text)}
      onSelect={(address: string) => {
        setQuery('');
        setFound(undefined);
        navigate(address);
      }}
      notFoundContent={query.trim() ? (loading ? t('docs.search.loading') : t('docs.search.none')) : null}
      popupMatchSelectWidth={360}
    >
      <Input.Search placeholder={t('docs.search.placeholder')} allowClear aria-label={t('docs.search.placeholder')} data-testid="doc-search" />
    </AutoComplete>
  );
}
