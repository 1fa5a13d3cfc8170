import { Component, Suspense, type ReactNode } from 'react';
import { Alert, Card, Skeleton } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { panelRegistry } from '../pages/registry';
import { useLocale } from '../lib/useLocale';
import type { DeclaredScope } from './useDeclared';

/** Keeps a panel's failure inside the panel: the record's page around it stays usable. */
class PanelBoundary extends Component<{ fallback: (error: Error) => ReactNode; children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** The declared panels of a record's page (a leaderboard's ranking, a persona's inventory), given the record. */
export function RecordPanels({ scope, record }: { scope: DeclaredScope; record: BaseRecord }) {
  const { t } = useLocale();
  const panels = (scope.decl.panels ?? []).flatMap((key) => (panelRegistry[key] ? [{ key, Panel: panelRegistry[key] }] : []));
  return (
    <>
      {panels.map(({ key, Panel }) => (
        <div key={key} style={{ marginTop: 16 }} data-testid={`panel-${key}`}>
          <PanelBoundary fallback={(error) => <Alert type="error" showIcon message={t('engine.panelFailed')} description={error.message} />}>
            <Suspense
              fallback={
                <Card>
                  <Skeleton active paragraph={{ rows: 4 }} />
                </Card>
              }
            >
              <Panel record={record} appId={scope.appId} />
            </Suspense>
          </PanelBoundary>
        </div>
      ))}
    </>
  );
}
