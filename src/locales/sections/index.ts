import { account } from './account';
import { billing } from './billing';
import { metering } from './metering';
import { payments } from './payments';
import { ops } from './ops';
import { org } from './org';
import { shell } from './shell';

/** Sections of the console texts kept in their own files, each under its own top-level key. */
export const sections = {
  'zh-CN': { account: account['zh-CN'], org: org['zh-CN'], ops: ops['zh-CN'], shell: shell['zh-CN'], billing: billing['zh-CN'], metering: metering['zh-CN'], payments: payments['zh-CN'] },
  en: { account: account.en, org: org.en, ops: ops.en, shell: shell.en, billing: billing.en, metering: metering.en, payments: payments.en },
};
