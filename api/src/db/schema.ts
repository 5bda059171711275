/**
 * The whole shop domain (SPEC §3) as one Drizzle schema. Runs unchanged on embedded PGlite and on PostgreSQL.
 * Conventions: money is integer øre; flags the legacy API sends as 0/1 are stored as booleans and mapped at the edge;
 * catalogue ids are explicit (the seed and the import own them), shopper- and editor-created rows use identities.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { norwegianSortKey } from './norwegian.js';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- catalogue taxonomy
/** Main group = SPEC "category" (Tekstil, Sko, Vintersport, Sportsutstyr, Mat og drikke). */
export const mainGroups = pgTable('main_groups', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  banner: text('banner'),
  bannerLink: text('banner_link'),
  sort: integer('sort').notNull().default(0),
});

/** Article group 2 = SPEC "subcategory". */
export const articleGroups2 = pgTable(
  'article_groups2',
  {
    id: integer('id').primaryKey(),
    mainGroupId: integer('main_group_id').notNull().references(() => mainGroups.id),
    name: text('name').notNull(),
  },
  (t) => [index('article_groups2_main_group_idx').on(t.mainGroupId)],
);

/** Article group 3 = SPEC "group". */
export const articleGroups3 = pgTable(
  'article_groups3',
  {
    id: integer('id').primaryKey(),
    group2Id: integer('group2_id').notNull().references(() => articleGroups2.id),
    name: text('name').notNull(),
  },
  (t) => [index('article_groups3_group2_idx').on(t.group2Id)],
);

export const genders = pgTable('genders', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const colorGroups = pgTable('color_groups', {
  id: integer('id').primaryKey(),
  label: text('label').notNull(),
  name: text('name').notNull(),
  hex: text('hex').notNull(),
  /** The representative colour of the group. */
  colorId: integer('color_id'),
});

export const colors = pgTable('colors', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  hex: text('hex').notNull(),
  colorCode: text('color_code').notNull(),
  colorGroupId: integer('color_group_id').references(() => colorGroups.id),
});

export const sizes = pgTable('sizes', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Product line = SPEC "brand" (ProductLineID, Name). */
export const productLines = pgTable('product_lines', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  houseBrand: boolean('house_brand').notNull().default(false),
});

// ---------------------------------------------------------------- articles, variants, stock
export const articles = pgTable(
  'articles',
  {
    id: integer('id').primaryKey(),
    articleNo: text('article_no').notNull(),
    name: text('name').notNull(),
    /** Unique URL slug: slug(name), with `-{id}` appended when two names collide. */
    slug: text('slug').notNull(),
    /**
     * Norwegian sort key of the name (db/norwegian.ts: æ/ø/å after z, `aa` read as å, accents folded); order by it
     * with COLLATE "C". Generated, so every writer gets it for free: PGlite has no nb collation, and computing the key
     * per request cost ~7 ms per category page on PGlite. (Added by the API helper.)
     */
    nameSort: text('name_sort').generatedAlwaysAs(() => norwegianSortKey(sql.raw('"name"'))),
    description: text('description').notNull().default(''),
    techDescription: text('tech_description'),
    nutrientContent: text('nutrient_content'),
    washLabel: text('wash_label'),
    careLabel: text('care_label'),
    /** Suggested final price incl. VAT, øre. */
    price: integer('price').notNull(),
    /** Deposit (pant) per unit, øre. */
    pant: integer('pant').notNull().default(0),
    /** Shipping price of this article, øre; null = default 9900. */
    frightPrice: integer('fright_price'),
    productLineId: integer('product_line_id').references(() => productLines.id),
    mainGroupId: integer('main_group_id').notNull().references(() => mainGroups.id),
    group2Id: integer('group2_id').notNull().references(() => articleGroups2.id),
    group3Id: integer('group3_id').notNull().references(() => articleGroups3.id),
    genderId: integer('gender_id').references(() => genders.id),
    purchasableOnWeb: boolean('purchasable_on_web').notNull().default(true),
    visibleOnWeb: boolean('visible_on_web').notNull().default(true),
    featured: boolean('featured').notNull().default(false),
    webLabel: text('web_label'),
    webPurchaseLimit: integer('web_purchase_limit').notNull().default(10),
    onlyCC: boolean('only_cc').notNull().default(false),
    season: text('season'),
    dateCreated: timestamp('date_created', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('articles_slug_uq').on(t.slug),
    index('articles_main_group_idx').on(t.mainGroupId),
    index('articles_group2_idx').on(t.group2Id),
    index('articles_group3_idx').on(t.group3Id),
    // The category and subcategory listings in their default order (SPEC §9: Name asc; routes/categories/listing.ts
    // orderClauses): a page is an index range instead of a sort of the whole group (15 ms → under 1 ms for a page of
    // the 8 600 visible articles of Tekstil at 20 000 articles), and the page's total an index-only count.
    index('articles_listing_main_group_name_idx')
      .on(t.mainGroupId, sql`${t.nameSort} collate "C"`, sql`${t.name} collate "C"`, t.id)
      .where(sql`${t.visibleOnWeb}`),
    index('articles_listing_group2_name_idx')
      .on(t.group2Id, sql`${t.nameSort} collate "C"`, sql`${t.name} collate "C"`, t.id)
      .where(sql`${t.visibleOnWeb}`),
    check('articles_price_nonneg', sql`${t.price} >= 0`),
  ],
);

/** Extra genders an article is sold for (SPEC web shape `genders`); the primary one is articles.gender_id. */
export const articleGenders = pgTable(
  'article_genders',
  {
    articleId: integer('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
    genderId: integer('gender_id').notNull().references(() => genders.id),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.genderId] })],
);

