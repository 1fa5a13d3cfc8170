import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { SchemaFormProps } from './form/SchemaForm';
import { preloadWhenIdle } from '../lib/preloadable';

// RJSF and ajv are heavy: they load with the first form opened, not with the console.
const load = () => import('./form/SchemaForm');
const SchemaForm = lazy(load);

/**
 * Fetches the form code ahead of time (when a screen that may open a form appears), once the browser is idle: the
 * screen's first drawing does not wait for it (a deep-linked list's rows showed only after it had been read).
 */
export const preloadSchemaForm = (): void => preloadWhenIdle(load);

export function LazySchemaForm(props: SchemaFormProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <SchemaForm {...props} />
    </Suspense>
  );
}
