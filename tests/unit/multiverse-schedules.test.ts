import { describe, expect, it } from 'vitest';
import { activeReadyServers, windowOpen } from '../../resources/multiverse/schedules';

describe('placeholder schedule windows', () => {
  // 2026-03-06 is a Friday.
  const friday = (hhmm: string, zone = 'Z') => new Date(`2026-03-06T${hhmm}:00${zone}`);

  it('are open from start to before end on their days, in their time zone', () => {
    const w = { start: '19:00', end: '23:00', days: ['Fri'], timeZone: 'UTC', readyServers: 4 };
    expect([windowOpen(w, friday('18:59')), windowOpen(w, friday('19:00')), windowOpen(w, friday('22:59')), windowOpen(w, friday('23:00'))]).toEqual([false, true, true, false]);
    expect(windowOpen({ ...w, days: ['Sat'] }, friday('20:00'))).toBe(false);
    // 20:00 in Beijing is 12:00 UTC.
    expect(windowOpen({ ...w, timeZone: 'Asia/Shanghai' }, friday('12:00'))).toBe(true);
    expect(windowOpen({ ...w, enabled: false }, friday('20:00'))).toBe(false);
  });

  it('past midnight belong to the day they opened on', () => {
    const w = { start: '22:00', end: '02:00', days: ['Fri'], timeZone: 'UTC', readyServers: 2 };
    expect(windowOpen(w, new Date('2026-03-07T01:00:00Z'))).toBe(true);
    expect(windowOpen(w, friday('01:00'))).toBe(false);
    expect(windowOpen(w, friday('23:00'))).toBe(true);
  });

  it('the most any open window of the region asks, or none', () => {
    const ws = [
      { start: '00:00', end: '23:59', readyServers: 2, timeZone: 'UTC' },
      { start: '10:00', end: '11:00', readyServers: 5, timeZone: 'UTC', region: 'east' },
    ];
    expect([activeReadyServers(ws, 'east', friday('10:30')), activeReadyServers(ws, 'west', friday('10:30')), activeReadyServers([], 'east', friday('10:30'))]).toEqual([5, 2, undefined]);
  });
});
