import { addTexts } from '../../../providers/i18n';
import { addServerMessages } from '../../../resources/messages/lookup';
import { paymentsMessages } from '../../../resources/messages/payments';
import { payments } from '../../locales/sections/payments';

// The public payment pages' texts and messages (the `payments` section), added when the first of them loads.
addTexts({ 'zh-CN': { payments: payments['zh-CN'] }, en: { payments: payments.en } });
addServerMessages(paymentsMessages);
