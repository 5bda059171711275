/**
 * Staff accounts: from STAFF_EMAIL/STAFF_PASSWORD at start-up, promotion of an existing account, and the
 * `npm run staff:create -w @shop/api` command docs/workspaces.md documents (run for real, into the database the server
 * uses).
 */
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers } from '../../src/db/schema.js';
import { openDatabase } from '../../src/db/index.js';
import { REPO_ROOT } from '../../src/config.js';
import { verifyPassword } from '../../src/accounts/passwords.js';
import { checkStaffInput, ensureStaffAccount, StaffInputError } from '../../src/content/staff.js';
import { cliDataDir, ConfigError } from '../../src/config.js';
import { useTestApp } from '../support/app.js';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../support/databases.js';
import { migratedDataDir } from '../support/dataDir.js';

// Read by the editor plugin when the app is built (beforeAll below).
process.env.STAFF_EMAIL = 'Drift@Staut.no';
process.env.STAFF_PASSWORD = 'driftspassord1';

describe('checkStaffInput', () => {
  it.each([
    ['  Ansatt@Staut.NO ', 'ansatt1234', 'ansatt@staut.no'],
    ['x@y.no', '12345678', 'x@y.no'],
  ])('%s is accepted as %s', (email, password, normalised) => {
    expect(checkStaffInput(email, password).email).toBe(normalised);
  });
  it.each([
    ['not-an-email', 'ansatt1234'],
    ['a@b', 'ansatt1234'],
    ['a@b.no', 'kort'],
  ])('%s / %s is refused', (email, password) => {
    expect(() => checkStaffInput(email, password)).toThrow(StaffInputError);
  });
});

describe.each(testDatabaseKinds())('staff accounts on %s', (kind) => {
  const t = useTestApp(kind);

  it('creates the STAFF_EMAIL account at start-up with the staff role', async () => {
    const [row] = await t().db.select().from(customers).where(eq(customers.email, 'drift@staut.no'));
    expect(row?.role).toBe('staff');
    expect(await verifyPassword(row?.passwordHash, 'driftspassord1')).toBe(true);
  });

  it('promotes an existing customer and sets the password; running twice changes nothing else', async () => {
    const id = t().fixtures.customerId;
    const [before] = await t().db.select().from(customers).where(eq(customers.id, id));
    const first = await ensureStaffAccount(t().db, before!.email!, 'nyttpassord1');
    const second = await ensureStaffAccount(t().db, before!.email!, 'nyttpassord1');
    expect(first).toEqual({ id, created: false });
    expect(second).toEqual({ id, created: false });
    const [after] = await t().db.select().from(customers).where(eq(customers.id, id));
    expect(after?.role).toBe('staff');
    expect(after?.firstName).toBe(before?.firstName);
    expect(await verifyPassword(after?.passwordHash, 'nyttpassord1')).toBe(true);
  });
});

describe('a half-configured STAFF_EMAIL', () => {
  const saved = { email: process.env.STAFF_EMAIL, password: process.env.STAFF_PASSWORD };
  // Registered before useTestApp's beforeAll, so the app is built with only the e-mail set.
  beforeAll(() => {
    process.env.STAFF_EMAIL = 'halv@staut.no';
    delete process.env.STAFF_PASSWORD;
  });
  afterAll(() => {
    process.env.STAFF_EMAIL = saved.email;
    process.env.STAFF_PASSWORD = saved.password;
  });
  const t = useTestApp('pglite');

  it('starts without creating anything', async () => {
    expect(await t().db.select().from(customers).where(eq(customers.email, 'halv@staut.no'))).toEqual([]);
  });
});

describe('cliDataDir: the CLIs opens the database `npm start` uses', () => {
  const root = '/srv/shop';
  it.each([
    ['no DATA_DIR, run by npm in api/', { INIT_CWD: '/srv/shop' }, '/srv/shop/api', '/srv/shop/.data'],
    ['no DATA_DIR, run from anywhere', {}, '/tmp', '/srv/shop/.data'],
    ['a relative DATA_DIR, typed in the repo root', { DATA_DIR: 'data/prod', INIT_CWD: '/srv/shop' }, '/srv/shop/api', '/srv/shop/data/prod'],
    ['a relative DATA_DIR without npm', { DATA_DIR: 'data/prod' }, '/srv/shop', '/srv/shop/data/prod'],
    ['an absolute DATA_DIR', { DATA_DIR: '/var/lib/shop', INIT_CWD: '/srv/shop' }, '/srv/shop/api', '/var/lib/shop'],
  ])('%s', (_name, env, cwd, expected) => {
    expect(cliDataDir(env, cwd, root)).toBe(expected);
  });
});

