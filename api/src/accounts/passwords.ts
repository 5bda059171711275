/** Password hashing: argon2id (docs/architecture.md "API conventions", ~14 ms a hash here). */
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is an ambient const enum (not usable with isolatedModules); its value is 2.
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

// A real hash verified when the account does not exist, so a wrong e-mail costs as long as a wrong password
// (answer time must not reveal which e-mail addresses have accounts).
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export { MIN_PASSWORD_LENGTH } from '@shop/contracts/validation';
