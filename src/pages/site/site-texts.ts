import { addSection } from '../../../providers/i18n';
import { sitePages } from '../../locales/sections/site-pages';

// The site's own pages' texts (the `sitePages` section), added when the first of them loads. No server messages.
addSection('sitePages', sitePages, {});
