import { qualitySweep } from './quality-sweep';

await qualitySweep(1, 3);
