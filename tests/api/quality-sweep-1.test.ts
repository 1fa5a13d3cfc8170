import { qualitySweep } from './quality-sweep';

await qualitySweep(0, 3);
