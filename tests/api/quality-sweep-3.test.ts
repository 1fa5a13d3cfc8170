import { qualitySweep } from './quality-sweep';

await qualitySweep(2, 3);
