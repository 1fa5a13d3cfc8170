/**
 * What the operation history calls an action code (`remote-config.overrides.disable`), read from the declarations:
 * the service's name, the record's singular and the action's label, in the console's two languages. The server
 * writes the codes (`<service>.<resource>.<operation>` for declared records, `<history>.<action>` for platform
 * entities, the platform's own in `platform-operations.ts`); the back office's history and the app's monitor show
 * these labels instead.
 */
import { services } from './index';
import { TRANSACTIONS } from './billing-api';
import { CERTIFICATIONS, INVOICES } from './payments-api';
import type { PlatformEntityDecl } from './platform-entities';
import { PLATFORM_OPERATIONS } from './platform-operations';
import type { ResourceDecl, ServiceDecl, Text } from './types';

/** The records engine's own operations on a record (its create, update, delete and import). */
const OPERATIONS: Record<string, Text> = {
  create: { 'zh-CN': '创建', en: 'Create' },
  update: { 'zh-CN': '修改', en: 'Update' },
  delete: { 'zh-CN': '删除', en: 'Delete' },
  import: { 'zh-CN': '导入', en: 'Import' },
};

/** A record part replaced on its own (`<field>.replace`). */
const REPLACE: Text = { 'zh-CN': '修改', en: 'Change' };

const SEPARATOR = ' · ';

export interface HistoryDeclarations {
  services: ServiceDecl[];
  entities: PlatformEntityDecl[];
  /** The platform's own operations, by code. */
  operations: Record<string, Text>;
}

const DECLARED: HistoryDeclarations = { services, entities: [TRANSACTIONS, INVOICES, CERTIFICATIONS], operations: PLATFORM_OPERATIONS };

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** A label inside an English phrase: `Variants` → `variants`, an initialism (`ID domains`) kept. */
const inPhrase = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

/** A verb and its object as one phrase: 修改变体, Change variants. */
const phrase = (verb: Text, object: Text): Text => ({ 'zh-CN': `${verb['zh-CN']}${object['zh-CN']}`, en: `${verb.en} ${inPhrase(object.en)}` });

/** What the record's operation `name` is called: its declared state action or command, the engine's own, or a part's change. */
function verbOf(res: { actions?: ResourceDecl['actions']; commands?: ResourceDecl['commands']; parts?: ResourceDecl['parts'] }, name: string): Text | undefined {
  const command = res.commands?.find((c) => c.name === name)?.label ?? res.commands?.find((c) => c.choose?.replaced.name === name)?.choose?.replaced.label;
  const declared = res.actions?.find((a) => a.name === name)?.label ?? command ?? OPERATIONS[name];
  if (declared) return declared;
  const part = res.parts?.find((p) => `${p.field}.replace` === name);
  return part && phrase(REPLACE, part.label);
}

/** The labels joined in each language, and the code's undeclared rest (as written) after them. */
function joined(parts: Text[], rest: string | undefined): Text {
  const line = (lang: keyof Text) => [...parts.map((p) => p[lang]), ...(rest ? [rest] : [])].join(SEPARATOR);
  return { 'zh-CN': line('zh-CN'), en: line('en') };
}

const noun = (singular: Text): Text => ({ 'zh-CN': singular['zh-CN'], en: capitalised(singular.en) });

/**
 * The label of an action code, e.g. `remote-config.overrides.disable` → 远程配置 · 覆盖规则 · 停用 / Remote Config ·
 * Override · Disable; an operation the service's code records is named by the service's `history`
 * (`passport.leaderboards.reset` → Passport · Leaderboard · Reset). A code whose operation is not declared keeps that
 * part as written after what is (`passport.leaderboards.rebuild` → Passport · Leaderboard · rebuild); one that names
 * no declared service, platform entity or platform operation has no label (undefined): show the code.
 */
export function historyActionLabel(code: string, decls: HistoryDeclarations = DECLARED): Text | undefined {
  if (Object.hasOwn(decls.operations, code)) return decls.operations[code];
  for (const entity of decls.entities) {
    if (!code.startsWith(`${entity.history}.`)) continue;
    const name = code.slice(entity.history.length + 1);
    const verb = verbOf(entity, name);
    return joined(verb ? [noun(entity.singular), verb] : [noun(entity.singular)], verb ? undefined : name);
  }
  const [serviceName, resourceName, ...operation] = code.split('.');
  const service = decls.services.find((s) => s.name === serviceName);
  if (!service) return undefined;
  const res = service.resources.find((r) => r.name === resourceName);
  // An operation the service's own code records, named in its declaration: after the record's name when it has one.
  const own = service.history?.[code.slice(serviceName.length + 1)];
  if (own) return joined([service.catalogue.displayName, ...(res ? [noun(res.singular)] : []), own], undefined);
  if (!res) return joined([service.catalogue.displayName], code.slice(serviceName.length + 1) || undefined);
  const name = operation.join('.');
  const verb = name ? verbOf(res, name) : undefined;
  return joined([service.catalogue.displayName, noun(res.singular), ...(verb ? [verb] : [])], verb ? undefined : name || undefined);
}
