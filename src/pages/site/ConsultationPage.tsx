import { useNavigate } from 'react-router';
import { Button, Card, Col, Flex, Row, Steps, Typography } from 'antd';
import { consultation } from '../../../resources/ops-api';
import { PageHeader } from '../../engine/PageHeader';
import { useLocale } from '../../lib/useLocale';
import { usePageTitle } from '../../lib/usePageTitle';
import { useFeeText } from './fee';
import { SiteShell } from './SiteShell';

/** `/consultation`: the consultation service, its kinds and their fees (spec 000 §9), and a way to ask. */
export default function ConsultationPage() {
  const { t, text } = useLocale();
  usePageTitle(t('ops.consultation.title'));
  const navigate = useNavigate();
  const feeText = useFeeText();
  const steps = t('ops.consultation.steps', { returnObjects: true }) as string[];
  const request = (type?: string) => navigate(type ? `/consultation-submit?type=${encodeURIComponent(type)}` : '/consultation-submit');

  return (
    <SiteShell width={1080}>
      <PageHeader
        title={t('ops.consultation.title')}
        subtitle={t('ops.consultation.subtitle')}
        extra={
          <Button type="primary" size="large" onClick={() => request()} data-testid="consultation-request">
            {t('ops.consultation.request')}
          </Button>
        }
      />
      <Row gutter={[16, 16]}>
        {consultation.offers.map((offer) => (
          <Col key={offer.type} xs={24} md={8}>
            <Card style={{ height: '100%' }} data-testid={`offer-${offer.type}`}>
              <Flex vertical gap={12} style={{ height: '100%' }}>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {text(offer.label)}
                </Typography.Title>
                <Typography.Paragraph type="secondary" style={{ minHeight: 66, margin: 0 }}>
                  {text(offer.description)}
                </Typography.Paragraph>
                <Typography.Text strong style={{ fontSize: 20 }} data-testid={`offer-fee-${offer.type}`}>
                  {feeText(offer.fee, offer.unit)}
                </Typography.Text>
                <Button onClick={() => request(offer.type)}>{t('ops.consultation.request')}</Button>
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('ops.consultation.feeNote')}
      </Typography.Paragraph>
      <Card title={t('ops.consultation.how')} style={{ marginTop: 24 }}>
        <Steps direction="vertical" size="small" current={-1} items={steps.map((title) => ({ title, status: 'wait' as const }))} />
      </Card>
    </SiteShell>
  );
}
