import { parseArgs } from 'node:util';
import { loadConfig, PLAN_NAMES, type PlanName } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { bootstrap, createKeyForWorkspace } from './commands.js';
import { passwordProblem } from '../features/users/password-rules.js';

const USAGE = `usage:
  npm run cli -- bootstrap --email E --password P --org-name N --org-slug S [--plan free|pro|business|agency|enterprise]
  npm run cli -- api-key create --workspace ws_… [--name N]`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
const config = loadConfig();
const db = openDatabase(config.databaseUrl);
try {
  await migrateToLatest(db);
  let out: unknown;
  if (command === 'bootstrap') {
    const { values } = parseArgs({ args: rest, options: {
      email: { type: 'string' }, password: { type: 'string' }, 'org-name': { type: 'string' }, 'org-slug': { type: 'string' }, plan: { type: 'string' },
    } });
    if (!values.email || !values.password || !values['org-name'] || !values['org-slug']) fail('bootstrap needs --email, --password, --org-name and --org-slug');
    const plan = (values.plan ?? 'free') as PlanName;
    if (!PLAN_NAMES.includes(plan)) fail(`--plan must be one of ${PLAN_NAMES.join(', ')}`);
    const weak = passwordProblem(values.password, values.email);
    if (weak) fail(`--password ${weak.detail} (${weak.code})`);
    out = await bootstrap(db, config, { email: values.email, password: values.password, orgName: values['org-name'], orgSlug: values['org-slug'], plan });
  } else if (command === 'api-key' && rest[0] === 'create') {
    const { values } = parseArgs({ args: rest.slice(1), options: { workspace: { type: 'string' }, name: { type: 'string' } } });
    if (!values.workspace) fail('api-key create needs --workspace ws_…');
    out = await createKeyForWorkspace(db, config, values.workspace, values.name ?? 'CLI key');
  } else {
    fail(`unknown command: ${[command, ...rest].join(' ')}`);
  }
  process.stdout.write(JSON.stringify(out) + '\n');
} catch (err) {
  process.stderr.write(`error: ${(err as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
