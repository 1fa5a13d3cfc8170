import { describe, expect, it } from 'vitest';
import { openKeysOf, showing, toggled, type MenuShape } from '../../src/pages/layout/menuOpenState';

// Two services; passport has two groups of entries.
const shape: MenuShape = {
  groupKeys: ['service:passport', 'group:passport:Players', 'group:passport:Social', 'service:config'],
  serviceKeys: new Set(['service:passport', 'service:config']),
};
const none = new Map<string, boolean>();
const leaderboardPage = ['group:passport:Social', 'service:passport'];

describe('the app menu: which sub-menus are open', () => {
  it('opens every service and keeps groups closed on a page outside them', () => {
    expect(openKeysOf(shape, [], none)).toEqual(['service:passport', 'service:config']);
  });

  it('opens the group and the service holding the page shown', () => {
    expect(openKeysOf(shape, leaderboardPage, none)).toEqual(['service:passport', 'group:passport:Social', 'service:config']);
  });

  it('keeps what the user opened and closed, whatever the rule says', () => {
    const open = openKeysOf(shape, leaderboardPage, none);
    // The user opens the players group and closes remote config: the menu reports the keys now open.
    const choices = toggled(shape, open, ['service:passport', 'group:passport:Social', 'group:passport:Players'], none);
    expect([...choices]).toEqual([
      ['group:passport:Players', true],
      ['service:config', false],
    ]);
    expect(openKeysOf(shape, leaderboardPage, choices)).toEqual(['service:passport', 'group:passport:Players', 'group:passport:Social']);
    // On a page outside both, the choices still hold.
    expect(openKeysOf(shape, [], choices)).toEqual(['service:passport', 'group:passport:Players']);
  });

  it('opens the groups of a page shown, even ones the user closed, and keeps them open after', () => {
    const closed = toggled(shape, openKeysOf(shape, leaderboardPage, none), ['service:config'], none);
    expect(openKeysOf(shape, leaderboardPage, closed)).toEqual(['service:config']);
    const shown = showing(leaderboardPage, closed);
    expect(openKeysOf(shape, leaderboardPage, shown)).toEqual(['service:passport', 'group:passport:Social', 'service:config']);
    // On to a remote-config page: the social group stays open, as the user last saw it.
    expect(openKeysOf(shape, ['service:config'], showing(['service:config'], shown))).toEqual([
      'service:passport',
      'group:passport:Social',
      'service:config',
    ]);
    // Showing a page whose groups are open already changes nothing.
    expect(showing(leaderboardPage, shown)).toBe(shown);
  });
});
