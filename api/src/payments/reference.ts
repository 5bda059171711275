/**
 * Merchant references: `<reservation id>-<6 hex>`. Unique per provider order (Qliro refuses a repeated
 * MerchantReference with ORDER_ALREADY_EXISTS), short enough for Qliro's 25 characters, and the prefix leads staff
 * and the provider's portal back to the reservation.
 */
import { randomBytes } from 'node:crypto';

export const merchantReference = (reservationId: number, suffix = randomBytes(3).toString('hex')) => `${reservationId}-${suffix}`;

/** The reservation a merchant reference names (null: not one of ours). */
export function reservationOfReference(reference: string): number | null {
  const match = /^(\d{1,10})-[0-9a-f]{6}$/.exec(reference);
  return match ? Number(match[1]) : null;
}
