import { addSection } from '../../../providers/i18n';
import { opsMessages } from '../../../resources/messages/ops';
import { ops } from '../../locales/sections/ops';

// The site pages' texts and messages (the `ops` section), added when the first of them loads.
addSection('ops', ops, opsMessages);
