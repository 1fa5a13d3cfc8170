import type { CallDoc, ErrorRow, FieldNote, FieldRow, ServiceReference } from '../../../resources/docs-api';
import type { Locale } from '../../../providers/i18n';
import type { SdkEndpointDecl } from '../../../resources/sdk-endpoint-types';

/**
 * The API reference pages as Markdown, rendered by the documentation's renderer like the written pages (headings
 * with anchors, tables, highlighted examples with a copy button). Made from the server's reference of what it
 * mounted (`GET /base/docs/reference`); nothing here is written per service. Pure: texts come through `t`.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Text for a Markdown table cell or line: Markdown's marks escaped, line breaks flattened. Backticks are kept, so
 * `code` in a description shows as code, as written: within it only `|` is escaped (a table cell's pipe).
 */
export const escapeMd = (text: string) =>
  text
    .replace(/\s*\n\s*/g, ' ')
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 ? part.replace(/\|/g, '\\|') : part.replace(/([\\*_{}[\]()#+!|<>~])/g, '\\$1')))
    .join('');

/** Inline code holding any text (a backtick inside gets a longer fence). */
const code = (text: string) => {
  const fence = '`'.repeat(Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) + 1);
  const inner = text.replace(/\|/g, '\\|');
  return `${fence}${inner.startsWith('`') || inner.endsWith('`') ? ` ${inner} ` : inner}${fence}`;
};

const noteText = (t: Translate, note: FieldNote) => t(`docs.api.notes.${note.kind}`, { value: note.value ?? '' });

/** A field table: name, type, whether required, description with the field's limits. */
export function fieldTable(t: Translate, rows: FieldRow[]): string {
  if (rows.length === 0) return `${t('docs.api.noFields')}\n`;
  const head = `| ${t('docs.api.field')} | ${t('docs.api.type')} | ${t('docs.api.required')} | ${t('docs.api.description')} |\n|---|---|---|---|\n`;
  const body = rows.map((r) => {
    const about = [r.description ? escapeMd(r.description) : '', ...r.notes.map((n) => escapeMd(noteText(t, n)))].filter(Boolean).join('; ');
    return `| ${code(r.name)} | ${code(r.type)} | ${r.required ? t('docs.api.yes') : ''} | ${about} |`;
  });
  return `${head}${body.join('\n')}\n`;
}

/** An error's message in the page's language (the dictionary's text), or the message as the server sends it. */
export const errorText = (e: ErrorRow, locale: Locale) => e.text?.[locale] ?? e.message;

/** An errors table: status, code, the message in the page's language (and the key the server sends). */
export function errorTable(t: Translate, locale: Locale, errors: (ErrorRow & { calls?: number })[], withCalls = false): string {
  const head = `| ${t('docs.api.status')} | ${t('docs.api.code')} | ${t('docs.api.message')} |${withCalls ? ` ${t('docs.errorsPage.calls')} |` : ''}\n|---|---|---|${withCalls ? '---|' : ''}\n`;
  const body = errors.map((e) => {
    const text = errorText(e, locale);
    const message = text === e.message ? code(e.message) : `${escapeMd(text)} (${code(e.message)})`;
    return `| ${e.status} | ${e.code ? code(e.code) : ''} | ${message} |${withCalls ? ` ${e.calls ?? ''} |` : ''}`;
  });
  return `${head}${body.join('\n')}\n`;
}

const json = (value: unknown) => `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\`\n`;

/** The `curl` line with the server's own address in place of `{origin}`. */
export const curlAt = (call: Pick<CallDoc, 'curl'>, origin: string) => call.curl.replace('{origin}', origin);

/** One call: its summary as the heading, method and path, authentication, the tables, examples and errors. */
export function callMarkdown(t: Translate, locale: Locale, call: CallDoc, origin: string): string {
  const parts = [`## ${escapeMd(call.summary || `${call.method} ${call.path}`)}\n`, `${code(`${call.method} ${call.path}`)}\n`];
  const auth = `**${t('docs.api.auth')}**: ${escapeMd(t(`docs.api.authKinds.${call.auth}`))}`;
  parts.push(call.access?.length ? `${auth} · **${t('docs.api.access')}**: ${call.access.map(code).join(', ')}\n` : `${auth}\n`);
  if (call.pathParams.length) parts.push(`### ${t('docs.api.pathParams')}\n`, fieldTable(t, call.pathParams));
  if (call.query.length) parts.push(`### ${t('docs.api.query')}\n`, fieldTable(t, call.query));
  if (call.body) {
    parts.push(`### ${t('docs.api.body')}\n`, fieldTable(t, call.body.fields));
    if (call.body.example !== undefined) parts.push(`**${t('docs.api.requestExample')}**\n`, json(call.body.example));
  }
  for (const answer of call.answers) {
    parts.push(`### ${t('docs.api.answer')} ${answer.status}\n`, `${escapeMd(answer.description)}\n`);
    if (answer.fields.length) parts.push(fieldTable(t, answer.fields));
    if (answer.example !== undefined) parts.push(`**${t('docs.api.answerExample')}**\n`, json(answer.example));
  }
  if (call.errors.length) parts.push(`### ${t('docs.api.errors')}\n`, errorTable(t, locale, call.errors));
  parts.push(`### ${t('docs.api.example')}\n`, `\`\`\`bash\n${curlAt(call, origin)}\n\`\`\`\n`);
  return parts.join('\n');
}

/** A service's API page: its title and introduction, then every call (those matching `filter`, when given). */
export function apiMarkdown(t: Translate, locale: Locale, service: ServiceReference, origin: string, filter = ''): string {
  const name = service.displayName[locale];
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  const calls = service.calls.filter((c) => words.every((w) => `${c.method} ${c.path} ${c.summary}`.toLowerCase().includes(w)));
  return [
    `# ${escapeMd(t('docs.api.title', { service: name }))}\n`,
    `${escapeMd(t('docs.api.intro', { service: name }))} ${escapeMd(t('docs.api.calls', { n: calls.length }))}\n`,
    ...calls.map((c) => callMarkdown(t, locale, c, origin)),
  ].join('\n');
}

/** A service's error-code page: every error its calls answer, with its message in the page's language. */
export function errorsMarkdown(t: Translate, locale: Locale, service: ServiceReference): string {
  const name = service.displayName[locale];
  return [`# ${escapeMd(t('docs.errorsPage.title', { service: name }))}\n`, `${escapeMd(t('docs.errorsPage.intro', { service: name }))}\n`, errorTable(t, locale, service.errors, true)].join('\n');
}

/**
 * The call a service's SDK page shows: a read before a write, one needing no query before one that does, one with
 * the app's credential or a player's before the others, then the one with the fewest path parameters.
 */
export function sdkExampleCall(calls: CallDoc[]): CallDoc | undefined {
  const rank = (c: CallDoc) => [c.method === 'GET' ? 0 : 1, c.query.some((q) => q.required) ? 1 : 0, c.auth === 'service' || c.auth === 'player' ? 0 : 1, c.pathParams.length];
  const order = (a: CallDoc, b: CallDoc) => rank(a).reduce((d, x, i) => d || x - rank(b)[i], 0);
  return [...calls].sort(order)[0];
}

/** The headers a call authenticates with in JavaScript, as its `curl` line sends them. */
const authHeaders: Record<string, string> = {
  player: "{ Authorization: `Bearer ${process.env.PLAYER_TOKEN}` }",
  service: "{ Authorization: 'Basic ' + btoa(`${process.env.APP_ID}:${process.env.APP_SERVICE_SECRET}`) }",
  session: '{ Cookie: `sst=${process.env.SESSION}` }',
};

/** The call's path and query as its `curl` line gives them, as a JavaScript template (`$ID` → `${process.env.ID}`). */
const pathTemplate = (call: CallDoc) => (/"\{origin\}([^"]*)"/.exec(call.curl)?.[1] ?? call.path).replace(/\$([A-Z][A-Z0-9_]*)/g, '${process.env.$1}');

/**
 * A service's SDK page: calling it over HTTP from a shell, JavaScript and TypeScript, with one of its own calls
 * (`sdkExampleCall`), then the SDK endpoint its servers call when it declares one.
 */
export function sdkMarkdown(t: Translate, locale: Locale, service: ServiceReference, origin: string): string {
  const name = service.displayName[locale];
  const call = sdkExampleCall(service.calls);
  const parts = [`# ${escapeMd(t('docs.sdk.title', { service: name }))}\n`, `${escapeMd(t('docs.sdk.intro', { service: name }))}\n`, `${escapeMd(t('docs.sdk.credentials'))}\n`];
  if (call) {
    const path = pathTemplate(call);
    const auth = authHeaders[call.auth] ?? '{}';
    parts.push(
      `## ${escapeMd(call.summary)}\n`,
      `${code(`${call.method} ${call.path}`)}\n`,
      `### curl\n`,
      `\`\`\`bash\n${curlAt(call, origin)}\n\`\`\`\n`,
      `### JavaScript\n`,
      `\`\`\`js\nconst headers = ${auth};\nconst res = await fetch(\`${origin}${path}\`, { method: '${call.method}', headers });\nif (!res.ok) throw new Error((await res.json()).message);\nconsole.log(await res.json());\n\`\`\`\n`,
      `### TypeScript\n`,
      `\`\`\`ts\ninterface ApiError { message: string; code: string; details?: { field: string; message: string }[] }\n\nconst headers = ${auth};\n\nasync function call<T>(method: string, path: string, body?: unknown): Promise<T> {\n  const res = await fetch(\`${origin}\${path}\`, {\n    method,\n    headers: { ...headers, 'Content-Type': 'application/json' },\n    body: body === undefined ? undefined : JSON.stringify(body),\n  });\n  if (!res.ok) throw (await res.json()) as ApiError;\n  return (await res.json()) as T;\n}\n\nconst answer = await call('${call.method}', \`${path}\`);\n\`\`\`\n`,
    );
  }
  if (service.sdkEndpoint) parts.push(sdkEndpointMarkdown(t, locale, service.sdkEndpoint, name));
  return parts.join('\n');
}

/**
 * The SDK endpoint a service's server processes call, as the service declares it: the variables a server starts
 * with, each call with an example body and what it does there, and the calls in Node.js in the declared order.
 */
export function sdkEndpointMarkdown(t: Translate, locale: Locale, decl: SdkEndpointDecl, service: string): string {
  const variables = decl.variables.map((v) => `| ${code(v.name)} | ${escapeMd(v.about[locale])} |`);
  const calls = decl.calls.map((c) => `| ${code(`${c.method} ${c.path}`)} | ${c.body ? code(JSON.stringify(c.body)) : ''} | ${escapeMd(c.about[locale])} |`);
  const args = (c: SdkEndpointDecl['calls'][number]) => [`'${c.method}'`, `'${c.path}'`, ...(c.body ? [JSON.stringify(c.body)] : [])].join(', ');
  const lines = decl.calls.map((c) => (c.name === 'health' ? `setInterval(() => sdk(${args(c)}).catch(console.error), 1000);` : `await sdk(${args(c)});`));
  const helper = [
    'const sdk = async (method, path, body) => {',
    "  const res = await fetch(`http://${process.env.AGONES_SDK_HTTP_HOST ?? '127.0.0.1'}:${process.env.AGONES_SDK_HTTP_PORT}${path}`, {",
    '    method,',
    "    headers: { 'content-type': 'application/json' },",
    '    body: body === undefined ? undefined : JSON.stringify(body),',
    '  });',
    '  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);',
    '  return res.json();',
    '};',
  ];
  return [
    `## ${escapeMd(t('docs.sdk.endpoint.title'))}\n`,
    `${escapeMd(t('docs.sdk.endpoint.intro', { service }))}\n`,
    `| ${t('docs.sdk.endpoint.variable')} | ${t('docs.api.description')} |\n|---|---|\n${variables.join('\n')}\n`,
    `### ${escapeMd(t('docs.sdk.endpoint.calls'))}\n`,
    `| ${t('docs.sdk.endpoint.call')} | ${t('docs.api.body')} | ${t('docs.api.description')} |\n|---|---|---|\n${calls.join('\n')}\n`,
    `### ${escapeMd(t('docs.sdk.endpoint.example'))}\n`,
    `\`\`\`js\n${[...helper, '', ...lines].join('\n')}\n\`\`\`\n`,
  ].join('\n');
}
