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
        items: LOCALES.map((l) => ({ key: l, label: t(`language.${l}`) })),
        onClick: ({ key }) => void changeLocale(key as Locale),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} title={t('language.label')}>
        {t(`language.${locale}`)}
      </Button>
    </Dropdown>
  );
}
