import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { SchemaFormProps } from './form/SchemaForm';

// RJSF and ajv are heavy: they load with the first form opened, not with the console.
const SchemaForm = lazy(() => import('./form/SchemaForm'));

export function LazySchemaForm(props: SchemaFormProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <SchemaForm {...props} />
    </Suspense>
  );
}
