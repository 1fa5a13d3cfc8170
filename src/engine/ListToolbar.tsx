import { useEffect, useState, type ReactNode } from 'react';
import { Button, Flex, Input, Select, Space, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { enumOptions, fieldTitle, inSentence, propertyOf, type OptionsFrom, type Option, type XUi } from './schema';
import type { DeclaredScope } from './useDeclared';
import { ViewFilter } from './ViewFilters';
import { optionsParentId } from './form/widgets/reference-options';

interface Props {
  scope: DeclaredScope;
  values: Record<string, string | undefined>;
  onFilter: (field: string, value: string | undefined) => void;
  onRefresh: () => void;
  refreshing: boolean;
  onCreate?: () => void;
  selected: number;
  onBulkDelete?: () => void;
  /** Filters fixed by the screen (a child list's parent): not offered. */
  fixed?: string[];
  /** More buttons beside refresh (declared commands). */
  extra?: ReactNode;
}

const SEARCH_DELAY_MS = 350;

/** Choices of a filter: the status values with their labels, yes and no, or the schema's enum. */
function filterOptions(scope: DeclaredScope, field: string): Option[] {
  const { decl, text, locale, t } = scope;
  if (decl.status?.field === field) return Object.entries(decl.status.values).map(([value, v]) => ({ value, label: text(v.label) }));
  const prop = propertyOf(decl.schema, field);
  if (prop?.type === 'boolean') return [{ value: 'true', label: t('common.yes') }, { value: 'false', label: t('common.no') }];
  return enumOptions(prop, locale);
}

/**
 * The records a filter on a reference field (`x-ui.optionsFrom`) is chosen from, when the list can read them: of its
 * own service, in the open app, not under another record (or under the app itself). Otherwise it is typed.
 */
function referenceFilter(scope: DeclaredScope, field: string): OptionsFrom | undefined {
  const from = (propertyOf(scope.decl.schema, field)?.['x-ui'] as XUi | undefined)?.optionsFrom;
  if (!from || (from.service && from.service !== scope.service.name) || !scope.appId) return undefined;
  const target = scope.service.resources.find((r) => r.name === from.resource);
  // A list has no form data: the records are read where a form with none would read them, or not at all.
  return target && optionsParentId(target, undefined, from, {}, scope.appId) !== null ? from : undefined;
}

/** Above a list: free-text search (when declared), a select per declared filter, refresh, bulk delete, create. */
export function ListToolbar({ scope, values, onFilter, onRefresh, refreshing, onCreate, selected, onBulkDelete, fixed = [], extra }: Props) {
  const { decl, t, locale } = scope;
  const search = decl.list.search ?? [];
  const [text, setText] = useState(values.q ?? '');

  useEffect(() => setText(values.q ?? ''), [values.q]);
  useEffect(() => {
    if ((values.q ?? '') === text.trim()) return;
    const timer = setTimeout(() => onFilter('q', text.trim() || undefined), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, values.q, onFilter]);

  const separator = locale === 'zh-CN' ? '、' : ', ';
  const searchFields = search.map((f) => inSentence(fieldTitle(propertyOf(decl.schema, f), f, locale), locale)).join(separator);

  return (
    <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
      <Space wrap>
        {search.length > 0 && (
          <Input.Search
            allowClear
            value={text}
            placeholder={t('engine.searchPlaceholder', { fields: searchFields })}
            onChange={(e) => setText(e.target.value)}
            onSearch={(v) => onFilter('q', v.trim() || undefined)}
            style={{ width: 260 }}
            aria-label={t('common.search')}
          />
        )}
        {(decl.list.filters ?? []).filter((field) => !fixed.includes(field)).map((field) => {
          const title = fieldTitle(propertyOf(decl.schema, field), field, locale);
          const options = filterOptions(scope, field);
          const from = referenceFilter(scope, field);
          // A reference is chosen among the records it names, searched by their names as one types.
          if (from) {
            // Its placeholder, as the other filters': the one text the control shows in the language in use.
            const placeholder = t('engine.filterPlaceholder', { field: inSentence(title, locale) });
            return (
              <ViewFilter
                key={field}
                service={scope.service}
                filter={{ name: field, label: { 'zh-CN': placeholder, en: placeholder }, kind: 'reference', optionsFrom: from }}
                value={values[field]}
                onChange={(v) => onFilter(field, typeof v === 'string' ? v : undefined)}
                appId={scope.appId}
              />
            );
          }
          // A field without choices (an id, a name) is filtered by what is typed, on Enter.
          if (options.length === 0) {
            return (
              <Input.Search
                key={`${field}:${values[field] ?? ''}`}
                allowClear
                defaultValue={values[field]}
                placeholder={t('engine.filterPlaceholder', { field: inSentence(title, locale) })}
                onSearch={(v) => onFilter(field, v.trim() || undefined)}
                style={{ width: 220 }}
                aria-label={title}
              />
            );
          }
          return (
            <Select
              key={field}
              allowClear
              value={values[field]}
              placeholder={t('engine.filterPlaceholder', { field: inSentence(title, locale) })}
              options={options}
              onChange={(v: string | undefined) => onFilter(field, v)}
              style={{ minWidth: 150 }}
              aria-label={title}
            />
          );
        })}
      </Space>
      {/* Right-aligned, also when the filters push the buttons onto a line of their own. */}
      <Space wrap style={{ marginInlineStart: 'auto' }}>
        {selected > 0 && onBulkDelete && (
          <Button danger icon={<DeleteOutlined />} onClick={onBulkDelete}>
            {t('engine.bulkDelete')} ({selected})
          </Button>
        )}
        {extra}
        <Tooltip title={t('common.refresh')}>
          <Button icon={<ReloadOutlined spin={refreshing} />} onClick={onRefresh} aria-label={t('common.refresh')} />
        </Tooltip>
        {onCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onCreate}>
            {t('engine.createTitle', { name: scope.singular })}
          </Button>
        )}
      </Space>
    </Flex>
  );
}
