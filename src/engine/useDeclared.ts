import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { BaseRecord } from '@refinedev/core';
import { parentIdOf, type DeclaredResource } from '../../providers/declarations';
import { useLocale } from '../lib/useLocale';
import { enumOptions, inSentence, propertyOf } from './schema';

/**
 * A declared resource as the screens use it: its declaration, the app from the route, the `meta` every data
 * call carries (so the provider finds the declaration and the app credential), and its names in the current
 * language.
 */
export function useDeclared(declared: DeclaredResource) {
  const { appId = '' } = useParams<{ appId: string }>();
  const { t, text, locale } = useLocale();
  const { service, decl, key } = declared;
  const parentId = parentIdOf(declared, appId);
  const meta = useMemo(() => ({ service: service.name, resource: decl.name, appId, parentId }), [service.name, decl.name, appId, parentId]);
  return {
    ...declared,
    parentId,
    key,
    appId,
    meta,
    t,
    text,
    locale,
    singular: text(decl.singular),
    label: text(decl.label),
    /** The plural name inside a sentence. */
    labelInSentence: inSentence(text(decl.label), locale),
    /** What the record is called in a sentence (an enum's label where the title field is one). */
    titleOf: (record: BaseRecord | undefined) => {
      const value = record?.[decl.titleField] ?? record?.[decl.idField];
      return enumOptions(propertyOf(decl.schema, decl.titleField), locale).find((o) => o.value === String(value))?.label ?? String(value ?? '');
    },
    idOf: (record: BaseRecord) => String(record[decl.idField]),
  };
}

export type DeclaredScope = ReturnType<typeof useDeclared>;
