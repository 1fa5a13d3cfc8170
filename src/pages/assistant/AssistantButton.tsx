import { lazy, Suspense, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useLocale } from '../../lib/useLocale';

// The panel and what it needs load at the first opening, not with every console page.
const AssistantDrawer = lazy(() => import('./AssistantDrawer'));

/** The console header's button opening the knowledge assistant, on every console page (spec 002 §2: no route). */
export function AssistantButton() {
  const { t } = useLocale();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip title={t('assistant.title')}>
        <Button
          type="text"
          icon={<RobotOutlined />}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
          aria-label={t('assistant.open')}
          data-testid="assistant-open"
        >
          {t('assistant.open')}
        </Button>
      </Tooltip>
      {opened && (
        <Suspense fallback={null}>
          <AssistantDrawer open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
