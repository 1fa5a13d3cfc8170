/**
 * Placeholder schedules (spec 001 §7 `placeholder-schedules`): windows of the week in which an OnFleetGame's fleet
 * keeps a set number of Ready servers in place of the game's minimum. The fleet job reads them every run
 * (`server/services/multiverse/fleet.ts`); `activeReadyServers` says which apply at a moment.
 */
import type { ResourceDecl } from '../types';
import scheduleSchema from '../../schemas/multiverse/placeholder-schedule.json' with { type: 'json' };

export const MULTIVERSE_SCHEDULE_ROUTES = { list: 'multiverse/placeholder-schedules', show: 'multiverse/placeholder-schedules/:id' } as const;

export const placeholderSchedules: ResourceDecl = {
  name: 'placeholder-schedules',
  label: { 'zh-CN': '占位调度', en: 'Placeholder schedules' },
  singular: { 'zh-CN': '占位调度', en: 'placeholder schedule' },
  schema: scheduleSchema,
  path: '/placeholder-schedules',
  idField: 'id',
  titleField: 'name',
  scope: 'app',
  operations: ['list', 'show', 'create', 'update', 'delete'],
  references: [{ field: 'gameId', resource: 'games', onDelete: 'cascade' }],
  list: { columns: ['name', 'gameId', 'region', 'days', 'start', 'end', 'timeZone', 'readyServers', 'enabled'], filters: ['gameId', 'region', 'enabled'], search: ['name'], defaultSort: { field: 'createdAt', order: 'desc' }, pageSize: 20 },
  routes: MULTIVERSE_SCHEDULE_ROUTES,
  access: { read: ['app', 'admin'], write: ['app', 'admin'] },
  // The back office's `placeholder` page (spec 000 §2): every app's schedules and the Ready servers they hold.
  acrossApps: { route: 'placeholder', title: { 'zh-CN': '占位调度', en: 'Placeholders' }, filters: ['region', 'enabled'], sums: ['readyServers'] },
};

export interface ScheduleWindow {
  region?: string;
  days?: string[];
  start: string;
  end: string;
  timeZone?: string;
  readyServers: number;
  enabled?: boolean;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The weekday (Mon…Sun) and minute of the day `at` is in `timeZone`. */
function localTime(at: Date, timeZone: string): { day: string; minute: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at).map((p) => [p.type, p.value]),
  );
  return { day: String(parts.weekday), minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether a window is open at `at`: on one of its days (every day when none), from `start` to before `end` in its
 * time zone; an `end` at or before `start` runs past midnight, the part after midnight belonging to the day it
 * opened on.
 */
export function windowOpen(w: ScheduleWindow, at: Date): boolean {
  if (w.enabled === false) return false;
  const { day, minute } = localTime(at, w.timeZone ?? 'Asia/Shanghai');
  const start = minuteOf(w.start);
  const end = minuteOf(w.end);
  const on = (d: string) => !w.days?.length || w.days.includes(d);
  if (start < end) return on(day) && minute >= start && minute < end;
  const yesterday = WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7];
  return (on(day) && minute >= start) || (on(yesterday) && minute < end);
}

/** The Ready servers a region's fleet keeps at `at` by its schedules: the most any open window asks, or none. */
export function activeReadyServers(windows: ScheduleWindow[], region: string, at: Date): number | undefined {
  const open = windows.filter((w) => (!w.region || w.region === region) && windowOpen(w, at));
  return open.length ? Math.max(...open.map((w) => w.readyServers)) : undefined;
}
