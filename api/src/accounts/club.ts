/**
 * Club membership by the shop's rule: a customer is a member of the customer club when it has asked to join and
 * accepted the club's terms (consent, `club_consent_at`) and its e-mail address is verified. Membership is a benefit
 * with a price (member codes such as MEDLEM20, a 5-year warranty), so it is granted here, never written by the
 * customer: `PUT /customers/{id}` may leave the club (club: 0, which also withdraws the consent) but not join it.
 *
 * Consent is given at registration (the club box) or with POST /customers/current/club; the membership follows at
 * once when the address is verified, else when the verification link is opened (or a new address is confirmed).
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { customers } from '../db/schema.js';
import { generateMemberCode } from './memberCode.js';
import type { DbExecutor } from './mail.js';

export const clubTexts = {
  joined: 'Velkommen i kundeklubben! Medlemskoden din finner du på Min side.',
  consentRequired: 'Du må godta vilkårene for kundeklubben for å bli medlem.',
  verifyFirst: 'Bekreft e-postadressen din først, så kan du bli medlem av kundeklubben.',
  joinSeparately: 'Du blir medlem av kundeklubben med knappen «Bli medlem» under Kundeklubben, ikke ved å endre profilen.',
} as const;

export interface ClubFacts {
  clubConsentAt: Date | null;
  emailVerifiedAt: Date | null;
  /** A deleted account has no address, so it cannot be (or become) a member. */
  email: string | null;
}

/** The rule (pure): consent and a verified address. */
export function qualifiesForClub(customer: ClubFacts): boolean {
  return customer.clubConsentAt !== null && customer.emailVerifiedAt !== null && !!customer.email;
}

/** Why a customer who asks to join is not a member yet, or null when it may be one now (pure). */
export function joinRefusal(customer: ClubFacts, consent: boolean): keyof typeof clubTexts | null {
  if (!consent) return 'consentRequired';
  if (!customer.emailVerifiedAt || !customer.email) return 'verifyFirst';
  return null;
}

/**
 * Makes the customer a member if the rule now holds (after a verification, a confirmed new address or a join), keeping
 * a member code it already had. Returns whether it became a member by this call.
 */
export async function grantClubMembership(tx: DbExecutor, customerId: number): Promise<boolean> {
  const granted = await tx
    .update(customers)
    .set({ club: true, memberCode: sql`coalesce(${customers.memberCode}, ${generateMemberCode()})` })
    .where(
      and(
        eq(customers.id, customerId),
        eq(customers.club, false),
        isNotNull(customers.clubConsentAt),
        isNotNull(customers.emailVerifiedAt),
        isNotNull(customers.email),
      ),
    )
    .returning({ id: customers.id });
  return granted.length > 0;
}

/** The columns a customer's "leave the club" sets: membership and consent end together. */
export const leaveClub = { club: false, clubConsentAt: null } as const;

/** Records the consent (once: the first date stays) without granting anything. */
export async function recordClubConsent(tx: DbExecutor, customerId: number, at: Date): Promise<void> {
  await tx.update(customers).set({ clubConsentAt: at, termsConditions: true }).where(and(eq(customers.id, customerId), isNull(customers.clubConsentAt)));
}
