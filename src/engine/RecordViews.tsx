import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Tabs, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import type { ViewDecl } from '../../resources/types';
import { useViewRows, type ViewRowsState } from './useViewRows';
import { viewGroups, viewSummary } from './view-columns';
import { ViewTable } from './ViewTable';
import { useViewRowCommands } from './RowCommands';
import { ViewCommands } from './ViewCommands';
import type { DeclaredScope } from './useDeclared';

interface PaneProps {
  scope: DeclaredScope;
  view: ViewDecl;
  record: BaseRecord;
  /** Draws the pane around the table, given the view's state (a card of its own, or a tab). */
  frame: (state: ViewRowsState, table: ReactNode) => ReactNode;
}

/** One view: its rows read once here, its table, drawn in the frame it is shown in. */
function ViewPane({ scope, view, record, frame }: PaneProps) {
  const state = useViewRows(scope.service, scope.decl, view, record, scope.appId);
  const rowCommands = useViewRowCommands(scope, view, record, state);
  const table = <ViewTable service={scope.service} owner={scope.decl} view={view} state={state} appId={scope.appId} actions={rowCommands.actions} />;
  return (
    <>
      {frame(state, table)}
      {rowCommands.element}
    </>
  );
}

function Extra({ scope, view, state, record }: { scope: DeclaredScope; view: ViewDecl; state: ViewRowsState; record: BaseRecord }) {
  const { t, text } = scope;
  return (
    <>
      <Typography.Text type="secondary">{viewSummary(view, state.total, text, scope.locale)}</Typography.Text>
      {view.recordCommands?.length ? <ViewCommands scope={scope} view={view} record={record} onDone={() => void state.refetch()} /> : null}
      <Tooltip title={t('common.refresh')}>
        <Button type="text" size="small" icon={<ReloadOutlined />} loading={state.loading} onClick={() => void state.refetch()} aria-label={t('common.refresh')} />
      </Tooltip>
    </>
  );
}

/** Views sharing a group: tabs of one card, each named with its total. */
function ViewTabs({ scope, views, record, title }: { scope: DeclaredScope; views: ViewDecl[]; record: BaseRecord; title: string }) {
  const [totals, setTotals] = useState<Record<string, number | undefined>>({});
  return (
    <Card title={title} size="small" style={{ marginTop: 16 }}>
      <Tabs
        size="small"
        items={views.map((view) => ({
          key: view.name,
          label: `${scope.text(view.label)}${totals[view.name] === undefined ? '' : ` (${totals[view.name]})`}`,
          forceRender: true,
          children: (
            <ViewPane
              scope={scope}
              view={view}
              record={record}
              frame={(state, table) => (
                <div data-testid={`view-${view.name}`}>
                  <ReportTotal total={state.total} onTotal={(total) => setTotals((s) => (s[view.name] === total ? s : { ...s, [view.name]: total }))} />
                  {view.recordCommands?.length ? (
                    <div style={{ textAlign: 'right', marginBottom: 8 }}>
                      <ViewCommands scope={scope} view={view} record={record} onDone={() => void state.refetch()} />
                    </div>
                  ) : null}
                  {table}
                </div>
              )}
            />
          ),
        }))}
      />
    </Card>
  );
}

function ReportTotal({ total, onTotal }: { total: number | undefined; onTotal: (total: number | undefined) => void }) {
  useEffect(() => onTotal(total), [total, onTotal]);
  return null;
}

/**
 * A record's declared views (its ban history, a code's redemptions, a tag's holders): each read through its call
 * and shown as a table in a card of its own, or as tabs of one card where views share a group.
 */
export function RecordViews({ scope, record }: { scope: DeclaredScope; record: BaseRecord }) {
  const groups = useMemo(() => viewGroups(scope.decl.views ?? []), [scope.decl]);
  return (
    <>
      {groups.map(({ group, views }) =>
        group ? (
          <ViewTabs key={views[0].name} scope={scope} views={views} record={record} title={scope.text(group)} />
        ) : (
          <ViewPane
            key={views[0].name}
            scope={scope}
            view={views[0]}
            record={record}
            frame={(state, table) => (
              <Card title={scope.text(views[0].label)} size="small" style={{ marginTop: 16 }} extra={<Extra scope={scope} view={views[0]} state={state} record={record} />} data-testid={`view-${views[0].name}`}>
                {table}
              </Card>
            )}
          />
        ),
      )}
    </>
  );
}
