import type { DemoSteps } from '../../engine/demo-seed';
import type { Sample } from './summary';

/** A sample every 100 ms, as a game reporting a frame in six would. */
const EVERY_MS = 100;

/**
 * The demo's samples (`resources/upr/demo.ts`): `seconds` of frames around `frameMs` with a small steady wobble,
 * memory climbing slowly and dropping at each GC pause (every five seconds), and heavier frames from `heavyFrom`
 * seconds for five seconds. The same numbers every time: the demo's charts do not change between starts.
 */
export function demoSamples(seconds: number, frameMs: number, memoryMb: number, heavyFrom: number): Sample[] {
  const out: Sample[] = [];
  for (let t = 0; t < seconds * 1000; t += EVERY_MS) {
    const s = t / 1000;
    const gc = t > 0 && t % 5000 === 0;
    const heavy = s >= heavyFrom && s < heavyFrom + 5;
    const wobble = Math.sin(t / 700) * frameMs * 0.08;
    const since = (t % 5000) / 5000;
    out.push({
      t,
      frameMs: Math.round((frameMs + wobble + (heavy ? frameMs * 1.4 : 0) + (gc ? 9 : 0)) * 100) / 100,
      memoryMb: Math.round(memoryMb + s * 0.8 + since * 24),
      gcMs: gc ? 8.5 : 0,
    });
  }
  return out;
}

export const uprDemoSteps: DemoSteps = {
  uprSamples: (_run, w) => demoSamples(Number(w.seconds), Number(w.frameMs), Number(w.memoryMb), Number(w.heavyFrom)),
};
