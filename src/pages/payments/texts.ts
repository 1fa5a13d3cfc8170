import { addSection } from '../../../providers/i18n';
import { paymentsMessages } from '../../../resources/messages/payments';
import { payments } from '../../locales/sections/payments';

// The public payment pages' texts and messages (the `payments` section), added when the first of them loads.
addSection('payments', payments, paymentsMessages);