export const variants = pgTable(
  'variants',
  {
    id: integer('id').primaryKey(),
    articleId: integer('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
    /** EAN-13 with a valid check digit. */
    ean: text('ean').notNull(),
    sizeId: integer('size_id').references(() => sizes.id),
    colorId: integer('color_id').references(() => colors.id),
  },
  (t) => [uniqueIndex('variants_ean_uq').on(t.ean), index('variants_article_idx').on(t.articleId)],
);

export const shops = pgTable('shops', {
  id: integer('id').primaryKey(),
  no: text('no').notNull(),
  name: text('name').notNull(),
  fullName: text('full_name').notNull(),
  orgNo: text('org_no'),
  description: text('description'),
  /** SPEC format: `days-from-to:hhmm-hhmm` entries separated by commas, e.g. `1-5:1000-2000,6-6:1000-1800`. */
  openingHours: text('opening_hours').notNull().default(''),
  mapLink: text('map_link'),
  postNo: text('post_no').notNull(),
  postPlace: text('post_place').notNull(),
  address: text('address').notNull(),
  email: text('email'),
  phone: text('phone'),
  messenger: text('messenger'),
  chainId: integer('chain_id').notNull().default(1),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  /** The web-shop stock location (SPEC §9: available shop id 55) is not a place shoppers visit. */
  isWebStock: boolean('is_web_stock').notNull().default(false),
});

/** Stock per variant per shop. Reservations decrement qty with a guarded UPDATE so it never goes negative. */
export const stock = pgTable(
  'stock',
  {
    variantId: integer('variant_id').notNull().references(() => variants.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    qty: integer('qty').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.variantId, t.shopId] }),
    index('stock_shop_idx').on(t.shopId),
    check('stock_qty_nonneg', sql`${t.qty} >= 0`),
  ],
);

// ---------------------------------------------------------------- campaigns, bestsellers, reviews
export const campaigns = pgTable('campaigns', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  shortDescription: text('short_description'),
  description: text('description'),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  image: text('image'),
  imageMobile: text('image_mobile'),
  showLabel: boolean('show_label').notNull().default(true),
  showImage: boolean('show_image').notNull().default(true),
  labelText: text('label_text'),
  labelType: text('label_type'),
  /** Free-form label data; the legacy API sends it as a JSON string. */
  labelData: jsonb('label_data'),
  url: text('url'),
});

/** An article's price in a campaign (SPEC Campaign: id, articleId, price, labelType, labelData); CampaignArticleID. */
export const campaignArticles = pgTable(
  'campaign_articles',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    campaignId: integer('campaign_id').notNull().references(() => campaigns.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
  },
  (t) => [
    uniqueIndex('campaign_articles_uq').on(t.campaignId, t.articleId),
    index('campaign_articles_article_idx').on(t.articleId),
  ],
);

export const bestsellers = pgTable('bestsellers', {
  articleId: integer('article_id').primaryKey().references(() => articles.id, { onDelete: 'cascade' }),
  qtyRank: integer('qty_rank').notNull().default(9999),
  turnoverRank: integer('turnover_rank').notNull().default(9999),
});

