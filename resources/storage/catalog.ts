/**
 * What a managed database may be: its engines (with the port each listens on and the CPU cores its image is given,
 * spec 002 §9), the regions and the instance types. Data the server answers (`GET /regions`, `GET /instance-types`),
 * checks creates against, and the console offers; the schema's enums list the same ids (a unit test holds them
 * together).
 */
import type { JsonSchema, Text } from '../types';

export type Engine = 'postgresql' | 'mysql' | 'redis' | 'mongodb';

export interface EngineFacts {
  id: Engine;
  name: string;
  port: number;
  /** Spec 002 §9 "Database images CPU core". */
  imageCores: string;
}

export const ENGINES: EngineFacts[] = [
  { id: 'postgresql', name: 'PostgreSQL', port: 5432, imageCores: '0.1' },
  { id: 'mysql', name: 'MySQL', port: 3306, imageCores: '0.3' },
  { id: 'redis', name: 'Redis', port: 6379, imageCores: '0.1' },
  { id: 'mongodb', name: 'MongoDB', port: 27017, imageCores: '0.3' },
];

export interface Region {
  id: string;
  name: Text;
}

export const REGIONS: Region[] = [
  { id: 'ap-shanghai', name: { 'zh-CN': '上海', en: 'Shanghai' } },
  { id: 'ap-guangzhou', name: { 'zh-CN': '广州', en: 'Guangzhou' } },
  { id: 'ap-singapore', name: { 'zh-CN': '新加坡', en: 'Singapore' } },
];

export interface InstanceType {
  id: string;
  name: Text;
  cores: number;
  memoryMiB: number;
  storageGiB: number;
  /** Sessions the database's user may hold at once (enforced by its server). */
  maxConnections: number;
}

export const INSTANCE_TYPES: InstanceType[] = [
  { id: 's1', name: { 'zh-CN': '入门型 1 核 1 GiB', en: 'Starter 1 core 1 GiB' }, cores: 1, memoryMiB: 1024, storageGiB: 10, maxConnections: 20 },
  { id: 's2', name: { 'zh-CN': '标准型 2 核 4 GiB', en: 'Standard 2 cores 4 GiB' }, cores: 2, memoryMiB: 4096, storageGiB: 50, maxConnections: 100 },
  { id: 'm1', name: { 'zh-CN': '增强型 4 核 8 GiB', en: 'Enhanced 4 cores 8 GiB' }, cores: 4, memoryMiB: 8192, storageGiB: 200, maxConnections: 300 },
  { id: 'l1', name: { 'zh-CN': '高性能型 8 核 32 GiB', en: 'Performance 8 cores 32 GiB' }, cores: 8, memoryMiB: 32768, storageGiB: 1000, maxConnections: 1000 },
];

export const instanceType = (id: string): InstanceType | undefined => INSTANCE_TYPES.find((t) => t.id === id);

/** Spec 002 §5: usernames a database user may not have (exact, case-insensitive) and the starts it may not have. */
export const RESERVED_USERNAMES = ['mysql', 'mongo', 'redis', 'postgres', 'user'];
export const RESERVED_USERNAME_STARTS = ['root', 'pg_', 'tencentdb_'];

/** Why a username is refused beyond its schema's pattern, or undefined. */
export function usernameProblem(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (RESERVED_USERNAMES.includes(lower)) return 'this username is reserved';
  return RESERVED_USERNAME_STARTS.some((s) => lower.startsWith(s)) ? 'a username may not start with root, pg_ or tencentdb_' : undefined;
}

/** Spec 002 §5: the kinds of character a password must each hold at least one of (its characters are the schema's). */
const PASSWORD_KINDS = [/[a-z]/, /[A-Z]/, /[0-9]/, /[!@#^()]/];

/** Why a password is refused beyond its schema's length and characters, or undefined. */
export function passwordProblem(password: string): string | undefined {
  return PASSWORD_KINDS.every((k) => k.test(password)) ? undefined : 'a password needs a lowercase letter, an uppercase letter, a digit and one of !@#^()';
}

const text: JsonSchema = { type: 'object', properties: { 'zh-CN': { type: 'string' }, en: { type: 'string' } } };

export const regionSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'name', 'engines'],
  properties: {
    id: { type: 'string', examples: ['ap-shanghai'] },
    name: text,
    engines: { type: 'array', items: { type: 'string' }, description: 'the engines a database may be created with in this region on this deployment' },
  },
};

export const instanceTypeSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'name', 'cores', 'memoryMiB', 'storageGiB', 'maxConnections'],
  properties: { id: { type: 'string', examples: ['s1'] }, name: text, cores: { type: 'integer' }, memoryMiB: { type: 'integer' }, storageGiB: { type: 'integer' }, maxConnections: { type: 'integer' } },
};
