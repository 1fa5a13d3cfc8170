import { useMemo } from 'react';
import { useParams } from 'react-router';
import type { BaseRecord } from '@refinedev/core';
import type { DeclaredResource } from '../../providers/declarations';
import { useLocale } from '../lib/useLocale';
import { inSentence } from './schema';

/**
 * A declared resource as the screens use it: its declaration, the app from the route, the `meta` every data
 * call carries (so the provider finds the declaration and the app credential), and its names in the current
 * language.
 */
export function useDeclared(declared: DeclaredResource) {
  const { appId = '' } = useParams<{ appId: string }>();
  const { t, text, locale } = useLocale();
  const { service, decl, key, parentId } = declared;
  const meta = useMemo(() => ({ service: service.name, resource: decl.name, appId, parentId }), [service.name, decl.name, appId, parentId]);
  return {
    ...declared,
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
    /** What the record is called in a sentence. */
    titleOf: (record: BaseRecord | undefined) => String(record?.[decl.titleField] ?? record?.[decl.idField] ?? ''),
    idOf: (record: BaseRecord) => String(record[decl.idField]),
  };
}

export type DeclaredScope = ReturnType<typeof useDeclared>;
