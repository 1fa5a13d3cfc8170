import { describe, expect, it } from 'vitest';
import { assignTeams, backfillPlace, formMatches, rulesAt, teamSpread, type MatchConfig, type PoolTicket } from '../../server/services/match/matchmaker';
import { configErrors } from '../../server/services/match/hooks';
import { generateTickets, simulate } from '../../server/services/match/simulate';

const duel = (rules: MatchConfig['rules'] = []): MatchConfig => ({ teams: [{ name: 'red', size: 1 }, { name: 'blue', size: 1 }], regions: ['eu', 'us'], rules });
const skill = (max: number, relaxations: { afterSeconds: number; maxDifference?: number; ignore?: boolean }[] = []) => [{ name: 'skill', attribute: 'skill', kind: 'difference' as const, maxDifference: max, relaxations }];
const t = (id: string, createdMs: number, attributes: PoolTicket['attributes'] = {}, regions?: string[]): PoolTicket => ({ id, createdMs, attributes, regions });
const ids = (m: { teams: { tickets: PoolTicket[] }[] }) => m.teams.flatMap((x) => x.tickets.map((y) => y.id)).sort();

describe('rulesAt', () => {
  const rules = skill(100, [{ afterSeconds: 10, maxDifference: 300 }, { afterSeconds: 30, ignore: true }]);
  it('widens the allowed difference at each step and drops the rule at the last', () => {
    expect(rulesAt(rules, 0).map((r) => r.maxDifference)).toEqual([100]);
    expect(rulesAt(rules, 9.9).map((r) => r.maxDifference)).toEqual([100]);
    expect(rulesAt(rules, 10).map((r) => r.maxDifference)).toEqual([300]);
    expect(rulesAt(rules, 30)).toEqual([]);
  });
});

describe('formMatches', () => {
  it('pairs tickets within the allowed difference, nearest to the oldest first', () => {
    const pool = [t('a', 0, { skill: 1000 }), t('b', 1, { skill: 1090 }), t('c', 2, { skill: 1010 }), t('d', 3, { skill: 1500 })];
    const made = formMatches(duel(skill(100)), pool, 5000);
    expect(made.map(ids)).toEqual([['a', 'c']]);
  });

  it('matches tickets too far apart only once the oldest has waited past a relaxation', () => {
    const pool = [t('a', 0, { skill: 100 }), t('b', 0, { skill: 600 })];
    const config = duel(skill(10, [{ afterSeconds: 5, maxDifference: 1000 }]));
    expect(formMatches(config, pool, 4999)).toEqual([]);
    expect(formMatches(config, pool, 5000).map(ids)).toEqual([['a', 'b']]);
  });

  it('keeps an equal rule, and forms no match in a region not every ticket accepts', () => {
    const config = duel([{ name: 'mode', attribute: 'mode', kind: 'equal' }]);
    const pool = [t('a', 0, { mode: 'ctf' }, ['eu']), t('b', 1, { mode: 'dm' }, ['eu']), t('c', 2, { mode: 'ctf' }, ['us']), t('d', 3, { mode: 'ctf' })];
    const made = formMatches(config, pool, 10);
    expect(made.map((m) => [m.region, ids(m)])).toEqual([['eu', ['a', 'd']]]);
  });

  it('fills every team, and forms as many matches as the pool allows with each ticket once', () => {
    const config: MatchConfig = { teams: [{ name: 'a', size: 2 }, { name: 'b', size: 2 }], regions: ['eu'] };
    const pool = Array.from({ length: 10 }, (_, i) => t(`t${i}`, i));
    const made = formMatches(config, pool, 100);
    expect(made).toHaveLength(2);
    expect(made.every((m) => m.teams.every((team) => team.tickets.length === 2))).toBe(true);
    expect(new Set(made.flatMap(ids)).size).toBe(8);
  });

  it('skips a ticket without the attribute a rule in force needs', () => {
    expect(formMatches(duel(skill(100)), [t('a', 0, {}), t('b', 0, { skill: 5 })], 1)).toEqual([]);
  });
});

