/**
 * The documentation's public calls: which declared services each documentation section covers (and whether this
 * deployment built them), and a section's API reference, shaped by the server from the OpenAPI document of what it
 * mounted (`server/site/docs-reference.ts`). Imports nothing but types, so a public page may use it (ADR 0014).
 */
import type { Text } from './types';
import type { SdkEndpointDecl } from './sdk-endpoint-types';

export const DOCS_SECTIONS_PATH = '/base/docs/sections';
export const DOCS_REFERENCE_PATH = '/base/docs/reference';

/** A declared service as the documentation names it. */
export interface DocServiceSummary {
  name: string;
  displayName: Text;
  /** Where its calls are served (`/upass/v1`). */
  base: string;
  /** Built in this deployment: the server mounted calls of it. */
  available: boolean;
}

/** Every documentation section with services, by its address under /doc (`passport`, `func/stateful`, `others`). */
export interface DocSectionsAnswer {
  sections: Record<string, DocServiceSummary[]>;
}

/** One field of a request or an answer, as a row of the reference's tables. */
export interface FieldRow {
  /** Its place: `name`, `items[].id`, `settings.limits.max`. */
  name: string;
  /** `string`, `integer`, `string[]`, `object`, `"a" | "b"`… */
  type: string;
  required: boolean;
  description?: string;
  /** Its limits and marks, each shown in the page's language. */
  notes: FieldNote[];
}

/**
 * A limit or mark of a field: `length` (`1–64`), `range` (`≥ 0`, `0–100`), `items` (a list's length), `default`,
 * `pattern`, `format` (`date-time`), `readOnly` (set by the server), `writeOnly` (never answered), `unique` items.
 */
export interface FieldNote {
  kind: 'length' | 'range' | 'items' | 'default' | 'pattern' | 'format' | 'readOnly' | 'writeOnly' | 'unique';
  value?: string;
}

/** An error a call may answer, with its message's text in both languages when the dictionary has it. */
export interface ErrorRow {
  status: number;
  code: string;
  message: string;
  text?: Text;
}

/** The success answer of a call. */
export interface AnswerDoc {
  status: number;
  description: string;
  fields: FieldRow[];
  example?: unknown;
}

/** One call of a service, everything its reference says. */
export interface CallDoc {
  /** Unique in the document (the OpenAPI operation id): the call's anchor on its page. */
  id: string;
  method: string;
  path: string;
  summary: string;
  /** How it authenticates: `none`, `session`, `admin`, `service`, `player`. */
  auth: string;
  /** Who may call it, where the declaration says more (organisation roles, `app`, `admin`). */
  access?: string[];
  pathParams: FieldRow[];
  query: FieldRow[];
  body?: { required: boolean; fields: FieldRow[]; example?: unknown };
  answers: AnswerDoc[];
  errors: ErrorRow[];
  /** A `curl` line calling it (credentials and ids as shell variables). */
  curl: string;
}

/** A service's API reference. */
export interface ServiceReference extends DocServiceSummary {
  calls: CallDoc[];
  /** Every error its calls answer, once per status and code, with how many calls answer it. */
  errors: (ErrorRow & { calls: number })[];
  /** The SDK endpoint its server processes call, as it declares it. */
  sdkEndpoint?: SdkEndpointDecl;
}

export interface DocReferenceAnswer {
  /** The section's address under /doc. */
  section: string;
  services: ServiceReference[];
}
