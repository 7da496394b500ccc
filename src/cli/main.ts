import { parseArgs } from 'node:util';
import { loadConfig } from '../config/load-config.js';
import { PLAN_NAMES, type PlanName } from '../platform/plans.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { bootstrap, createKeyForWorkspace, setOrganizationPlan, verifyGs1Prefix } from './commands.js';
import { sendTestMail } from './mail-test.js';
import { ANNOUNCE_USAGE, announceCommand } from './announce.js';
import { passwordProblem } from '../features/accounts/password-rules.js';
import { addOperator, removeOperator } from '../features/operator/index.js';
import { systemClock } from '../lib/clock.js';

const USAGE = `usage:
  npm run cli -- worker   (runs background jobs until SIGTERM; docs/operations.md)
  npm run cli -- bootstrap --email E --password P --org-name N --org-slug S [--plan free|pro|business|agency|enterprise] [--gs1-prefix DIGITS]
  npm run cli -- org set-plan --org org_…|SLUG --plan free|pro|business|agency|enterprise
  npm run cli -- api-key create --workspace ws_… [--name N]
  npm run cli -- operator add|remove EMAIL   (operators use /v1/operator with two-factor sign-in; docs/decisions.md D73)
  npm run cli -- gs1-prefix verify --org org_… --prefix DIGITS
  npm run cli -- mail test --to ADDRESS [--locale en|de]
${ANNOUNCE_USAGE}`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

const [command, ...rest] = process.argv.slice(2);
if (command === 'worker') {
  // The worker's own program; it exits on SIGTERM or SIGINT, never by returning here.
  await import('../job-worker.js');
  await new Promise<never>(() => undefined);
}
const config = loadConfig();
const db = openDatabase(config.databaseUrl, { poolMax: config.pgPoolMax });
try {
  await migrateToLatest(db);
  let out: unknown;
  if (command === 'bootstrap') {
    const { values } = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'org-name': { type: 'string' },
        'org-slug': { type: 'string' },
        plan: { type: 'string' },
        'gs1-prefix': { type: 'string' },
      },
    });
    if (!values.email || !values.password || !values['org-name'] || !values['org-slug'])
      fail('bootstrap needs --email, --password, --org-name and --org-slug');
    const plan = (values.plan ?? config.defaultPlan) as PlanName;
    if (!PLAN_NAMES.includes(plan)) fail(`--plan must be one of ${PLAN_NAMES.join(', ')}`);
    const weak = passwordProblem(values.password, values.email);
    if (weak) fail(`--password ${weak.detail} (${weak.code})`);
    const made = await bootstrap(db, config, {
      email: values.email,
      password: values.password,
      orgName: values['org-name'],
      orgSlug: values['org-slug'],
      plan,
    });
    // A single-company deployment owns its prefix: verified in the same command (still audited).
    out = values['gs1-prefix']
      ? { ...made, gs1_prefix: await verifyGs1Prefix(db, config, made.organization_id, values['gs1-prefix']) }
      : made;
  } else if (command === 'api-key' && rest[0] === 'create') {
    const { values } = parseArgs({
      args: rest.slice(1),
      options: { workspace: { type: 'string' }, name: { type: 'string' } },
    });
    if (!values.workspace) fail('api-key create needs --workspace ws_…');
    out = await createKeyForWorkspace(db, config, values.workspace, values.name ?? 'CLI key');
  } else if (command === 'org' && rest[0] === 'set-plan') {
    const { values } = parseArgs({
      args: rest.slice(1),
      options: { org: { type: 'string' }, plan: { type: 'string' } },
    });
    if (!values.org || !values.plan) fail('org set-plan needs --org org_…|SLUG and --plan');
    if (!PLAN_NAMES.includes(values.plan as PlanName)) fail(`--plan must be one of ${PLAN_NAMES.join(', ')}`);
    out = await setOrganizationPlan(db, values.org, values.plan as PlanName);
  } else if (command === 'operator' && (rest[0] === 'add' || rest[0] === 'remove')) {
    if (!rest[1] || rest.length > 2) fail(`operator ${rest[0]} needs one e-mail address`);
    const deps = { db, config, clock: systemClock };
    out = rest[0] === 'add' ? await addOperator(deps, rest[1]) : await removeOperator(deps, rest[1]);
  } else if (command === 'mail' && rest[0] === 'test') {
    const { values } = parseArgs({
      args: rest.slice(1),
      options: { to: { type: 'string' }, locale: { type: 'string' } },
    });
    if (!values.to) fail('mail test needs --to ADDRESS');
    out = await sendTestMail(config, values.to, values.locale === 'de' ? 'de' : 'en');
  } else if (command === 'announce') {
    out = await announceCommand(db, config, rest);
  } else if (command === 'gs1-prefix' && rest[0] === 'verify') {
    const { values } = parseArgs({
      args: rest.slice(1),
      options: { org: { type: 'string' }, prefix: { type: 'string' } },
    });
    if (!values.org || !values.prefix) fail('gs1-prefix verify needs --org org_… and --prefix DIGITS');
    out = await verifyGs1Prefix(db, config, values.org, values.prefix);
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
