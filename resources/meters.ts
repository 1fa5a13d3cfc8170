import type { MeterDecl, ServiceDecl, Text } from './types';

/**
 * Shared pieces of the services' meter declarations (see `MeterDecl`) and the lookups billing and the console
 * use. Sizes follow the console's units of 1000 (spec 000 §9); times are recorded in seconds or minutes.
 */

/** Recorded quantity per billable unit. */
export const PER = {
  gb: '1000000000',
  hour: '3600',
  minute: '60',
  tenThousand: '10000',
  thousand: '1000',
  million: '1000000',
} as const;

/** Billable units, in both languages. */
export const UNITS = {
  gb: { 'zh-CN': 'GB', en: 'GB' },
  gbDay: { 'zh-CN': 'GB·天', en: 'GB-day' },
  gbSecond: { 'zh-CN': 'GB·秒', en: 'GB-second' },
  coreHour: { 'zh-CN': '核·小时', en: 'core-hour' },
  serverHour: { 'zh-CN': '实例·小时', en: 'server-hour' },
  nodeHour: { 'zh-CN': '节点·小时', en: 'node-hour' },
  deviceMinute: { 'zh-CN': '设备·分钟', en: 'device-minute' },
  thousandMinutes: { 'zh-CN': '千分钟', en: '1,000 minutes' },
  tenThousandRequests: { 'zh-CN': '万次', en: '10,000 requests' },
  millionMessages: { 'zh-CN': '百万条', en: 'million messages' },
  dauDay: { 'zh-CN': '日活·天', en: 'DAU-day' },
  peakDay: { 'zh-CN': '峰值·天', en: 'peak-day' },
  message: { 'zh-CN': '条', en: 'message' },
  verification: { 'zh-CN': '次', en: 'verification' },
  request: { 'zh-CN': '次', en: 'request' },
} as const satisfies Record<string, Text>;

/** A network-traffic meter: bytes recorded, billed per GB at the `net` price (or another key). */
export const netMeter = (price = 'net', meter = 'net', label: Text = { 'zh-CN': '网络流量', en: 'Network traffic' }): MeterDecl => ({
  meter,
  label,
  unit: UNITS.gb,
  price,
  per: PER.gb,
});

export function findMeter(service: ServiceDecl | undefined, meter: string): MeterDecl | undefined {
  return service?.meters?.find((m) => m.meter === meter);
}
