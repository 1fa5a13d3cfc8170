import { useMemo } from 'react';
import { Card, Tabs } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { childrenOf } from './children';
import { ResourceTable } from './ResourceTable';
import type { DeclaredScope } from './useDeclared';

/**
 * A record's children (a realm's users and personas, a guild's members): the list of each child resource filtered
 * to this record, one under a card, several as tabs. New children created here start tied to the record.
 */
export function RecordChildren({ scope, record }: { scope: DeclaredScope; record: BaseRecord }) {
  const { text, service, decl } = scope;
  const id = String(record[decl.idField] ?? '');
  // Stable per record, so the lists keep their page and filters across re-renders.
  const children = useMemo(() => childrenOf(service, decl, id), [service, decl, id]);
  if (children.length === 0) return null;
  if (children.length === 1) {
    const [{ declared, fixed }] = children;
    return (
      <Card title={text(declared.decl.label)} style={{ marginTop: 16 }} data-testid={`children-${declared.decl.name}`}>
        <ResourceTable declared={declared} fixed={fixed} changedWith={record.version} />
      </Card>
    );
  }
  return (
    <Card style={{ marginTop: 16 }} styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        destroyOnHidden
        items={children.map(({ declared, fixed }) => ({
          key: declared.decl.name,
          label: text(declared.decl.label),
          children: (
            <div data-testid={`children-${declared.decl.name}`}>
              <ResourceTable declared={declared} fixed={fixed} changedWith={record.version} />
            </div>
          ),
        }))}
      />
    </Card>
  );
}
