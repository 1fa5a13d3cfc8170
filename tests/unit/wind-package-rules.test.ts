import { describe, expect, it } from 'vitest';
import { CHANNEL_RULES, MIB } from '../../resources/wind/channel-rules';
import { runtimeOf } from '../../resources/wind/runtime-mapping';
import { packageProblems, subpackagesOf } from '../../server/services/wind/package-check';

describe("a channel's package rules", () => {
  const rules = CHANNEL_RULES.wechat;
  const base = [{ path: 'game.json', size: 100 }, { path: 'project.config.json', size: 50 }];

  it('counts a file in the first subpackage whose root its path starts with, else in the main package', () => {
    const subs = [{ name: 'levels', root: 'levels/' }];
    const files = [...base, { path: 'levels/a.bin', size: 3 * MIB }, { path: 'levels/b.bin', size: 2 * MIB }, { path: 'levelsX/c.bin', size: 3 * MIB }];
    expect(packageProblems(rules, files, subs)).toEqual(["subpackage levels is 5.00 MB, over the channel's 4.00 MB"]);
    // The same bytes with no subpackage declared: the main package holds them all.
    expect(packageProblems(rules, files, [])).toEqual(["the main package is 8.00 MB, over the channel's 4.00 MB"]);
  });

  it('names every required file missing and a whole package over the total', () => {
    const files = Array.from({ length: 8 }, (_, i) => ({ path: `s${i}/x.bin`, size: 4 * MIB }));
    const subs = files.map((_, i) => ({ name: `s${i}`, root: `s${i}/` }));
    expect(packageProblems(rules, files, subs)).toEqual(['the package has no game.json', 'the package has no project.config.json', "the package is 32.00 MB, over the channel's 30.00 MB"]);
  });

  it('reads the subpackages of a config file, as either spelling, roots made relative with a trailing slash', () => {
    expect(subpackagesOf('game.json', JSON.stringify({ subpackages: [{ name: 'a', root: './stage1' }, { root: 'stage2/' }] }))).toEqual([
      { name: 'a', root: 'stage1/' },
      { name: 'stage2/', root: 'stage2/' },
    ]);
    expect(subpackagesOf('app.json', JSON.stringify({ subPackages: [{ name: 'b', root: 'pages/b' }] }))).toEqual([{ name: 'b', root: 'pages/b/' }]);
    expect(subpackagesOf('game.json', '{ nope')).toBe('game.json is not valid JSON');
    expect(subpackagesOf('game.json', undefined)).toEqual([]);
  });
});

describe('version mapping by code pattern', () => {
  it.each([
    ['tuanjie 1.3.2', 'TuanJie'],
    ['2022.3.2t3', 'TuanJie'],
    ['3.8.2', 'C3XX'],
    ['Cocos Creator 2.4.11', 'C2XX'],
    ['1.10.2', 'C1XX'],
    ['2021.3.33f1', 'RA'],
    ['Unity 2022.3.10f1', 'RA'],
    ['laya 2.14', 'Global'],
    [undefined, 'Global'],
  ])('%s → %s', (code, family) => {
    expect(runtimeOf(code)).toBe(family);
  });
});
