import { Suspense, type ComponentProps } from 'react';
import type { Result as AntdResult } from 'antd';
import { preloadable } from './preloadable';

// antd's result carries its pictures (not found, no access, server error): a screen the console shows only when a
// page cannot, so its code loads then rather than with the console.
const Result = preloadable<ComponentProps<typeof AntdResult>>(() => import('antd/es/result'));

/** antd's `Result`, loaded when first shown. */
export function LazyResult(props: ComponentProps<typeof AntdResult>) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}
