import { useEffect, useState, type ReactNode } from 'react';
import { Button, Flex, Input, Select, Space, Tooltip } from 'antd';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { enumOptions, fieldTitle, inSentence, propertyOf, type Option } from './schema';
import type { DeclaredScope } from './useDeclared';

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
