import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The service's calls as the upload makes them, answered here: the bucket's entries, upload grants, entry writes. */
const calls = vi.hoisted(() => ({
  entries: [] as { id: string; version: number; path: string; contentHash: string; labels?: string[] }[],
  grants: [] as string[],
  writes: [] as Record<string, unknown>[],
  refuse: new Set<string>(),
}));

vi.mock('../../src/pages/cdn/cdn-api', () => ({
  allRecords: async () => calls.entries,
  cdnCall: async (_app: string, name: string, params: { hash: string }) => {
    expect(name).toBe('entries.uploadToken');
    calls.grants.push(params.hash);
    if (calls.refuse.has(params.hash)) throw new Error('content larger than the upload limit');
    return { stored: true };
  },
  writeEntry: async (_app: string, _bucket: string, entry: Record<string, unknown>) => {
    calls.writes.push(entry);
    return { data: entry };
  },
}));

const { uploadFolder } = await import('../../src/pages/cdn/folder-upload');

const sha = (text: string) => createHash('sha256').update(text).digest('hex');
const file = (path: string, text: string) => ({ path, file: new File([text], path.split('/').pop()!) });

beforeEach(() => {
  calls.entries = [];
  calls.grants = [];
  calls.writes = [];
  calls.refuse = new Set();
});

async function run(files: ReturnType<typeof file>[]) {
  const states: Record<string, unknown>[] = files.map(() => ({}));
  await uploadFolder('app', 'bucket', files, (i, change) => Object.assign(states[i], change));
  return states;
}

describe('a folder uploaded into a bucket', () => {
  it('leaves entries holding the same content alone, creates new paths and repoints changed ones, keeping their labels', async () => {
    calls.entries = [
      { id: 'e1', version: 3, path: 'same.txt', contentHash: sha('same') },
      { id: 'e2', version: 7, path: 'changed.txt', contentHash: sha('old'), labels: ['ui'] },
    ];
    const states = await run([file('same.txt', 'same'), file('changed.txt', 'new'), file('added.txt', 'added')]);
    expect(states.map((s) => s.state)).toEqual(['unchanged', 'stored', 'stored']);
    expect(calls.grants).toEqual([sha('new'), sha('added')]);
    expect(calls.writes).toEqual([
      { id: 'e2', version: 7, labels: ['ui'], path: 'changed.txt', contentHash: sha('new') },
      { path: 'added.txt', contentHash: sha('added') },
    ]);
  });

  it('reports a refused file with the reason and goes on with the others', async () => {
    calls.refuse.add(sha('too big'));
    const states = await run([file('a.bin', 'too big'), file('b.txt', 'fine')]);
    expect(states[0]).toMatchObject({ state: 'failed', error: 'content larger than the upload limit' });
    expect(states[1]).toMatchObject({ state: 'stored' });
    expect(calls.writes.map((w) => w.path)).toEqual(['b.txt']);
  });
});