// ---------------------------------------------------------------- customers and sessions
export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased; unique. Null once the account is deleted (orders stay, anonymised). */
    email: text('email'),
    /** Normalised to 8 digits; unique. */
    phone: text('phone'),
    birthDate: date('birth_date'),
    genderId: integer('gender_id').references(() => genders.id),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    address: text('address'),
    postalCode: text('postal_code'),
    city: text('city'),
    /** @shop/contracts STAFF_ROLES: 'customer' | 'staff' (editor) | 'shop' | 'customer-service' | 'admin'. */
    role: text('role').notNull().default('customer'),
    permissions: jsonb('permissions').notNull().default(sql`'[]'::jsonb`),
    preferences: jsonb('preferences').notNull().default(sql`'{}'::jsonb`),
    termsConditions: boolean('terms_conditions').notNull().default(false),
    /** Membership: granted by the shop's rule (accounts/club.ts: consent and a verified e-mail), never written by the customer. */
    club: boolean('club').notNull().default(false),
    /** When the customer asked to join the club and accepted its terms; membership follows once the e-mail is verified. */
    clubConsentAt: timestamp('club_consent_at', { withTimezone: true }),
    marketing: boolean('marketing').notNull().default(false),
    newsletter: boolean('newsletter').notNull().default(false),
    eventInvite: boolean('event_invite').notNull().default(false),
    birthdayGift: boolean('birthday_gift').notNull().default(false),
    cookieDefault: boolean('cookie_default').notNull().default(true),
    cookieGa: boolean('cookie_ga').notNull().default(false),
    cookieGoogleTagManager: boolean('cookie_google_tag_manager').notNull().default(false),
    cookieMetaPixel: boolean('cookie_meta_pixel').notNull().default(false),
    /** Opaque member number shown as the club QR code. */
    memberCode: text('member_code'),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** A staff account an admin deactivated: it may not log in, and its sessions were ended when this was set. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('customers_email_uq').on(t.email), uniqueIndex('customers_phone_uq').on(t.phone)],
);

/** Single-use, expiring tokens for e-mail verification and password reset (only the hash is stored). */
export const customerTokens = pgTable(
  'customer_tokens',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** kind 'email-change': the new address this token confirms (it takes effect only when the link is opened). */
    newEmail: text('new_email'),
    /** kind 'staff-invite': the role the account gets when the invitation is accepted (not before). */
    role: text('role'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('customer_tokens_hash_uq').on(t.tokenHash)],
);

/** Sessions live in the database so any number of API processes can serve them. The id is opaque and random. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    csrfToken: text('csrf_token').notNull(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Login throttling counters when no Redis is configured (key = 'account:<email>' or 'ip:<address>'). */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

