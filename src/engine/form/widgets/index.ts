import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { ConfigValuesField } from './ConfigValuesField';
import { DateTimeWidget } from './DateTimeWidget';
import { ExpressionWidget } from './ExpressionWidget';
import { PercentWidget } from './PercentWidget';
import { ReferenceWidget } from './ReferenceWidget';
import { SecretWidget } from './SecretWidget';
import { TypedValueField } from './TypedValue';
import { VariableNameWidget } from './VariableNameWidget';

/** Widgets by the names schemas use in `x-ui.widget` (`textarea` is the theme's own). */
export const WIDGETS: RegistryWidgetsType = {
  variableName: VariableNameWidget,
  expression: ExpressionWidget,
  datetime: DateTimeWidget,
  percent: PercentWidget,
  reference: ReferenceWidget,
  secret: SecretWidget,
};

/** `x-ui.widget` names that replace the whole field: they read siblings or edit nested data. */
export const FIELDS: RegistryFieldsType = {
  typedValue: TypedValueField,
  configValues: ConfigValuesField,
};

export const FIELD_NAMES = new Set(Object.keys(FIELDS));
