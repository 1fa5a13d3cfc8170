import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { entryStep, folderFiles, isSkipped, pathInFolder, sha256Hex } from '../../src/pages/cdn/folder-files';

/** A file as a folder picker gives it: its path inside the chosen folder, the folder's own name first. */
const picked = (relative: string, text = relative): File => {
  const file = new File([text], relative.split('/').pop()!);
  Object.defineProperty(file, 'webkitRelativePath', { value: relative });
  return file;
};

describe('a folder chosen for upload into a bucket', () => {
  it("takes each file's path inside the folder as its entry path", () => {
    expect(pathInFolder(picked('game/bundles/level1.bundle'))).toBe('bundles/level1.bundle');
    expect(pathInFolder(picked('game/catalog.json'))).toBe('catalog.json');
    expect(pathInFolder(new File(['x'], 'alone.txt'))).toBe('alone.txt');
  });

  it('skips node_modules, .git and .vscode at any depth, and nothing else', () => {
    const chosen = ['game/a.txt', 'game/node_modules/lib/index.js', 'game/.git/HEAD', 'game/sub/.vscode/settings.json', 'game/sub/b.txt', 'game/.gitignore', 'game/node_modules.txt'].map((p) => picked(p));
    const { files, skipped } = folderFiles(chosen);
    expect(files.map((f) => f.path)).toEqual(['.gitignore', 'a.txt', 'node_modules.txt', 'sub/b.txt']);
    expect(skipped).toBe(3);
    expect(isSkipped('x/node_modules/y')).toBe(true);
    expect(isSkipped('node_modules')).toBe(false);
  });

  it('leaves an entry holding the same content alone, creates a missing one, repoints a changed one', () => {
    expect(entryStep(undefined, 'a'.repeat(64))).toEqual({ kind: 'create' });
    expect(entryStep({ id: 'e1', contentHash: 'a'.repeat(64) }, 'a'.repeat(64))).toEqual({ kind: 'same' });
    expect(entryStep({ id: 'e1', contentHash: 'a'.repeat(64) }, 'b'.repeat(64))).toEqual({ kind: 'update', id: 'e1' });
  });

  it('hashes a file with SHA-256 as the server addresses content', async () => {
    const text = 'hello bucket\n';
    expect(await sha256Hex(new Blob([text]))).toBe(createHash('sha256').update(text).digest('hex'));
  });
});