/** Outgoing e-mail when no SMTP server is configured (and a log of what was sent when one is). */
export const emailOutbox = pgTable('email_outbox', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** The HTML part (the plain-text part is `body`); null for text-only mail. */
  html: text('html'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: createdAt(),
  /**
   * Until when the outbox worker retries delivery (accounts/outbox.ts); null: never retried automatically (a
   * verification or reset link: a late copy would arrive after the link was replaced; the shopper asks again).
   */
  retryUntil: timestamp('retry_until', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
  /** A worker's lease on the row while it talks to the relay (several API processes share the outbox). */
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastError: text('last_error'),
  /** Set when the worker gave up (retryUntil passed, or the relay refused the address for good). */
  failedAt: timestamp('failed_at', { withTimezone: true }),
});

/** The shops a shop-staff account works in (role 'shop'); customer service and admin need no rows (all shops). */
export const staffShops = pgTable(
  'staff_shops',
  {
    customerId: integer('customer_id').notNull().references(() => customers.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id').notNull().references(() => shops.id),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.shopId] }), index('staff_shops_shop_idx').on(t.shopId)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** reviewable_type/reviewable_id of SPEC §3; only articles are reviewable. */
    reviewableType: text('reviewable_type').notNull().default('article'),
    reviewableId: integer('reviewable_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** Display name kept on the review (anonymous reviews show none). */
    customerName: text('customer_name'),
    content: text('content').notNull(),
    reply: text('reply'),
    rating: smallint('rating').notNull(),
    approved: boolean('approved').notNull().default(false),
    /** -1 small, 0 true to size, 1 large. */
    trueToSize: smallint('true_to_size'),
    sizeColor: text('size_color'),
    anonymous: boolean('anonymous').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_reviewable_idx').on(t.reviewableId),
    index('reviews_customer_idx').on(t.customerId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

// ---------------------------------------------------------------- checkout
export const shippingMethods = pgTable('shipping_methods', {
  /** 'delivery' (home delivery, default) | 'click-and-collect'. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  price: integer('price').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const promocodes = pgTable(
  'promocodes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** The code the shopper types; matched case-insensitively. */
    name: text('name').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validTo: timestamp('valid_to', { withTimezone: true }).notNull(),
    /** true: amount is øre off; false: amount is a percentage (0–100). */
    fixed: boolean('fixed').notNull(),
    amount: integer('amount').notNull(),
    /** 'cart' (anyone), 'member' (logged-in club members only), 'welcome' (once per customer or e-mail). */
    type: text('type').notNull().default('cart'),
    /** Uses allowed in all (null: no limit). */
    maxUses: integer('max_uses'),
    /** Uses so far (reservations placed with the code and not cancelled). */
    uses: integer('uses').notNull().default(0),
  },
  (t) => [uniqueIndex('promocodes_name_uq').on(sql`lower(${t.name})`), check('promocodes_uses_nonneg', sql`${t.uses} >= 0`)],
);

/** One row per reservation that used a code: who used it (customer and e-mail), so a once-per-customer code holds. */
export const promocodeRedemptions = pgTable(
  'promocode_redemptions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    promocodeId: integer('promocode_id').notNull().references(() => promocodes.id, { onDelete: 'cascade' }),
    reservationId: integer('reservation_id').notNull().references(() => reservations.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The e-mail the reservation was placed with, lower-cased. */
    email: text('email').notNull(),
    /** That e-mail as one customer (checkout/promoEmailKey.ts): every spelling of an address has the same key. */
    emailKey: text('email_key').notNull(),
    /** The key of the logged-in customer's account e-mail when it redeemed (null for a guest). */
    accountEmailKey: text('account_email_key'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promocode_redemptions_reservation_uq').on(t.reservationId),
    index('promocode_redemptions_code_email_idx').on(t.promocodeId, t.email),
    index('promocode_redemptions_code_email_key_idx').on(t.promocodeId, t.emailKey),
    index('promocode_redemptions_code_account_key_idx').on(t.promocodeId, t.accountEmailKey),
    index('promocode_redemptions_code_customer_idx').on(t.promocodeId, t.customerId),
  ],
);

export const reservations = pgTable(
  'reservations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    /** @shop/contracts RESERVATION_STATUSES: 1 new, 2 awaiting payment, 3 paid, 4 ready, 5 collected, 6 shipped, 7 not collected, 8 refunded, 9 cancelled. */
    statusId: integer('status_id').notNull().default(1),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    /** Shipping method id ('delivery' | 'click-and-collect'). */
    delivery: text('delivery').notNull(),
    address: text('address'),
    city: text('city'),
    zipcode: text('zipcode'),
    shippingPrice: integer('shipping_price').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    promocodeId: integer('promocode_id').references(() => promocodes.id),
    total: integer('total').notNull(),
    trackingUrl: text('tracking_url'),
    /** The session that placed it (sessions.id), so an anonymous shopper may pay for it. (Added by checkout-api.) */
    sessionId: text('session_id'),
    /** The client that placed it (server/client.ts: request.ip behind TRUST_PROXY, IPv6 as its /64), for the open-reservation caps. */
    clientAddress: text('client_address'),
    /** Until when an unpaid reservation holds its stock (checkout/hold.ts); null = no hold ends (older rows). */
    holdUntil: timestamp('hold_until', { withTimezone: true }),
    /** When the hold ended unpaid: the reservation was cancelled (status 9) and its stock returned. */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    /**
     * When the shopper chose "Betal ved henting i butikken" (checkout/payInShop.ts): the hold became the pickup window
     * and the reservation counts towards RESERVATION_PAY_IN_SHOP_CAP while it is open. Null = not chosen.
     */
    payInShopAt: timestamp('pay_in_shop_at', { withTimezone: true }),
    /** Bumped by every staff action: a request carrying an older version was made from a stale screen (409). */
    version: integer('version').notNull().default(0),
    /** Marked "Klar til henting": the pickup window runs until pickup_until. */
    readyAt: timestamp('ready_at', { withTimezone: true }),
    pickupUntil: timestamp('pickup_until', { withTimezone: true }),
    /** Collected, shipped or not collected: the goods left the shop or went back to the shelf. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('reservations_customer_idx').on(t.customerId),
    index('reservations_session_idx').on(t.sessionId, t.createdAt),
    index('reservations_client_address_idx').on(t.clientAddress, t.createdAt),
    // The hold sweep reads only unpaid reservations whose hold has an end.
    index('reservations_hold_idx').on(t.holdUntil).where(sql`${t.statusId} in (1, 2) and ${t.holdUntil} is not null`),
    // The pickup sweep reads only reservations waiting in a shop.
    index('reservations_pickup_idx').on(t.pickupUntil).where(sql`${t.statusId} = 4`),
    index('reservations_queue_idx').on(t.shopId, t.statusId, t.createdAt),
  ],
);

export const reservationLines = pgTable(
  'reservation_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    reservationId: integer('reservation_id').notNull().references(() => reservations.id, { onDelete: 'cascade' }),
    variantId: integer('variant_id').notNull().references(() => variants.id),
    articleId: integer('article_id').notNull().references(() => articles.id),
    ean: text('ean').notNull(),
    name: text('name').notNull(),
    count: integer('count').notNull(),
    price: integer('price').notNull(),
    pant: integer('pant').notNull().default(0),
    campaignArticleId: integer('campaign_article_id').references(() => campaignArticles.id),
    /** The shop whose stock the line took (home delivery may take from any shop); null = the reservation's shop. */
    stockShopId: integer('stock_shop_id').references(() => shops.id),
    /** Units handed over or shipped (null until the reservation is collected/shipped). */
    fulfilledCount: integer('fulfilled_count'),
    /** Units staff removed before hand-over (not found on the shelf, or the shopper did not want them). */
    removedCount: integer('removed_count').notNull().default(0),
    /** Units refunded through the provider. */
    refundedCount: integer('refunded_count').notNull().default(0),
    /** Units that came back to a shop after hand-over (their stock was returned there). */
    returnedCount: integer('returned_count').notNull().default(0),
  },
  (t) => [index('reservation_lines_reservation_idx').on(t.reservationId), check('reservation_lines_count_pos', sql`${t.count} > 0`)],
);

/** Customer order (SPEC: OrderID, VatPercentage, Vat, NetAmount, Total, orderlines, DateCreated). VAT is derived. */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    reservationId: integer('reservation_id').references(() => reservations.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    vatPercentage: integer('vat_percentage').notNull().default(25),
    total: integer('total').notNull(),
    /** 'created' | 'paid' | 'cancelled'. */
    status: text('status').notNull().default('created'),
    createdAt: createdAt(),
  },
  (t) => [index('orders_customer_idx').on(t.customerId)],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    orderId: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    ean: text('ean').notNull(),
    name: text('name').notNull(),
    count: integer('count').notNull(),
    /** Unit price incl. VAT, øre. */
    price: integer('price').notNull(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
);

/**
 * A checkout at a payment provider. Status: `pending` (open checkout), `paid` (the reservation's authorised payment),
 * `onhold`/`refused` (the provider's word), `cancelled` (the shop gave it up: another provider, a new amount, expiry),
 * `late` (completed after the reservation was paid or expired: being cancelled/refunded), `mismatch` (completed with
 * an amount or reference that disagrees with the reservation: for staff). At most one `pending` per reservation and
 * provider (payment_orders_open_uq).
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    provider: text('provider').notNull(),
    providerOrderId: text('provider_order_id').notNull(),
    reservationId: integer('reservation_id').notNull().references(() => reservations.id),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    status: text('status').notNull(),
    amount: integer('amount').notNull(),
    /** The merchant reference sent to the provider: `<reservation id>-<suffix>`, unique per provider. */
    merchantReference: text('merchant_reference'),
    /** Why a completed order was not taken as the reservation's payment (amount/reference), for staff. */
    mismatch: text('mismatch'),
    /** Øre the provider has authorised / captured / refunded for this order (provider operations keep them). */
    authorizedAmount: integer('authorized_amount').notNull().default(0),
    capturedAmount: integer('captured_amount').notNull().default(0),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    /** Kustom's fraud_status ('ACCEPTED' | 'PENDING' | 'REJECTED'); null where the provider has none (Qliro). */
    fraudStatus: text('fraud_status'),
    /** What the last reconciliation found different at the provider (Norwegian, for staff); null when it agreed. */
    discrepancy: text('discrepancy'),
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_orders_provider_uq').on(t.provider, t.providerOrderId),
    uniqueIndex('payment_orders_open_uq').on(t.reservationId, t.provider).where(sql`${t.status} = 'pending'`),
    uniqueIndex('payment_orders_reference_uq').on(t.provider, t.merchantReference),
    index('payment_orders_reservation_idx').on(t.reservationId),
  ],
);

/**
 * The durable queue of provider operations (payments/operations.ts): capture, cancel, refund, extend, and `void`
 * (give up a checkout: cancel it at the provider if it was completed after all). A row is written in the same
 * transaction as the decision, so a crash between "decided" and "done" resumes; the idempotency key is sent to the
 * provider (Klarna-Idempotency-Key, Qliro RequestId) so a retried call never acts twice.
 * State: queued → sent (a request is out or its result is awaited; lease until locked_until) → confirmed | refused |
 * unknown (could not be settled: for staff, "må følges opp"). See payments/operations.ts and ADR 0025.
 */
export const paymentOperations = pgTable(
  'payment_operations',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    paymentOrderId: integer('payment_order_id').notNull().references(() => paymentOrders.id),
    reservationId: integer('reservation_id').notNull().references(() => reservations.id),
    kind: text('kind').notNull(),
    /** Øre for capture/refund, fixed when decided. */
    amount: integer('amount'),
    /** The lines a partial capture/refund covers ([{reference, quantity}]); null = by amount alone. */
    lines: jsonb('lines'),
    idempotencyKey: text('idempotency_key').notNull(),
    state: text('state').notNull().default('queued'),
    /** Every claim (a send, a read of the provider's record): the fence of the claim's writes. */
    attempts: integer('attempts').notNull().default(0),
    /** Failed attempts since the provider last answered: the retry back-off grows with these, not with every claim. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** What the provider answered when done (capture id, amounts), as JSON. */
    result: jsonb('result'),
    /** Why it was decided: 'staff', 'expired', 'late-payment', 'other-provider', 'cart-changed'. */
    reason: text('reason').notNull(),
    /** Qliro: the RequestId of the latest attempt (a fresh GUID per send: Qliro denies a reused one for 7 days). */
    requestId: text('request_id'),
    /** The provider's id of what this operation did (Qliro PaymentTransactionId, Kustom capture_id/refund_id). */
    providerRef: text('provider_ref'),
    /** When the latest request went out (verification reads the provider's state before anything is sent again). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** For state 'unknown': what is known, for the staff who follow it up (Norwegian). */
    followUp: text('follow_up'),
    /** The staff member (customers.id) who asked, when one did. */
    requestedBy: integer('requested_by').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_operations_key_uq').on(t.idempotencyKey),
    index('payment_operations_due_idx').on(t.nextAttemptAt).where(sql`${t.state} in ('queued', 'sent')`),
    index('payment_operations_order_idx').on(t.paymentOrderId),
  ],
);

/**
 * The audit trail of a reservation: every status change and staff action, who (null = the system: a sweep, a
 * payment), when and what (`detail`: lines, amounts, tracking URL, reason, operation ids). Written in the same
 * transaction as the change it records.
 */
export const reservationEvents = pgTable(
  'reservation_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    reservationId: integer('reservation_id').notNull().references(() => reservations.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => customers.id, { onDelete: 'set null' }),
    /** The actor's name as it was then (the account may change or go). */
    actorName: text('actor_name'),
    /** 'paid' | 'ready' | 'collected' | 'shipped' | 'not-collected' | 'expired' | 'line-removed' | 'refund' | 'returned' | 'mail' … */
    kind: text('kind').notNull(),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status'),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('reservation_events_reservation_idx').on(t.reservationId, t.id)],
);

// ---------------------------------------------------------------- content
export const blogCategories = pgTable(
  'blog_categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('blog_categories_slug_uq').on(t.slug)],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    /** Sanitised HTML. */
    body: text('body').notNull(),
    featuredImage: text('featured_image'),
    mainArticleId: integer('main_article_id').references(() => articles.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic concurrency (content/versions.ts): every save needs the version it was based on and adds one. */
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by').references(() => customers.id, { onDelete: 'set null' }),
    /** When an editor last took it off the site (status 'unpublished' rather than 'draft'). */
    unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
    /**
     * Changes to a live post saved without publishing them (content/pendingChanges.ts PendingPost): shoppers keep the
     * columns above, editors and previews see these; a status change puts them live, a discard drops them.
     */
    pending: jsonb('pending'),
  },
  (t) => [uniqueIndex('blog_posts_slug_uq').on(t.slug)],
);

export const blogPostCategories = pgTable(
  'blog_post_categories',
  {
    postId: integer('post_id').notNull().references(() => blogPosts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull().references(() => blogCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.categoryId] })],
);

export const blogPostArticles = pgTable(
  'blog_post_articles',
  {
    postId: integer('post_id').notNull().references(() => blogPosts.id, { onDelete: 'cascade' }),
    articleId: integer('article_id').notNull().references(() => articles.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.articleId] })],
);

