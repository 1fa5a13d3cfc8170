import { useLocale } from '../../lib/useLocale';
import ContactUsPage from './ContactUsPage';
import './site-texts';

/**
 * `/wish`: a feature request. It is stored and mailed like a contact-us message (`POST /base/contact-us`), its first
 * line saying it is a feature request, so the team reads it where it reads the others.
 */
export default function WishPage() {
  const { t } = useLocale();
  return <ContactUsPage title={t('sitePages.wish.title')} subtitle={t('sitePages.wish.subtitle')} prefix={t('sitePages.wish.prefix')} />;
}
