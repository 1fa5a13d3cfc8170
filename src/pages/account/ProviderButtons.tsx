import { Button, Divider, Flex } from 'antd';
import { LoginOutlined } from '@ant-design/icons';
import type { ExternalProviderInfo } from '../../../resources/account-api';
import { startExternalSignIn } from '../../../providers/auth';
import { useLocale } from '../../lib/useLocale';

/** One button per configured external sign-in provider. */
export function ProviderButtons({ providers, to }: { providers: ExternalProviderInfo[]; to?: string }) {
  const { t } = useLocale();
  if (!providers.length) return null;
  return (
    <>
      <Divider plain style={{ margin: '20px 0 16px' }}>
        {t('account.providers.divider')}
      </Divider>
      <Flex vertical gap={8}>
        {providers.map((p) => (
          <Button key={p.Id} block icon={<LoginOutlined />} onClick={() => startExternalSignIn(p, { to })} data-testid={`provider-${p.Id}`}>
            {t('account.providers.signInWith', { name: p.Name })}
          </Button>
        ))}
      </Flex>
    </>
  );
}