describe('staff:create refuses bad input before it opens any database (the command run in this process)', () => {
  class Exit extends Error {
    constructor(readonly code: number | undefined) {
      super(`process.exit(${code})`);
    }
  }

  it.each([
    [['ikke-en-epost', 'langtpassord1'], '[staff] not an e-mail address: "ikke-en-epost"'],
    [['ny.redaktor@staut.no', 'kort'], '[staff] the password needs at least'],
  ])('%j', async (args, message) => {
    const opened = vi.fn(async () => {
      throw new Error('the command opened a database');
    });
    vi.doMock('../../src/db/index.js', async (importOriginal) => ({ ...(await importOriginal<object>()), openDatabase: opened }));
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Exit(typeof code === 'number' ? code : undefined);
    });
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const argv = process.argv;
    process.argv = [argv[0]!, 'staff-cli.ts', ...args];
    try {
      // A module of its own for each case (the command runs when its module is evaluated), beside this file's modules.
      const command = `${new URL('../../src/content/staff-cli.ts', import.meta.url).href}?args=${encodeURIComponent(args.join(' '))}`;
      const ran = await import(command).then(() => null, (error: unknown) => error);
      expect(ran).toBeInstanceOf(Exit);
      expect((ran as Exit).code).toBe(2);
      expect(printed.mock.calls.map((call) => call.join(' ')).join('\n')).toContain(message);
      expect(opened).not.toHaveBeenCalled();
    } finally {
      process.argv = argv;
      exit.mockRestore();
      printed.mockRestore();
      vi.doUnmock('../../src/db/index.js');
    }
  });
});

describe('npm run staff:create -w @shop/api -- <email> <password>', () => {
  // The database a server has run on (migrated already), as where the command is used.
  const dataDir = migratedDataDir('staff-cli-');
  const neverOpened = join(dataDir, 'never-opened');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The documented command, from the repo root, against an embedded database of its own. */
  const run = (args: string[], env: Record<string, string> = {}) =>
    new Promise<{ code: number; out: string; err: string }>((resolve) => {
      execFile(
        'npm',
        ['run', '--silent', 'staff:create', '-w', '@shop/api', '--', ...args],
        { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...env }, timeout: 120_000 },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout, err: stderr }),
      );
    });

  it('creates the account, and refuses a missing argument (before opening a database) or a database in use', async () => {
    // Refused by its own check of the arguments (bad input: above), before a database is opened or created.
    const usage = await run([], { DATA_DIR: neverOpened });
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('usage: npm run staff:create -w @shop/api -- <email> <password>');
    expect(existsSync(neverOpened)).toBe(false);

    const created = await run(['Ny.Redaktor@Staut.no', 'redaksjon456']);
    expect(created.code, created.err).toBe(0);
    expect(created.out).toMatch(/created staff account ny\.redaktor@staut\.no/);

    const database = await openDatabase({ dataDir });
    try {
      const rows = await database.db.select().from(customers).where(eq(customers.email, 'ny.redaktor@staut.no'));
      expect(rows).toHaveLength(1);
      expect(rows[0]!.role).toBe('staff');
      expect(await verifyPassword(rows[0]!.passwordHash, 'redaksjon456')).toBe(true);
      // The database is open here (as a running server would hold it): the command says so instead of crashing.
      const locked = await run(['tredje@staut.no', 'redaksjon789']);
      expect(locked.code).toBe(1);
      expect(locked.err).toMatch(/\[staff\] The data directory is in use .*STAFF_EMAIL/);
    } finally {
      await database.close();
    }
  }, 300_000);
});

describe('a bad STAFF_EMAIL/STAFF_PASSWORD stops the start with one clear line', () => {
  // The run's migrated database, as a start meets it; the start is refused before it writes anything.
  let testDb: TestDatabase;
  beforeAll(async () => {
    testDb = await createTestDatabase('pglite');
  });
  afterAll(async () => {
    await testDb?.drop();
  });

  it.each([
    ['ikke-en-adresse', 'driftspassord1', 'not an e-mail address'],
    ['drift@staut.no', 'kort', 'the password needs at least'],
  ])('%s / %s', async (email, password, reason) => {
    const saved = { email: process.env.STAFF_EMAIL, password: process.env.STAFF_PASSWORD };
    process.env.STAFF_EMAIL = email;
    process.env.STAFF_PASSWORD = password;
    try {
      const { buildApp } = await import('../../src/server/app.js');
      const failure = await buildApp({ database: testDb.database }).then(
        async (app) => {
          await app.close();
          return null;
        },
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ConfigError);
      expect(String((failure as Error).message)).toContain(`STAFF_EMAIL/STAFF_PASSWORD: ${reason}`);
    } finally {
      process.env.STAFF_EMAIL = saved.email;
      process.env.STAFF_PASSWORD = saved.password;
    }
  });
});
