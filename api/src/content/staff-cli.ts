/**
 * `npm run staff:create -w @shop/api -- email password [role] [shopId,…]` (from the repo root): creates a staff
 * account — role `staff` (editor, the default), `shop` (shop staff of the given shops), `customer-service` or
 * `admin` — or gives an existing account the role and sets its password. Uses DATABASE_URL when set, else the embedded database in
 * DATA_DIR (default the repo root's `.data`, where `npm start` keeps it; a relative DATA_DIR is taken from the folder
 * the command is typed in). The embedded data directory allows one process: stop the server first, or set
 * STAFF_EMAIL/STAFF_PASSWORD and restart it.
 */
import { cliDataDir, REPO_ROOT } from '../config.js';
import { DataDirLockedError, migrateDatabase, openDatabase, type Database } from '../db/index.js';
import { checkStaffInput, ensureStaffAccount, StaffInputError } from './staff.js';

const [email, password, role, shopList] = process.argv.slice(2);
if (!email || !password) {
  console.error('usage: npm run staff:create -w @shop/api -- <email> <password> [staff|shop|customer-service|admin] [shopId,…]');
  process.exit(2);
}
// Bad input is refused before any database is opened (or created).
try {
  checkStaffInput(email, password, role, shopList);
} catch (error) {
  if (!(error instanceof StaffInputError)) throw error;
  console.error(`[staff] ${error.message}`);
  process.exit(2);
}
let database: Database;
try {
  database = await openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: cliDataDir(process.env, process.cwd(), REPO_ROOT) });
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(`[staff] ${error.message} (or set STAFF_EMAIL/STAFF_PASSWORD and restart the server instead)`);
  process.exit(1);
}
try {
  await migrateDatabase(database.db);
  const result = await ensureStaffAccount(database.db, email, password, role, shopList);
  console.log(`[staff] ${result.created ? 'created' : 'updated'} ${role ?? 'staff'} account ${email.trim().toLowerCase()} (customer id ${result.id}) in ${database.location}`);
} catch (error) {
  if (error instanceof StaffInputError) {
    console.error(`[staff] ${error.message}`);
    process.exitCode = 2;
  } else throw error;
} finally {
  await database.close();
}
