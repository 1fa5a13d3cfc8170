import { Button, Dropdown } from 'antd';
import { TranslationOutlined } from '@ant-design/icons';
import { changeLocale, LOCALES, type Locale } from '../../../providers/i18n';
import { useLocale } from '../../lib/useLocale';

/** Chinese or English; the choice is remembered in this browser. */
export function LanguageSwitch() {
  const { t, locale } = useLocale();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        // Each language named in itself, marked as written in it (`lang`).
        items: LOCALES.map((l) => ({ key: l, label: <span lang={l}>{t(`language.${l}`)}</span> })),
        onClick: ({ key }) => void changeLocale(key as Locale),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} title={t('language.label')}>
        <span lang={locale}>{t(`language.${locale}`)}</span>
      </Button>
    </Dropdown>
  );
}
