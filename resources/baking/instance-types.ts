/**
 * The platform's baking instance types: the machines baking agents run on, as data the server answers
 * (`GET /instance-types`) and the console offers. An app may narrow the list it uses (its baking settings).
 */
import type { JsonSchema, Text } from '../types';

export interface InstanceType {
  id: string;
  name: Text;
  cpus: number;
  memoryGb: number;
  gpu?: string;
}

export const INSTANCE_TYPES: InstanceType[] = [
  { id: 'cpu-4', name: { 'zh-CN': '4 核 CPU', en: '4-core CPU' }, cpus: 4, memoryGb: 16 },
  { id: 'cpu-16', name: { 'zh-CN': '16 核 CPU', en: '16-core CPU' }, cpus: 16, memoryGb: 64 },
  { id: 'gpu-t4', name: { 'zh-CN': 'T4 显卡', en: 'T4 GPU' }, cpus: 8, memoryGb: 32, gpu: 'NVIDIA T4' },
  { id: 'gpu-a10', name: { 'zh-CN': 'A10 显卡', en: 'A10 GPU' }, cpus: 16, memoryGb: 64, gpu: 'NVIDIA A10' },
];

export const instanceTypeIds = () => INSTANCE_TYPES.map((t) => t.id);

/** One instance type as the calls answer it. */
export const instanceTypeSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'name', 'cpus', 'memoryGb'],
  properties: {
    id: { type: 'string', examples: ['cpu-4'] },
    name: { type: 'object', properties: { 'zh-CN': { type: 'string' }, en: { type: 'string' } } },
    cpus: { type: 'integer' },
    memoryGb: { type: 'integer' },
    gpu: { type: 'string' },
  },
};

/** The types an app may use: those its settings list, or every one when it lists none. */
export function allowedTypes(listed: readonly string[] | undefined): InstanceType[] {
  return listed && listed.length > 0 ? INSTANCE_TYPES.filter((t) => listed.includes(t.id)) : INSTANCE_TYPES;
}
