import { Card, Col, Empty, Image, Row } from 'antd';
import { useLocale } from '../../lib/useLocale';
import type { PanelProps } from '../registry-types';

/** On a test session's page: the screenshot the device took at the end of the monkey test, and the session's log. */
export default function SessionOutputPanel({ record }: PanelProps) {
  const { t } = useLocale();
  const shot = typeof record.screenshot === 'string' && record.screenshot ? record.screenshot : undefined;
  const log = typeof record.log === 'string' && record.log ? record.log : undefined;
  return (
    <Row gutter={[16, 16]} data-testid="device-session-output">
      <Col xs={24} lg={8}>
        <Card title={t('device.session.screenshot')}>
          {shot ? <Image src={`data:image/png;base64,${shot}`} alt={t('device.session.screenshotAlt')} style={{ maxHeight: 480 }} /> : <Empty description={t('device.session.noScreenshot')} />}
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card title={t('device.session.log')}>
          {log ? (
            <pre data-user-text style={{ maxHeight: 480, overflow: 'auto', fontSize: 12, margin: 0, whiteSpace: 'pre-wrap' }}>
              {log}
            </pre>
          ) : (
            <Empty description={t('device.session.noLog')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
