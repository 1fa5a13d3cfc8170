import { addSection } from '../../../providers/i18n';
import { docs } from '../../locales/sections/docs';

// The documentation pages' texts (the `docs` section), added when the first of them loads. Their server messages
// are those every page has; the error-code pages bring the texts of their messages with the reference.
addSection('docs', docs, {});
