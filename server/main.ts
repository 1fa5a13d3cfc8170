import { resolve } from 'node:path';
import { loadConfig, severalInstancesProblems } from './config';

const config = loadConfig();
const problems = severalInstancesProblems(config);
if (problems.length) {
  for (const problem of problems) console.error(`Lodestar cannot start: ${problem}`);
  process.exit(1);
}
// The rest of the server is loaded only once the configuration may run.
const { startInstance } = await import('./start');
const { DEMO_ADMIN, DEMO_FINANCE, DEMO_USER } = await import('./demo');
const { app, db, seeded } = await startInstance(config, { logger: process.env.LOG_REQUESTS === '1', mailLog: (line) => console.log(line) });
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;

const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${resolve(config.dataDir)}`;
console.log(`Lodestar is running at http://localhost:${port}`);
console.log(`  database: ${where}${seeded ? ' — demo data created' : ''}`);
if (config.demo) {
  console.log(`  sign in:  ${DEMO_USER.email} / ${DEMO_USER.password}`);
  console.log(`  admin:    ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password} at http://localhost:${port}/admin/login`);
  console.log(`  finance:  ${DEMO_FINANCE.email} / ${DEMO_FINANCE.password} at http://localhost:${port}/bc-admin/login`);
}
console.log(`  API docs: http://localhost:${port}/api-docs`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void app.close().then(() => db.close()).finally(() => process.exit(0));
  });
}