export const polls = pgTable('polls', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  description: text('description'),
  bannerDesktop: text('banner_desktop'),
  bannerMobile: text('banner_mobile'),
  active: boolean('active').notNull().default(false),
  /** A quiz with a prize draw: only logged-in customers may take part (an entry must reach a person). */
  prizeDraw: boolean('prize_draw').notNull().default(false),
  createdAt: createdAt(),
  /** Shown to shoppers from this instant (null: not on the site); `active` is whether it takes answers (open/closed). */
  publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Optimistic concurrency (content/versions.ts): every save needs the version it was based on and adds one. */
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by').references(() => customers.id, { onDelete: 'set null' }),
  /** When an editor last took it off the site (status 'unpublished' rather than 'draft'). */
  unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
});

export const pollQuestions = pgTable('poll_questions', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  pollId: integer('poll_id').notNull().references(() => polls.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const pollOptions = pgTable('poll_options', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  questionId: integer('question_id').notNull().references(() => pollQuestions.id, { onDelete: 'cascade' }),
  text: text('text').notNull(),
  correct: boolean('correct').notNull().default(false),
  sort: integer('sort').notNull().default(0),
});

/** One answer per question per participant (a customer, else the session). */
export const pollAnswers = pgTable(
  'poll_answers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    pollId: integer('poll_id').notNull().references(() => polls.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').notNull().references(() => pollQuestions.id, { onDelete: 'cascade' }),
    optionId: integer('option_id').notNull().references(() => pollOptions.id, { onDelete: 'cascade' }),
    /** 'customer:<id>' for a logged-in voter, else 'device:<id>' (the poll device cookie). */
    participant: text('participant').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('poll_answers_participant_uq').on(t.questionId, t.participant)],
);

