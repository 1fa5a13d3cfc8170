import { Tooltip, theme } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { zoneNote } from '../lib/format';
import { useLocale } from '../lib/useLocale';

/**
 * A date-time column's heading: its title and a clock saying, on pointing (and to a screen reader), which zone the
 * column's times are in — said there once instead of after every time.
 */
export function TimeColumnTitle({ title }: { title: string }) {
  const { t } = useLocale();
  const { token } = theme.useToken();
  const note = zoneNote(t('widgets.timezone'));
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {title}
      <Tooltip title={note}>
        <ClockCircleOutlined aria-label={note} data-testid="time-zone-note" style={{ marginInlineStart: 6, color: token.colorTextTertiary, fontSize: 12 }} />
      </Tooltip>
    </span>
  );
}
