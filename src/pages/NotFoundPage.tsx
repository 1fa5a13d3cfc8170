import { useNavigate } from 'react-router';
import { Button, Result } from 'antd';
import { useLocale } from '../lib/useLocale';
import { usePageTitle } from '../lib/usePageTitle';

/** Any address the console does not know. */
export default function NotFoundPage() {
  const { t } = useLocale();
  const navigate = useNavigate();
  usePageTitle(t('notFound.title'));
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.hint')}
      extra={
        <Button type="primary" onClick={() => navigate('/apps')}>
          {t('notFound.home')}
        </Button>
      }
    />
  );
}
