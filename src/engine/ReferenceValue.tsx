import { Link, useParams } from 'react-router';
import { Tag, Typography } from 'antd';
import { allResources } from '../../providers/declarations';
import { findService } from '../../providers/services';
import type { ResourceDecl } from '../../resources/types';
import { showPathOf } from './routes';
import type { OptionsFrom } from './schema';
import { useReferenced } from './useReferenced';

/** The service a declaration belongs to. */
const serviceOf = (decl: ResourceDecl) => allResources().find((r) => r.decl === decl)?.service;

interface NameProps {
  decl: ResourceDecl;
  from: OptionsFrom;
  value: string;
  /** The record holding the value: its `from.parentField` names the parent of a sub-resource's record. */
  holder?: Record<string, unknown>;
  compact?: boolean;
  tag?: boolean;
}

function ReferenceName({ decl, from, value, holder, compact, tag }: NameProps) {
  const { appId: openApp = '' } = useParams();
  // In the back office's lists across apps no app is open: the row's own app holds the record it names.
  const appId = openApp || (typeof holder?.appId === 'string' ? holder.appId : '');
  const service = from.service ? findService(from.service) : serviceOf(decl);
  const found = service?.resources.find((r) => r.name === from.resource);
  // Under the record the holder's field names, or the open app when the app is the parent (`parent.ofApp`).
  const parentId = from.parentField && holder?.[from.parentField] ? String(holder[from.parentField]) : found?.parent?.ofApp && appId ? appId : undefined;
  // A sub-resource's record is read under its parent: without one it is shown by its value.
  const target = found?.parent && !parentId ? undefined : found;
  const record = useReferenced(service, target, from, value, appId, parentId);
  const name = record && from.label ? record[from.label] : undefined;
  // A number reads `#n` (a release's), as the choice offering it does.
  const label = name === undefined || name === null || name === '' ? value : typeof name === 'number' ? `#${name}` : String(name);
  // A record's name is what its user entered (data-user-text: see FieldValue).
  if (tag) return <Tag style={{ marginInlineEnd: 4 }} data-user-text>{label}</Tag>;
  // Linked to its page in the app's console; the back office shows the name only.
  const path = record && target && openApp ? showPathOf(target, appId, record) : undefined;
  const body = compact ? (
    <Typography.Text ellipsis style={{ maxWidth: '100%', color: 'inherit' }} data-user-text>
      {label}
    </Typography.Text>
  ) : (
    <span data-user-text>{label}</span>
  );
  return path ? <Link to={path}>{body}</Link> : <>{body}</>;
}

/**
 * Another record named by a field (`x-ui.optionsFrom`, of another service when it says so): shown by what it is
 * called, linked to its page when it has one; a list of them as tags. A value no record has any more is shown as it is.
 */
export function ReferenceValue({ decl, from, value, holder, compact }: { decl: ResourceDecl; from: OptionsFrom; value: string | unknown[]; holder?: Record<string, unknown>; compact?: boolean }) {
  if (!Array.isArray(value)) return <ReferenceName decl={decl} from={from} value={value} holder={holder} compact={compact} />;
  return (
    <span>
      {value.map((v) => (
        <ReferenceName key={String(v)} decl={decl} from={from} value={String(v)} tag />
      ))}
    </span>
  );
}
