import { useMemo, useState } from 'react';
import { Breadcrumb, Button, Typography } from 'antd';
import { FolderOutlined, HomeOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import type { BaseRecord } from '@refinedev/core';
import { directoryListCall, directoryName, directorySteps, isDirectoryRow } from '../../resources/directory-list';
import type { ListDecl } from '../../resources/types';
import type { DeclaredScope } from './useDeclared';

/** A breadcrumb's step back up: a button (reached with Tab), as tall as the trail's text. */
const STEP = { paddingInline: 0, height: 'auto' };

/**
 * A list browsed one directory at a time (`ListDecl.directories`), on its parent's page while nothing is searched
 * or filtered: the directory's listing call in the list's `meta` (which the data provider takes only for a list with
 * no search or filter), and for the table, once it knows whether it is filtered (`view`): sub-directories as rows that
 * open them (their name, how many records they hold; no record actions) and breadcrumbs from the root back up.
 */
export function useDirectories(scope: DeclaredScope) {
  const { decl, service, meta, parentId, t } = scope;
  const browse = decl.list.directories;
  const [dir, setDir] = useState('');
  const browsable = !!browse && !!parentId;
  const listMeta = useMemo(
    () => (browsable ? { ...meta, listCall: directoryListCall(service, decl, String(parentId), dir.replace(/\/$/, '')) } : meta),
    [browsable, meta, service, decl, parentId, dir],
  );
  const rowKey = (r: BaseRecord) => (isDirectoryRow(r) ? `directory:${String(r[browse?.field ?? 'path'])}` : undefined);
  return { dir, setDir, listMeta, rowKey, view: (filtering: boolean) => directoryView(browsable && !filtering, browse, dir, setDir, t) };
}

/** The table's columns and breadcrumb of a directory shown (`browsing`), or the plain list's. */
function directoryView(browsing: boolean, browse: ListDecl['directories'], dir: string, setDir: (dir: string) => void, t: DeclaredScope['t']) {
  const columns = (base: ColumnsType<BaseRecord>): ColumnsType<BaseRecord> =>
    !browsing || !browse
      ? base
      : base.map((c) => {
          const render = c.render;
          // A directory lists in path order, sub-directories first: its columns do not sort it.
          const unsorted = { ...c, sorter: false, sortOrder: null };
          if (c.key === browse.field)
            return {
              ...unsorted,
              render: (v: unknown, r: BaseRecord, i: number) =>
                isDirectoryRow(r) ? (
                  <Button type="link" icon={<FolderOutlined />} onClick={() => setDir(String(r[browse.field]))} style={{ paddingInline: 0, fontWeight: 500 }} data-testid="directory-row">
                    <span data-user-text>{directoryName(String(r[browse.field]))}/</span>
                    <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontWeight: 400 }}>
                      {t('engine.directoryCount', { count: Number(r.entryCount ?? 0) })}
                    </Typography.Text>
                  </Button>
                ) : (
                  // A record by its name within the directory open (its page and links keep the whole path).
                  render?.(String(v).startsWith(dir) ? String(v).slice(dir.length) : v, r, i)
                ),
            };
          return { ...unsorted, render: (v: unknown, r: BaseRecord, i: number) => (isDirectoryRow(r) ? null : render ? render(v, r, i) : (v as never)) };
        });

  const breadcrumb = browsing ? (
    <Breadcrumb
      style={{ marginBottom: 8 }}
      data-testid="directory-breadcrumb"
      items={[
        {
          title:
            dir === '' ? (
              <span aria-current="location">
                <HomeOutlined /> {t('engine.directoryRoot')}
              </span>
            ) : (
              <Button type="link" size="small" icon={<HomeOutlined />} onClick={() => setDir('')} style={STEP}>
                {t('engine.directoryRoot')}
              </Button>
            ),
        },
        ...directorySteps(dir).map((step, i, all) => ({
          title:
            i === all.length - 1 ? (
              <span aria-current="location">{step.name}</span>
            ) : (
              <Button type="link" size="small" onClick={() => setDir(step.dir)} style={STEP}>
                {step.name}
              </Button>
            ),
        })),
      ]}
    />
  ) : null;

  return { columns, breadcrumb };
}
