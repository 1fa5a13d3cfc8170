import { useEffect, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import type { SignInAnswer } from '../../../resources/account-api';
import { fetchBaseInfo, fetchSessions, forgetIdentity } from '../../../providers/auth';
import { request } from '../../../providers/http';
import { toast } from '../../../providers/notification';
import { useLocale } from '../../lib/useLocale';

const SHOWN_KEY = 'lodestar.policyPrompted';

function alreadyShown(version: string): boolean {
  try {
    return sessionStorage.getItem(SHOWN_KEY) === version;
  } catch {
    return false;
  }
}

function markShown(version: string): void {
  try {
    sessionStorage.setItem(SHOWN_KEY, version);
  } catch {
    // Without storage the prompt may come back on the next page load.
  }
}

/**
 * Asks a signed-in user who has not accepted the current terms of use to accept them: once per browser session
 * and terms version. Mount it once in the signed-in layout. Someone who accepted earlier terms is told they
 * changed; someone who never accepted any (an account from an external sign-in) is only asked.
 */
export function PolicyPrompt() {
  const { t } = useLocale();
  const [version, setVersion] = useState<string>();
  const [first, setFirst] = useState(false);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    let live = true;
    void Promise.all([fetchSessions(), fetchBaseInfo()]).then(([sessions, info]) => {
      const current = info?.PolicyInfo.Version;
      if (!live || !current || !sessions.user || sessions.user.policyAccepted || alreadyShown(current)) return;
      markShown(current);
      setFirst(!sessions.user.properties.policyVersion);
      setVersion(current);
    });
    return () => {
      live = false;
    };
  }, []);

  async function accept() {
    if (!version) return;
    setPending(true);
    const answer = await request<SignInAnswer>('/auth/accept-policy', { method: 'POST', body: { version } });
    setPending(false);
    if (!answer) return;
    forgetIdentity();
    toast('success', t('account.policy.accepted'));
    setVersion(undefined);
  }

  return (
    <Modal
      open={!!version}
      title={t(first ? 'account.policy.firstTitle' : 'account.policy.title')}
      onCancel={() => setVersion(undefined)}
      maskClosable={false}
      footer={[
        <Button key="later" onClick={() => setVersion(undefined)} data-testid="policy-later">
          {t('account.policy.later')}
        </Button>,
        <Button key="accept" type="primary" loading={pending} onClick={() => void accept()} data-testid="policy-accept">
          {t('account.policy.accept')}
        </Button>,
      ]}
    >
      <Typography.Paragraph data-testid="policy-prompt">{t(first ? 'account.policy.firstBody' : 'account.policy.body', { version })}</Typography.Paragraph>
      <Typography.Link href="/policy/tos" target="_blank" rel="noopener">
        <FileTextOutlined /> {t('account.policy.read')}
      </Typography.Link>
    </Modal>
  );
}
