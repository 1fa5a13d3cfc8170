// `npm start`: builds the console when its sources are newer than the build, then runs the server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const newest = (dir) => {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    t = Math.max(t, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
};

const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
const sources = Math.max(...['src', 'providers', 'resources', 'schemas'].map(newest), statSync('index.html').mtimeMs);
if (sources > built) {
  console.log('Building the console…');
  // The config imports the declarations (TypeScript): the module-runner loader reads them without a warning.
  const r = spawnSync('npx', ['vite', 'build', '--configLoader', 'runner', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const server = spawn('npx', ['tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => server.kill(s));
server.on('exit', (code) => process.exit(code ?? 0));
