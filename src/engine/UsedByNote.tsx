import type { ReactNode } from 'react';
import { Typography } from 'antd';
import type { OnDelete } from '../../resources/types';
import type { DeclaredScope } from './useDeclared';

/** One referring resource's records, as `GET <item>/used-by` answers them. */
export interface UsedByGroup {
  resource: string;
  onDelete: OnDelete;
  total: number;
  items: { id: string; title: string }[];
}

/**
 * The delete confirmation's account of what uses the record: per referring resource, a few of its records by title
 * and what the delete does to them (refused, deleted too, cleared, or left pointing at nothing).
 */
function UsedByNote({ groups, scope }: { groups: UsedByGroup[]; scope: DeclaredScope }) {
  const { t, text, service } = scope;
  return (
    <div data-testid="used-by">
      {groups.map((g) => {
        const decl = service.resources.find((r) => r.name === g.resource);
        const names = g.items.map((i) => `“${i.title}”`).join(t('engine.usedBy.separator')) + (g.total > g.items.length ? t('engine.usedBy.more', { count: g.total - g.items.length }) : '');
        return (
          <Typography.Paragraph key={g.resource} type={g.onDelete === 'restrict' ? 'danger' : 'warning'} style={{ marginBottom: 8 }}>
            {t('engine.usedBy.line', { count: g.total, name: decl ? text(decl.label) : g.resource, names })} {t(`engine.usedBy.${g.onDelete}`)}
          </Typography.Paragraph>
        );
      })}
    </div>
  );
}

/** A delete confirmation's body: what uses the record (when anything does), then the question. */
export const deleteConfirmContent = (groups: UsedByGroup[], scope: DeclaredScope, question: string): ReactNode => (
  <>
    {groups.length > 0 && <UsedByNote groups={groups} scope={scope} />}
    {question}
  </>
);
