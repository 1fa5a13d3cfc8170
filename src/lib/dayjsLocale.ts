import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { currentLocale, i18n, type Locale } from '../../providers/i18n';

// The console's dates (date pickers, month and weekday names) follow its language: set when the console loads and
// on every switch. The public pages print dates in fixed numeric formats only and do not load this.
const dayjsLocale = (locale: Locale) => (locale === 'zh-CN' ? 'zh-cn' : 'en');
dayjs.locale(dayjsLocale(currentLocale()));
i18n.on('languageChanged', () => dayjs.locale(dayjsLocale(currentLocale())));
