import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { useLocale } from '../../lib/useLocale';
import { usePassportQuery, type Page } from './passport-api';

type Persona = { id: string; name: string };

/**
 * Chooses personas of the app by name (a server-side search as one types); one, or several with `multiple`.
 * Values are persona ids.
 */
export function PersonaPicker({
  appId,
  value,
  onChange,
  multiple,
  style,
  testId,
}: {
  appId: string;
  value?: string | string[];
  onChange?: (value: string | string[] | undefined) => void;
  multiple?: boolean;
  style?: React.CSSProperties;
  testId?: string;
}) {
  const { t } = useLocale();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, loading } = usePassportQuery<Page<'personas', Persona>>(appId, '/personas/search', { payload: { count: 20, start: 0, ...(q ? { q } : {}) } });
  // A chosen persona outside the current matches (named by the address, say) is read once for its name.
  const single = typeof value === 'string' && !(data?.personas ?? []).some((p) => p.id === value) ? value : undefined;
  const chosen = usePassportQuery<Persona>(appId, single ? `/personas/${encodeURIComponent(single)}` : undefined).data;
  const options = useMemo(
    () => [...(data?.personas ?? []), ...(chosen && chosen.id === single ? [chosen] : [])].map((p) => ({ value: p.id, label: `${p.name} · ${p.id.slice(0, 8)}` })),
    [data, chosen, single],
  );
  return (
    <Select
      showSearch
      allowClear
      mode={multiple ? 'multiple' : undefined}
      filterOption={false}
      onSearch={setTyped}
      loading={loading}
      options={options}
      value={value}
      onChange={(v) => onChange?.(v as string | string[] | undefined)}
      placeholder={t('passportLiveops.persona.placeholder')}
      notFoundContent={loading ? undefined : t('passportLiveops.persona.none')}
      style={{ minWidth: 280, ...style }}
      aria-label={t('passportLiveops.persona.label')}
      data-testid={testId}
    />
  );
}
