import type { UiSchema } from '@rjsf/utils';
import type { JsonSchema, Text } from '../../../resources/types';
import { fieldTitle, localText, propertiesOf, xui, type PropSchema } from '../schema';

type Locale = keyof Text;

/**
 * The uiSchema of a declared form, generated from the schema's `x-ui` hints: titles, help and placeholders in
 * the current language, enum labels, and the widget each field names. A name in `fieldNames` replaces the
 * whole field (it needs more than its own value: siblings, nested data); any other name is a widget.
 */
export function buildUiSchema(schema: JsonSchema, locale: Locale, fieldNames: Set<string>, autofocus = true): UiSchema {
  const ui = objectUi(schema as PropSchema, locale, fieldNames);
  const first = propertiesOf(schema)[0]?.[0];
  if (autofocus && first) ui[first] = { ...(ui[first] as UiSchema), 'ui:autofocus': true };
  return { ...ui, 'ui:submitButtonOptions': { norender: true } };
}

function objectUi(schema: PropSchema, locale: Locale, fieldNames: Set<string>): UiSchema {
  const ui: UiSchema = {};
  const layout = xui(schema).layout;
  if (layout) ui['ui:options'] = { layout };
  for (const [name, prop] of propertiesOf(schema)) ui[name] = propertyUi(prop, name, locale, fieldNames);
  // Fields that appear under a condition (`allOf: [{ if, then: { properties } }]`) get their hints too.
  const conditions = ((schema as { allOf?: { then?: PropSchema }[] }).allOf ?? []).flatMap((c) => (c.then ? [c.then] : []));
  for (const then of conditions) for (const [name, prop] of propertiesOf(then)) ui[name] ??= propertyUi(prop, name, locale, fieldNames);
  return ui;
}

function propertyUi(prop: PropSchema, name: string, locale: Locale, fieldNames: Set<string>): UiSchema {
  const hints = xui(prop);
  const ui: UiSchema = { 'ui:title': fieldTitle(prop, name, locale) };
  const help = localText(hints.help, locale);
  if (help) ui['ui:help'] = help;
  const placeholder = localText(hints.placeholder, locale);
  if (placeholder) ui['ui:placeholder'] = placeholder;
  if (prop.enum && hints.enumNames?.[locale]) ui['ui:enumNames'] = hints.enumNames[locale];

  // Another record's id (or a list of them): chosen from that resource unless a widget of its own is named.
  const optionsFrom = hints.optionsFrom ?? (prop.type === 'array' && prop.items ? xui(prop.items).optionsFrom : undefined);
  // A write-only field (a secret) is always typed into a masked input the browser does not fill in; one declared as
  // a text area (a key file's lines) keeps its lines there.
  const secret = prop.writeOnly === true;
  const widget = secret ? 'secret' : (hints.widget ?? (optionsFrom ? 'reference' : prop.format === 'date-time' ? 'datetime' : undefined));
  if (widget && fieldNames.has(widget)) ui['ui:field'] = widget;
  else if (widget) ui['ui:widget'] = widget;

  const options: Record<string, string | object> = {};
  if (hints.typeField) options.typeField = hints.typeField;
  if (hints.validatePath) options.validatePath = hints.validatePath;
  if (optionsFrom) options.optionsFrom = optionsFrom;
  if (secret && hints.widget === 'textarea') options.multiline = 'on';
  if (Object.keys(options).length) ui['ui:options'] = options;

  if (prop.type === 'object' && prop.properties && !ui['ui:field']) Object.assign(ui, objectUi(prop, locale, fieldNames));
  if (prop.type === 'array' && prop.items && widget !== 'reference') {
    const items = prop.items;
    // An entry of a list of values with no title of its own is named as the list is (not by the field's code name).
    ui.items = items.type === 'object' ? objectUi(items, locale, fieldNames) : propertyUi(items, name, locale, fieldNames);
    if (items.type !== 'object' && !xui(items).title && !items.title) ui.items['ui:title'] = ui['ui:title'];
  }
  return ui;
}