export const socialPosts = pgTable('social_posts', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  message: text('message').notNull(),
  image: text('image'),
  url: text('url'),
  postedAt: timestamp('posted_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Tenant settings as key → JSON value (brand name, brand lists per menu entry, flags, chain id). */
export const tenantSettings = pgTable('tenant_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Home page banner-slot layouts; the published one is the home page, others render at /preview/{name}. */
export const homeLayouts = pgTable('home_layouts', {
  name: text('name').primaryKey(),
  published: boolean('published').notNull().default(false),
  slots: jsonb('slots').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** A scheduled layout (a campaign weekend): live from/until these instants, ahead of the unscheduled one. */
  publishFrom: timestamp('publish_from', { withTimezone: true }),
  publishUntil: timestamp('publish_until', { withTimezone: true }),
  /** Optimistic concurrency (content/versions.ts): every save needs the version it was based on and adds one. */
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by').references(() => customers.id, { onDelete: 'set null' }),
  /** When an editor last took it off the site (status 'unpublished' rather than 'draft'). */
  unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
});

/** Static copy pages editors can change without a deploy (slug = route path without the slash). */
export const staticPages = pgTable('static_pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** Shown from this instant (null: taken off the site, the page answers 404). */
  publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
  /** Optimistic concurrency (content/versions.ts): every save needs the version it was based on and adds one. */
  version: integer('version').notNull().default(1),
  updatedBy: integer('updated_by').references(() => customers.id, { onDelete: 'set null' }),
  /** When an editor last took it off the site (status 'unpublished' rather than 'draft'). */
  unpublishedAt: timestamp('unpublished_at', { withTimezone: true }),
  /** Changes to a live page saved without publishing them (content/pendingChanges.ts PendingPage), as on blog_posts. */
  pending: jsonb('pending'),
});

/**
 * Every save of a piece of content as a full snapshot (its editor view as JSON). Revision n is the entity's version n,
 * so (entity_type, entity_key, number) is unique and a restore is a new revision equal to an old one.
 */
export const contentRevisions = pgTable(
  'content_revisions',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** content/entities.ts CONTENT_TYPES: 'blog-post' | 'poll' | 'home-layout' | 'page'. */
    entityType: text('entity_type').notNull(),
    /** The id (posts, polls) or name/slug (home layouts, pages) as text. */
    entityKey: text('entity_key').notNull(),
    number: integer('number').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    authorId: integer('author_id').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('content_revisions_entity_number_uq').on(t.entityType, t.entityKey, t.number)],
);

/** Who did what to which piece of content or staff account, and when (every editor/admin write). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    actorId: integer('actor_id').references(() => customers.id, { onDelete: 'set null' }),
    /** Kept so the entry still names the person after the account is gone. */
    actorName: text('actor_name').notNull(),
    entityType: text('entity_type').notNull(),
    entityKey: text('entity_key').notNull(),
    action: text('action').notNull(),
    detail: jsonb('detail').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityKey, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
  ],
);

