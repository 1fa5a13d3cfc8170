import { Link } from 'react-router';
import { Button, Result, Space } from 'antd';
import { BookOutlined, ShopOutlined } from '@ant-design/icons';
import type { ServiceDecl } from '../../../resources/types';
import { useLocale } from '../../lib/useLocale';

/** What a playground of a service this deployment does not run says: that plainly, with its docs and product page. */
export function NotAvailable({ service }: { service: ServiceDecl }) {
  const { t, text } = useLocale();
  const name = text(service.catalogue.displayName);
  const { docPage, productPage } = service.catalogue;
  return (
    <div data-testid="playground-not-available">
      <Result
        status="info"
        title={t('playgrounds.notAvailable.title', { service: name })}
        subTitle={t('playgrounds.notAvailable.hint', { service: name })}
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            {docPage && (
              <Link to={docPage}>
                <Button type="primary" icon={<BookOutlined />}>
                  {t('playgrounds.notAvailable.docs')}
                </Button>
              </Link>
            )}
            {productPage && (
              <Link to={productPage}>
                <Button icon={<ShopOutlined />}>{t('playgrounds.notAvailable.product')}</Button>
              </Link>
            )}
          </Space>
        }
      />
    </div>
  );
}
