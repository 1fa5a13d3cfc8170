import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { TOAST_CLEAR_ATTRIBUTE } from '../../providers/toastPlacement';

/** A page's heading: title, an optional line under it, and actions on the right (toasts open below it). */
export function PageHeader({ title, subtitle, extra, tags }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode; tags?: ReactNode }) {
  return (
    <Flex justify="space-between" align="flex-start" gap={16} wrap style={{ marginBottom: 20 }} {...{ [TOAST_CLEAR_ATTRIBUTE]: '' }}>
      <div style={{ minWidth: 0 }}>
        <Flex align="center" gap={12} wrap>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {tags}
        </Flex>
        {subtitle && (
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
            {subtitle}
          </Typography.Paragraph>
        )}
      </div>
      {extra}
    </Flex>
  );
}