/**
 * Uploaded content images (content/images): the id is 128 random bits (URL-safe base64) and also names the files in
 * the image store, so a URL never shows other pixels even after a database is reset over a kept bucket. The derived
 * sizes follow from `width` (imageWidths in @shop/contracts/images).
 */
export const contentImages = pgTable(
  'content_images',
  {
    id: text('id').primaryKey(),
    alt: text('alt').notNull(),
    /** image/jpeg, image/png or image/webp: the master copy's type. */
    type: text('type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Bytes of the file as uploaded. */
    bytes: integer('bytes').notNull(),
    uploadedBy: integer('uploaded_by').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('content_images_created_idx').on(t.createdAt, t.id)],
);

// ---------------------------------------------------------------- geo reference data (CC BY 3.0, Erik Bolstad)
export const postalCodes = pgTable('postal_codes', {
  postNo: text('post_no').primaryKey(),
  postPlace: text('post_place').notNull(),
  /** BRUKSOMRÅDE: street addresses, PO boxes, … */
  usage: text('usage'),
  municipalityNo: text('municipality_no'),
  municipality: text('municipality'),
  county: text('county'),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  /** 1 best … 6 uncertain. */
  quality: smallint('quality'),
  retired: boolean('retired').notNull().default(false),
});

/** Streets per postal code, the offline fallback for address lookup. */
export const streets = pgTable(
  'streets',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    postNo: text('post_no').notNull(),
    name: text('name').notNull(),
  },
  (t) => [index('streets_post_no_idx').on(t.postNo)],
);