describe('teams', () => {
  it('are balanced by the first difference rule: highest first into the team furthest below its share', () => {
    const tickets = [10, 20, 30, 40].map((v, i) => t(`t${i}`, 0, { skill: v }));
    const teams = assignTeams([{ name: 'a', size: 2 }, { name: 'b', size: 2 }], tickets, 'skill');
    const sums = teams.map((team) => team.tickets.reduce((s, x) => s + Number(x.attributes!.skill), 0)).sort();
    expect(sums).toEqual([50, 50]);
    expect(teamSpread(teams, 'skill')).toBe(0);
  });
});

describe('backfillPlace', () => {
  const config = duel(skill(50));
  const backfill = { id: 'bf', region: 'eu', attributes: { skill: 1000 }, openSlots: [{ team: 'red', count: 0 }, { team: 'blue', count: 1 }] };
  it('gives a team with a place to a ticket that passes the rules against the backfill', () => {
    expect(backfillPlace(config, t('a', 0, { skill: 1040 }), backfill, 0)).toBe('blue');
    expect(backfillPlace(config, t('b', 0, { skill: 1100 }), backfill, 0)).toBeUndefined();
    expect(backfillPlace(config, t('c', 0, { skill: 1000 }, ['us']), backfill, 0)).toBeUndefined();
    expect(backfillPlace(config, t('d', 0, { skill: 1000 }), { ...backfill, openSlots: [{ team: 'blue', count: 0 }] }, 0)).toBeUndefined();
  });
});

describe('config checks', () => {
  it('refuse two teams of one name, relaxations that narrow or go back in time, and a difference on an equal rule', () => {
    const fields = configErrors({
      teams: [{ name: 'x', size: 1 }, { name: 'x', size: 1 }],
      rules: [
        { name: 's', attribute: 's', kind: 'difference', maxDifference: 100, relaxations: [{ afterSeconds: 5, maxDifference: 50 }, { afterSeconds: 5 }] },
        { name: 'm', attribute: 'm', kind: 'equal', maxDifference: 1 },
      ],
    }).map((e) => e.field);
    expect(fields.sort()).toEqual(['/rules/0/relaxations/0/maxDifference', '/rules/0/relaxations/1/afterSeconds', '/rules/1/maxDifference', '/teams/1/name']);
  });
});

describe('the rule test', () => {
  it('draws the same tickets for the same seed and different ones for another', () => {
    const input = { tickets: 20, attributes: [{ name: 'skill', distribution: 'normal' as const, mean: 1000, sd: 100 }], seed: 3 };
    expect(generateTickets(input)).toEqual(generateTickets(input));
    expect(generateTickets({ ...input, seed: 4 })).not.toEqual(generateTickets(input));
  });

  it('draws values by weight, and numbers within a uniform range', () => {
    const tickets = generateTickets({ tickets: 400, attributes: [{ name: 'mode', distribution: 'values', values: [{ value: 'ctf', weight: 3 }, { value: 'dm', weight: 1 }] }, { name: 'lvl', distribution: 'uniform', min: 10, max: 20 }] });
    const ctf = tickets.filter((x) => x.attributes!.mode === 'ctf').length;
    expect(ctf).toBeGreaterThan(250);
    expect(ctf).toBeLessThan(350);
    expect(tickets.every((x) => Number(x.attributes!.lvl) >= 10 && Number(x.attributes!.lvl) < 20)).toBe(true);
  });

  it('matches every ticket of an even pool with no rules, each waiting less than one tick after the last arrival', () => {
    const r = simulate({ ...duel(), regions: ['eu'] }, { tickets: 100, arrivalSeconds: 0, tickSeconds: 1 });
    expect([r.matched, r.matches, r.matchRate, r.timedOut, r.wait.max]).toEqual([100, 50, 1, 0, 0]);
  });

  it('times out the odd ticket of a pool', () => {
    const r = simulate({ ...duel(), regions: ['eu'], timeoutSeconds: 5 }, { tickets: 3, arrivalSeconds: 0 });
    expect([r.matched, r.timedOut]).toEqual([2, 1]);
  });
});
