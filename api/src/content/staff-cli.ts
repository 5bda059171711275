/**
 * `npm run staff:create -w @shop/api -- email password`: creates a staff (editor) account, or promotes an existing
 * account and sets its password. Uses DATABASE_URL when set, else the embedded database in DATA_DIR (default .data;
 * stop the server first: the embedded data directory allows one process).
 */
import { migrateDatabase, openDatabase } from '../db/index.js';
import { ensureStaffAccount, StaffInputError } from './staff.js';

const [email, password] = process.argv.slice(2);
if (!email || !password) {
  console.error('usage: npm run staff:create -w @shop/api -- <email> <password>');
  process.exit(2);
}
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR });
try {
  await migrateDatabase(database.db);
  const result = await ensureStaffAccount(database.db, email, password);
  console.log(`[staff] ${result.created ? 'created' : 'updated'} staff account ${email.trim().toLowerCase()} (customer id ${result.id})`);
} catch (error) {
  if (error instanceof StaffInputError) {
    console.error(`[staff] ${error.message}`);
    process.exitCode = 2;
  } else throw error;
} finally {
  await database.close();
}
