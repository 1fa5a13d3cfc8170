import { useState } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { ApiOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { services } from '../../../../providers/services';
import { API_REFERENCE_PATH, quickStartCall, quickStartCurl } from '../../../../resources/api-reference';
import { useCurrentAppState } from '../../../lib/currentApp';
import { useLocale } from '../../../lib/useLocale';
import { SECRET_MASK } from './CredentialsCard';

/**
 * A first call of a service's API from a game's server: a `curl` command with the app's AppId and AppServiceSecret
 * (the secret masked, like in the credentials above, until shown; copying copies the working command), and the
 * service's part of the API reference.
 */
export function QuickStartCard() {
  const { app } = useCurrentAppState()!;
  const { t, text } = useLocale();
  const [shown, setShown] = useState(false);
  const call = quickStartCall(services, app);
  const curl = (secret: string) => (call ? quickStartCurl(window.location.origin, call, app.AppId, secret) : '');

  return (
    <Card title={t('org.settings.quickStart')} style={{ marginBottom: 16 }} data-testid="quick-start">
      {call ? (
        <>
          <Typography.Paragraph type="secondary">
            {t('org.settings.quickStartHint', { service: text(call.service.catalogue.displayName), resource: text(call.resource.label) })}
          </Typography.Paragraph>
          <Typography.Paragraph
            code
            copyable={{ text: curl(app.AppServiceSecret) }}
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
            data-testid="quick-start-curl"
          >
            {curl(shown ? app.AppServiceSecret : SECRET_MASK)}
          </Typography.Paragraph>
        </>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="quick-start-none">
          {t('org.settings.quickStartNone')}
        </Typography.Paragraph>
      )}
      <Flex gap={8} wrap>
        {call && (
          <Button icon={shown ? <EyeInvisibleOutlined /> : <EyeOutlined />} onClick={() => setShown(!shown)} aria-pressed={shown} data-testid="quick-start-reveal">
            {t(shown ? 'org.settings.concealSecret' : 'org.settings.revealSecret')}
          </Button>
        )}
        <Button
          icon={<ApiOutlined />}
          href={`${API_REFERENCE_PATH}/${call ? `#/${encodeURIComponent(call.service.name)}` : ''}`}
          target="_blank"
          data-testid="quick-start-reference"
        >
          {call ? t('org.settings.quickStartReference', { service: text(call.service.catalogue.displayName) }) : t('shell.apiReference')}
        </Button>
      </Flex>
    </Card>
  );
}
