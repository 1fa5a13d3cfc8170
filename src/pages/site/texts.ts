import { addTexts } from '../../../providers/i18n';
import { addServerMessages } from '../../../resources/messages/lookup';
import { opsMessages } from '../../../resources/messages/ops';
import { ops } from '../../locales/sections/ops';

// The site pages' texts and messages (the `ops` section), added when the first of them loads.
addTexts({ 'zh-CN': { ops: ops['zh-CN'] }, en: { ops: ops.en } });
addServerMessages(opsMessages);