// ---------------------------------------------------------------- search index (api/src/search)
/** PostgreSQL full-text vector; Drizzle has no built-in column type for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search index: one Elasticsearch-style document per article, written only by the SQL function
 * `search_index_refresh(ids)` (migration 0004_search_triggers), which statement-level triggers on every table the
 * document reads call for the rows a statement touched. Bulk loads that switch triggers off
 * (`session_replication_role = replica`, the seed) leave it behind; the search plugin rebuilds it at start-up when its
 * row count differs from the articles'. `document` is `norwegian` full text of name, brand, group names and
 * description, stripped of positions (nothing reads them; migration 0008); the arrays are the multi-valued filter
 * fields. Rows stay narrow on purpose: a count reads the row of every match up to its bound (ADR 0011), and the wide
 * listing documents (article_search_sources) tripled the pages a search read at 20 000 articles.
 */
export const articleSearch = pgTable(
  'article_search',
  {
    // Column order is a measured choice (migration 0010): fixed-width columns first, then what ranking reads, the
    // nullable and array columns, and the wide document last, so reading a match's tier and rank skips the rest.
    articleId: integer('article_id').primaryKey().references(() => articles.id, { onDelete: 'cascade' }),
    /** Bestseller quantity rank, 9999 when none (SPEC §9). */
    qtyRank: integer('qty_rank').notNull().default(9999),
    group3Id: integer('group3_id').notNull(),
    /** Suggested final price, øre (campaign prices are joined at query time: they depend on the clock). */
    price: integer('price').notNull(),
    /** The id arrays below as bit sets (bit n = id n for ids 0…62): the filters' fast path (search/filters.ts). */
    colorGroupBits: bigint('color_group_bits', { mode: 'bigint' }).notNull().default(sql`0`),
    genderBits: bigint('gender_bits', { mode: 'bigint' }).notNull().default(sql`0`),
    shopBits: bigint('shop_bits', { mode: 'bigint' }).notNull().default(sql`0`),
    visible: boolean('visible').notNull(),
    /** The article is in some campaign (running or not): only these rows look up a running campaign price. */
    hasCampaign: boolean('has_campaign').notNull().default(false),
    nameSort: text('name_sort').notNull(),
    /** The name alone (`norwegian`, no positions): relevance tier 3, "every word in the name". */
    nameDocument: tsvector('name_document').notNull().default(sql`''::tsvector`),
    productLineId: integer('product_line_id'),
    colorGroupIds: integer('color_group_ids').array().notNull().default(sql`'{}'`),
    genderIds: integer('gender_ids').array().notNull().default(sql`'{}'`),
    /** Shops with stock (qty > 0) of any variant. */
    shopIds: integer('shop_ids').array().notNull().default(sql`'{}'`),
    document: tsvector('document').notNull(),
  },
  (t) => [
    // Visible articles only, all a search reads (migration 0011).
    index('article_search_document_idx').using('gin', t.document).where(sql`visible`),
    // Relevance tier 3 of a rare word: its few name matches, probed instead of walked (migration 0011, ADR 0011).
    index('article_search_name_document_idx').using('gin', t.nameDocument).where(sql`visible`),
    // The ranking (bestseller rank, then name): a search reads each tier's page in index order and stops after it,
    // instead of sorting every match; the rows lie in this order (CLUSTER, fillfactor 90: migration 0011).
    index('article_search_rank_idx').on(t.qtyRank, sql`"name_sort" collate "C"`, t.articleId),
    // Every scalar a filter rule reads, so a filtered total is an index-only count over this narrow index (1.3 MB at
    // 20 000 articles) instead of a scan of the table's 11 MB: 4.8 → 1.4 ms for a gender + shop filter on PostgreSQL.
    index('article_search_facets_idx').on(
      t.visible,
      t.colorGroupBits,
      t.genderBits,
      t.shopBits,
      t.price,
      t.group3Id,
      t.productLineId,
      t.articleId,
    ),
    index('article_search_color_groups_idx').using('gin', t.colorGroupIds),
    index('article_search_genders_idx').using('gin', t.genderIds),
    index('article_search_shops_idx').using('gin', t.shopIds),
  ],
);

/**
 * The search hit's `_source` per article: the RawArticle listing shape without the time-dependent parts (image URL
 * and running campaigns), written with article_search, so a page of hits is one query.
 */
export const articleSearchSources = pgTable('article_search_sources', {
  articleId: integer('article_id').primaryKey().references(() => articles.id, { onDelete: 'cascade' }),
  source: jsonb('source').notNull(),
});

/** Every word of article, brand and group names: where typo tolerance looks a misspelt word up (pg_trgm). */
export const searchWords = pgTable(
  'search_words',
  { word: text('word').primaryKey() },
  (t) => [index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);
