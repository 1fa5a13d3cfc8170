import { Link, useParams } from 'react-router';
import { Tag, Typography } from 'antd';
import { allResources } from '../../providers/declarations';
import type { ResourceDecl } from '../../resources/types';
import { showPathOf } from './routes';
import type { OptionsFrom } from './schema';
import { useReferenced } from './useReferenced';

/** The service a declaration belongs to. */
const serviceOf = (decl: ResourceDecl) => allResources().find((r) => r.decl === decl)?.service;

function ReferenceName({ decl, from, value, compact, tag }: { decl: ResourceDecl; from: OptionsFrom; value: string; compact?: boolean; tag?: boolean }) {
  const { appId = '' } = useParams();
  const service = serviceOf(decl);
  const target = service?.resources.find((r) => r.name === from.resource);
  const record = useReferenced(service, target, from, value, appId);
  const name = record && from.label ? record[from.label] : undefined;
  const label = name === undefined || name === null || name === '' ? value : String(name);
  // A record's name is what its user entered (data-user-text: see FieldValue).
  if (tag) return <Tag style={{ marginInlineEnd: 4 }} data-user-text>{label}</Tag>;
  const path = record && target ? showPathOf(target, appId, record) : undefined;
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
 * Another record named by a field (`x-ui.optionsFrom`): shown by what it is called, linked to its page when it
 * has one; a list of them as tags. A value no record has any more is shown as it is.
 */
export function ReferenceValue({ decl, from, value, compact }: { decl: ResourceDecl; from: OptionsFrom; value: string | unknown[]; compact?: boolean }) {
  if (!Array.isArray(value)) return <ReferenceName decl={decl} from={from} value={value} compact={compact} />;
  return (
    <span>
      {value.map((v) => (
        <ReferenceName key={String(v)} decl={decl} from={from} value={String(v)} tag />
      ))}
    </span>
  );
}
