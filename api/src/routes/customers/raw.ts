/** The RAW customer shape (contracts RawCustomer) and the row → raw mapping, shared by the customer routes. */
import { and, eq, isNull } from 'drizzle-orm';
import { Type, type Static } from 'typebox';
import type { MessageResponse, RawCustomer } from '@shop/contracts/types';
import type { Db } from '../../db/index.js';
import { customers } from '../../db/schema.js';
import { assertSameShape, FlagSchema, flag, IsoDateTime, MessageSchema, Nullable, type SameShape } from '../shared/schema.js';

export const RawCustomerSchema = Type.Object({
  id: Type.Integer(),
  first_name: Type.String(),
  last_name: Type.String(),
  auth_id: Nullable(Type.String()),
  email: Type.String(),
  phone: Nullable(Type.String()),
  birth_date: Nullable(Type.String({ format: 'date' })),
  gender_id: Nullable(Type.Integer()),
  cookies: FlagSchema,
  permissions: Type.Array(Type.String()),
  terms_conditions: FlagSchema,
  email_verified: Nullable(IsoDateTime),
  address: Nullable(Type.String()),
  postal_code: Nullable(Type.String()),
  city: Nullable(Type.String()),
  preferences: Nullable(Type.Record(Type.String(), Type.Unknown())),
  club: FlagSchema,
  marketing: FlagSchema,
  newsletter: FlagSchema,
  event_invite: FlagSchema,
  birthday_gift: FlagSchema,
  cookie_default: FlagSchema,
  cookie_ga: FlagSchema,
  cookie_google_tag_manager: FlagSchema,
  cookie_meta_pixel: FlagSchema,
  registration_token: Type.Optional(Nullable(Type.String())),
});
assertSameShape<SameShape<Static<typeof RawCustomerSchema>, RawCustomer>>();
assertSameShape<SameShape<Static<typeof MessageSchema>, MessageResponse>>();

type CustomerRow = typeof customers.$inferSelect;

export function toRawCustomer(c: CustomerRow): RawCustomer {
  const permissions = Array.isArray(c.permissions) ? c.permissions.filter((p): p is string => typeof p === 'string') : [];
  const preferences =
    c.preferences !== null && typeof c.preferences === 'object' && !Array.isArray(c.preferences)
      ? (c.preferences as Record<string, unknown>)
      : null;
  return {
    id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    // The membership system's id is the member code when the customer is in the club.
    auth_id: c.memberCode,
    email: c.email ?? '',
    phone: c.phone,
    birth_date: c.birthDate,
    gender_id: c.genderId,
    // "cookies" = has answered the cookie question; the default-cookie flag is what the account page shows.
    cookies: flag(c.cookieDefault),
    permissions,
    terms_conditions: flag(c.termsConditions),
    email_verified: c.emailVerifiedAt ? c.emailVerifiedAt.toISOString() : null,
    address: c.address,
    postal_code: c.postalCode,
    city: c.city,
    preferences,
    club: flag(c.club),
    marketing: flag(c.marketing),
    newsletter: flag(c.newsletter),
    event_invite: flag(c.eventInvite),
    birthday_gift: flag(c.birthdayGift),
    cookie_default: flag(c.cookieDefault),
    cookie_ga: flag(c.cookieGa),
    cookie_google_tag_manager: flag(c.cookieGoogleTagManager),
    cookie_meta_pixel: flag(c.cookieMetaPixel),
  };
}

export async function findActiveCustomer(db: Db, id: number): Promise<CustomerRow | null> {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), isNull(customers.deletedAt)));
  return row ?? null;
}

