import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  real,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { UserType } from "../../domain/user";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

// ───────────────────────── reference ─────────────────────────
export const countries = pgTable("countries", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
  nameAr: text("name_ar").notNull(),
  code: text("code").notNull(),
});

export const states = pgTable("states", {
  id: integer("id").primaryKey(),
  countryId: integer("country_id").notNull().references(() => countries.id),
  name: text("name").notNull(),
  nameAr: text("name_ar").notNull(),
});

export const delegations = pgTable(
  "delegations",
  {
    id: integer("id").primaryKey(),
    stateId: integer("state_id").notNull().references(() => states.id),
    name: text("name").notNull(),
    nameAr: text("name_ar").notNull(),
  },
  (t) => [index("delegations_state_idx").on(t.stateId)],
);

export const institutes = pgTable(
  "institutes",
  {
    id: integer("id").primaryKey(),
    stateId: integer("state_id").notNull().references(() => states.id),
    delegationId: integer("delegation_id").references(() => delegations.id),
    name: text("name").notNull(),
  },
  (t) => [index("institutes_state_idx").on(t.stateId)],
);

export const divisions = pgTable("divisions", {
  id: integer("id").primaryKey(),
  level: text("level").notNull(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
  nameAr: text("name_ar").notNull(),
  position: integer("position").notNull(),
});

export const optionalSubjects = pgTable("optional_subjects", {
  id: integer("id").primaryKey(),
  divisionId: integer("division_id").notNull().references(() => divisions.id),
  name: text("name").notNull(),
  nameAr: text("name_ar").notNull(),
});

export const editDivisionReasons = pgTable("edit_division_reasons", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  nameEn: text("name_en").notNull(),
  nameAr: text("name_ar").notNull(),
});

export const offerGroups = pgTable("offer_groups", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  nameAr: text("name_ar"),
  nameEn: text("name_en"),
});

// ───────────────────────── users and auth ─────────────────────────
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    userType: text("user_type").$type<UserType>().notNull().default("student"),
    name: text("name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email"),
    phone: text("phone"),
    phone2: text("phone2"),
    parentPhone: text("parent_phone"),
    gender: text("gender"),
    birthDate: date("birth_date", { mode: "string" }),
    avatar: text("avatar"),
    passwordHash: text("password_hash").notNull(),
    divisionId: integer("division_id").references(() => divisions.id),
    optionalSubjectId: integer("optional_subject_id").references(() => optionalSubjects.id),
    countryId: integer("country_id").references(() => countries.id),
    stateId: integer("state_id").references(() => states.id),
    delegationId: integer("delegation_id").references(() => delegations.id),
    instituteId: integer("institute_id").references(() => institutes.id),
    verified: boolean("verified").notNull().default(false),
    /** The account proved it owns its e-mail (a code sent there, or Google saying so): the condition of linking by e-mail. */
    emailVerified: boolean("email_verified").notNull().default(false),
    /** False for an account opened with a provider until a password is set (a reset): unlinking keeps a way in. */
    hasPassword: boolean("has_password").notNull().default(true),
    completed: boolean("completed").notNull().default(true),
    googleId: text("google_id"),
    facebookId: text("facebook_id"),
    isTest: boolean("is_test").notNull().default(false),
    mustChangePassword: boolean("must_change_password").notNull().default(false),
    /** Set by an operator: the next login is refused until the password is reset with a code. */
    passwordExpired: boolean("password_expired").notNull().default(false),
    passwordChangedAt: ts("password_changed_at").notNull().defaultNow(),
    freeHoursTotal: integer("free_hours_total_s"),
    freeHoursUsed: integer("free_hours_used_s").notNull().default(0),
    referralCode: text("referral_code"),
    hasEditDivision: boolean("has_edit_division").notNull().default(false),
    versPilote: boolean("vers_pilote").notNull().default(false),
    notificationPreferences: jsonb("notification_preferences").$type<Record<string, 0 | 1>>().notNull().default({}),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_uq").on(sql`lower(${t.email})`),
    uniqueIndex("users_phone_uq").on(t.phone),
    uniqueIndex("users_google_id_uq").on(t.googleId).where(sql`${t.googleId} IS NOT NULL`),
    uniqueIndex("users_facebook_id_uq").on(t.facebookId).where(sql`${t.facebookId} IS NOT NULL`),
  ],
);

export const affiliations = pgTable(
  "affiliations",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    offerId: integer("offer_id").notNull(),
    groupId: integer("group_id").notNull().references(() => offerGroups.id),
    period: text("period").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    amountPaid: bigint("amount_paid", { mode: "number" }).notNull().default(0),
    offerDivisionId: integer("offer_division_id").references(() => offerDivisions.id),
    /** Null: every subject the offer's group unlocks; otherwise only these subjects. */
    subjectIds: integer("subject_ids").array(),
    chapterId: integer("chapter_id").references(() => chapters.id),
    movementId: uuid("movement_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
    /** Refunded by an operator: the price was paid back once and the access ended. */
    refundedAt: ts("refunded_at"),
    /** Instalments (0011): the first instalment of the plan this row paid (0-based) and how many; null when bought in full. */
    sliceIndex: integer("slice_index"),
    sliceCount: integer("slice_count"),
    /** The year's price the plan splits, agreed at its first instalment, and that instalment's day. */
    planTotal: bigint("plan_total", { mode: "number" }),
    planStart: date("plan_start", { mode: "string" }),
    /** When the pupil was told the next instalment is due. */
    dueNotifiedAt: ts("due_notified_at"),
  },
  (t) => [
    index("affiliations_user_idx").on(t.userId),
    index("affiliations_plan_idx").on(t.userId, t.offerId).where(sql`${t.sliceIndex} IS NOT NULL`),
    check("affiliations_amount_non_negative", sql`${t.amountPaid} >= 0`),
    check(
      "affiliations_plan_ck",
      sql`(${t.sliceIndex} IS NULL AND ${t.sliceCount} IS NULL AND ${t.planTotal} IS NULL AND ${t.planStart} IS NULL) OR (${t.sliceIndex} >= 0 AND ${t.sliceCount} >= 1 AND ${t.planTotal} >= 0 AND ${t.planStart} IS NOT NULL)`,
    ),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    adminId: integer("admin_id").references(() => users.id),
    createdAt: ts("created_at").notNull().defaultNow(),
    expiresAt: ts("expires_at").notNull(),
    revokedAt: ts("revoked_at"),
    /** Where the session was opened from (issue 20 §8: a gift code used from its owner's network or device is flagged). */
    ip: text("ip"),
    /** The device that opened it: the app's device id (`X-Device-Id`), not a User-Agent. */
    device: text("device"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** Verification, reset and transfer codes: hashed, 10 minutes, 5 tries. */
export const authCodes = pgTable(
  "auth_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    consumedAt: ts("consumed_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("auth_codes_user_purpose_idx").on(t.userId, t.purpose)],
);

export const impersonationTokens = pgTable("impersonation_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  adminId: integer("admin_id").notNull().references(() => users.id),
  userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  expiresAt: ts("expires_at").notNull(),
  usedAt: ts("used_at"),
});

/** Messages handed to the SMS / e-mail adapter (the dev outbox reads them). */
/**
 * E-mails and SMS to send (and, outside production, the dev outbox's record of them and of pushes): a durable queue
 * delivered by server/services/messages/dispatch.ts (migration 0015). `body` is the SMS or the e-mail's text part;
 * `code` is kept for the dev outbox only (never in production), and a delivered message's body is emptied in production.
 */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    channel: text("channel").notNull(),
    kind: text("kind").notNull(),
    code: text("code"),
    body: text("body").notNull(),
    language: text("language").$type<"fr" | "en" | "ar">().notNull().default("fr"),
    subject: text("subject"),
    html: text("html"),
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    leasedUntil: ts("leased_until"),
    provider: text("provider"),
    providerId: text("provider_id"),
    lastError: text("last_error"),
    sentAt: ts("sent_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("outbox_messages_status_ck", sql`${t.status} in ('pending', 'sent', 'failed')`),
    check("outbox_messages_language_ck", sql`${t.language} in ('fr', 'en', 'ar')`),
    index("outbox_messages_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
  ],
);

export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: ts("window_start").notNull(),
  count: integer("count").notNull(),
});

export const usedBotChallenges = pgTable("used_bot_challenges", {
  signature: text("signature").primaryKey(),
  expiresAt: ts("expires_at").notNull(),
});

// ───────────────────────── wallet ─────────────────────────
/** Money columns: integer millimes (1 TND = 1,000 millimes; 1 point = 1 TND), bigint in the database. */
const millimes = (name: string) => bigint(name, { mode: "number" });

/**
 * One row per wallet owner: a user's id, or a negative id for the platform's own wallets (`PLATFORM_WALLETS` of
 * services/wallet/ledger.ts). `balance` is maintained by the ledger's trigger only (migration 0005); a user's balance
 * can never go negative (check constraint). A platform wallet's row keeps no balance: its balance is the sum of its
 * entries (`balanceOf`), so no movement has to lock it.
 */
export const wallets = pgTable(
  "wallets",
  {
    ownerId: integer("owner_id").primaryKey(),
    balance: millimes("balance").notNull().default(0),
    kind: text("kind").notNull().default("user"),
  },
  (t) => [check("wallets_user_balance_non_negative", sql`${t.kind} <> 'user' OR ${t.balance} >= 0`)],
);

/** Append-only ledger: every movement is entries summing to zero (checked at commit); never updated or deleted. */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    movementId: uuid("movement_id").notNull(),
    walletId: integer("wallet_id").notNull().references(() => wallets.ownerId),
    amount: millimes("amount").notNull(),
    kind: text("kind").notNull(),
    description: text("description").notNull().default(""),
    /** What the movement is about: `transfer` / `topup` / `affiliation` / `discount_use` … and its id. */
    refType: text("ref_type"),
    refId: text("ref_id"),
    /** The operator who acted (impersonation). */
    adminId: integer("admin_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("ledger_wallet_idx").on(t.walletId),
    index("ledger_movement_idx").on(t.movementId),
    index("ledger_ref_idx").on(t.refType, t.refId),
    // One entry of a kind per business object and wallet (migration 0013): a second credit is refused by the database.
    uniqueIndex("ledger_entries_reference_uq").on(t.kind, t.refType, t.refId, t.walletId),
    check("ledger_entries_amount_non_zero", sql`${t.amount} <> 0`),
  ],
);

// ───────────────────────── offers and purchases ─────────────────────────
export const offers = pgTable(
  "offers",
  {
    id: integer("id").primaryKey(),
    groupId: integer("group_id").notNull().references(() => offerGroups.id),
    name: text("name").notNull(),
    nameAr: text("name_ar"),
    nameEn: text("name_en"),
    type: text("type").$type<"primary" | "pack">().notNull(),
    color: text("color").notNull(),
    description: text("description").notNull().default(""),
    descriptionAr: text("description_ar"),
    descriptionEn: text("description_en"),
    position: integer("position").notNull(),
    disabled: boolean("disabled").notNull().default(false),
    isFree: boolean("is_free").notNull().default(false),
    /** The pupil picks subjects (prices per subject in `offer_subject_details`). */
    perSubject: boolean("per_subject").notNull().default(false),
    /** False for offer 102: one period, no switch. */
    periodSwitch: boolean("period_switch").notNull().default(true),
    slices: integer("slices").notNull().default(1),
  },
  (t) => [
    check("offers_type_check", sql`${t.type} in ('primary', 'pack')`),
    check("offers_slices_check", sql`${t.slices} >= 1 AND ${t.slices} <= 12`),
  ],
);

/** An offer as sold to one class (`offerDivisionDetail` of the checkout), with the class discount of SPEC §3. */
export const offerDivisions = pgTable(
  "offer_divisions",
  {
    id: serial("id").primaryKey(),
    offerId: integer("offer_id").notNull().references(() => offers.id),
    divisionId: integer("division_id").notNull().references(() => divisions.id),
    discountType: text("discount_type").$type<"percentage" | "fixed">(),
    discountAmount: integer("discount_amount"),
    onBasePrice: boolean("on_base_price").notNull().default(false),
  },
  (t) => [
    uniqueIndex("offer_divisions_offer_division_uq").on(t.offerId, t.divisionId), index("offer_divisions_division_idx").on(t.divisionId),
    check("offer_divisions_discount_type_check", sql`${t.discountType} in ('percentage', 'fixed')`),
    check("offer_divisions_discount_amount_check", sql`${t.discountAmount} >= 0`),
  ],
);

export const OFFER_PERIODS = ["day", "week", "month", "year", "free"] as const;
export type OfferPeriod = (typeof OFFER_PERIODS)[number];

export const offerPrices = pgTable(
  "offer_prices",
  {
    offerDivisionId: integer("offer_division_id").notNull().references(() => offerDivisions.id, { onDelete: "cascade" }),
    period: text("period").$type<OfferPeriod>().notNull(),
    price: millimes("price").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.offerDivisionId, t.period] }),
    check("offer_prices_period_check", sql`${t.period} in ('day', 'week', 'month', 'year', 'free')`),
    check("offer_prices_price_check", sql`${t.price} >= 0`),
  ],
);

export const offerSubjectDetails = pgTable(
  "offer_subject_details",
  {
    id: serial("id").primaryKey(),
    offerDivisionId: integer("offer_division_id").notNull().references(() => offerDivisions.id, { onDelete: "cascade" }),
    subjectId: integer("subject_id").notNull().references(() => subjects.id, { onDelete: "cascade" }),
    price: millimes("price").notNull(),
    description: text("description").notNull().default(""),
  },
  (t) => [
    uniqueIndex("offer_subject_details_uq").on(t.offerDivisionId, t.subjectId),
    check("offer_subject_details_price_check", sql`${t.price} >= 0`),
  ],
);

export const discountCodeUses = pgTable(
  "discount_code_uses",
  {
    id: serial("id").primaryKey(),
    codeId: integer("code_id").notNull().references(() => discountCodes.id),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    affiliationId: integer("affiliation_id").notNull().references(() => affiliations.id, { onDelete: "cascade" }),
    discount: millimes("discount").notNull(),
    ownerProfit: millimes("owner_profit").notNull().default(0),
    /** What a refund of the purchase took back of the owner's share (migration 0013). */
    reclaimed: millimes("reclaimed").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("discount_code_uses_code_user_uq").on(t.codeId, t.userId),
    check("discount_code_uses_discount_check", sql`${t.discount} >= 0`),
    check("discount_code_uses_owner_profit_check", sql`${t.ownerProfit} >= 0`),
    check("discount_code_uses_reclaimed_ck", sql`${t.reclaimed} >= 0 AND ${t.reclaimed} <= ${t.ownerProfit}`),
  ],
);

/** The discount code a pupil has added before paying: one at a time (unique per user). */
export const appliedDiscountCodes = pgTable(
  "applied_discount_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    codeId: integer("code_id").notNull().references(() => discountCodes.id, { onDelete: "cascade" }),
    offerId: integer("offer_id").notNull().references(() => offers.id),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("applied_discount_codes_user_uq").on(t.userId)],
);

/** Influencers' revenue paid out. */
export const benefitPayments = pgTable(
  "benefit_payments",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    amount: millimes("amount").notNull(),
    payedAt: ts("payed_at").notNull().defaultNow(),
  },
  (t) => [
    check("benefit_payments_amount_check", sql`${t.amount} > 0`),
  ],
);

// ───────────────────────── top-ups, transfers, operator ─────────────────────────
export const PAYMENT_METHODS = ["bank", "d17", "online", "operator"] as const;

/** A top-up request (a row of the points history). */
export const topupCodes = pgTable(
  "topup_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    paymentMethod: text("payment_method").$type<(typeof PAYMENT_METHODS)[number]>().notNull(),
    reference: text("reference"),
    amount: millimes("amount").notNull(),
    comment: text("comment"),
    status: text("status").$type<"pending" | "approved" | "rejected" | "failed">().notNull().default("pending"),
    /** The order id given to a payment gateway (online, D17): unique, unguessable. */
    orderId: text("order_id").unique(),
    createdAt: ts("created_at").notNull().defaultNow(),
    decidedAt: ts("decided_at"),
    decidedBy: text("decided_by"),
    movementId: uuid("movement_id"),
  },
  (t) => [
    index("topup_codes_user_idx").on(t.userId, t.id),
    check("topup_codes_payment_method_check", sql`${t.paymentMethod} in ('bank', 'd17', 'online', 'operator')`),
    check("topup_codes_amount_check", sql`${t.amount} > 0`),
    check("topup_codes_status_check", sql`${t.status} in ('pending', 'approved', 'rejected', 'failed')`),
  ],
);

/** The local payment sandbox's own record of the orders registered with it (server/adapters/payments/sandbox.ts). */
export const paymentSandboxOrders = pgTable(
  "payment_sandbox_orders",
  {
    orderId: text("order_id").primaryKey(),
    provider: text("provider").$type<"card" | "d17">().notNull(),
    amount: millimes("amount").notNull(),
    status: text("status").$type<"created" | "paid" | "failed">().notNull().default("created"),
    createdAt: ts("created_at").notNull().defaultNow(),
    decidedAt: ts("decided_at"),
  },
  (t) => [
    check("payment_sandbox_orders_provider_check", sql`${t.provider} in ('card', 'd17')`),
    check("payment_sandbox_orders_amount_check", sql`${t.amount} > 0`),
    check("payment_sandbox_orders_status_check", sql`${t.status} in ('created', 'paid', 'failed')`),
  ],
);

export const transfers = pgTable(
  "transfers",
  {
    id: serial("id").primaryKey(),
    fromUserId: integer("from_user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    toUserId: integer("to_user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    amount: millimes("amount").notNull(),
    status: text("status").$type<"pending" | "confirmed" | "cancelled">().notNull().default("pending"),
    adminId: integer("admin_id").references(() => users.id),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    movementId: uuid("movement_id"),
  },
  (t) => [
    index("transfers_from_idx").on(t.fromUserId, t.id), index("transfers_to_idx").on(t.toUserId, t.id),
    check("transfers_amount_check", sql`${t.amount} > 0`),
    check("transfers_status_check", sql`${t.status} in ('pending', 'confirmed', 'cancelled')`),
    check("transfers_not_to_self", sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);

export const operatorSubscriptions = pgTable(
  "operator_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    phone: text("phone").notNull(),
    divisionId: integer("division_id").notNull().references(() => divisions.id),
    recurrence: integer("recurrence").$type<1 | 7>().notNull(),
    price: millimes("price").notNull(),
    status: text("status").$type<"pending" | "active" | "failed" | "cancelled">().notNull().default("pending"),
    orderId: text("order_id").notNull().unique(),
    createdAt: ts("created_at").notNull().defaultNow(),
    activatedAt: ts("activated_at"),
    renewsAt: ts("renews_at"),
    cancelledAt: ts("cancelled_at"),
    /** The pupil's account was created by this subscription's activation (a visitor's phone). */
    accountCreated: boolean("account_created").notNull().default(false),
    /** The operator's confirmation page of this order, asked after the order was recorded (migration 0013). */
    redirectUrl: text("redirect_url"),
    /** When the return link opened the new subscriber's session: set once (migration 0014), a second use gets none. */
    sessionIssuedAt: ts("session_issued_at"),
  },
  (t) => [
    uniqueIndex("operator_subscriptions_live_phone_uq").on(t.phone).where(sql`${t.status} IN ('pending', 'active')`),
    check("operator_subscriptions_recurrence_check", sql`${t.recurrence} in (1, 7)`),
    check("operator_subscriptions_price_check", sql`${t.price} > 0`),
    check("operator_subscriptions_status_check", sql`${t.status} in ('pending', 'active', 'failed', 'cancelled')`),
  ],
);

/** One renewal charge of an operator subscription: recorded before the operator is called, settled once (migration 0013). */
export const operatorCharges = pgTable(
  "operator_charges",
  {
    id: serial("id").primaryKey(),
    subscriptionId: integer("subscription_id").notNull().references(() => operatorSubscriptions.id, { onDelete: "cascade" }),
    period: integer("period").notNull(),
    /** The operator's idempotency key of this charge: `<order id>:<period>`. */
    reference: text("reference").notNull().unique(),
    amount: millimes("amount").notNull(),
    status: text("status").$type<"pending" | "charged" | "refused">().notNull().default("pending"),
    /** How many times a run called the operator about it. */
    attempts: integer("attempts").notNull().default(0),
    /** A run is calling the operator about it until then (concurrent runs skip it). */
    leaseUntil: ts("lease_until"),
    createdAt: ts("created_at").notNull().defaultNow(),
    settledAt: ts("settled_at"),
  },
  (t) => [
    uniqueIndex("operator_charges_period_uq").on(t.subscriptionId, t.period),
    index("operator_charges_pending_idx").on(t.subscriptionId).where(sql`${t.status} = 'pending'`),
    check("operator_charges_period_check", sql`${t.period} >= 2`),
    check("operator_charges_amount_check", sql`${t.amount} > 0`),
    check("operator_charges_status_check", sql`${t.status} in ('pending', 'charged', 'refused')`),
  ],
);

/** The local operator sandbox's own record of the charges it made (server/adapters/operator/sandbox.ts). */
export const operatorSandboxCharges = pgTable(
  "operator_sandbox_charges",
  {
    reference: text("reference").primaryKey(),
    orderId: text("order_id").notNull(),
    phone: text("phone").notNull(),
    amount: millimes("amount").notNull(),
    status: text("status").$type<"charged" | "refused">().notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("operator_sandbox_charges_amount_check", sql`${t.amount} > 0`),
    check("operator_sandbox_charges_status_check", sql`${t.status} in ('charged', 'refused')`),
  ],
);

/** Lines the operator sandbox was told have little prepaid credit (millimes left); any other line has enough. */
export const operatorSandboxLines = pgTable(
  "operator_sandbox_lines",
  {
    phone: text("phone").primaryKey(),
    credit: millimes("credit").notNull(),
  },
  (t) => [check("operator_sandbox_lines_credit_check", sql`${t.credit} >= 0`)],
);

// ───────────────────────── relations used by /auth/me ─────────────────────────
/** Discount codes: platform coupons, influencers' codes (revenue to the owner), referral codes `CP-…`. */
export const discountCodes = pgTable(
  "discount_codes",
  {
    id: serial("id").primaryKey(),
    /** The owner (influencer or referrer); null for a platform coupon. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    code: text("code").notNull().unique(),
    kind: text("kind").$type<"coupon" | "influencer" | "referral">().notNull().default("influencer"),
    /** `percentage` (amount in percent) or `fixed` / `points` (amount in millimes). */
    type: text("type").notNull().default("percentage"),
    amount: integer("amount").notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: ts("created_at").notNull().defaultNow(),
    expiredAt: ts("expired_at"),
    maxUses: integer("max_uses"),
    divisionIds: integer("division_ids").array(),
    offerIds: integer("offer_ids").array(),
    periods: text("periods").array(),
    /** The owner's share of the price paid, in percent (influencer revenue, referral reward). */
    ownerSharePercent: integer("owner_share_percent").notNull().default(0),
  },
  (t) => [
    check("discount_codes_kind_check", sql`${t.kind} in ('coupon', 'influencer', 'referral')`),
    check("discount_codes_max_uses_check", sql`${t.maxUses} > 0`),
    check("discount_codes_owner_share_percent_check", sql`${t.ownerSharePercent} >= 0 AND ${t.ownerSharePercent} <= 100`),
    // A pupil's gift code (migration 0016): one referral code per pupil.
    uniqueIndex("discount_codes_one_referral_uq").on(t.userId).where(sql`${t.kind} = 'referral'`),
  ],
);

export const parentRequests = pgTable(
  "parent_requests",
  {
    id: serial("id").primaryKey(),
    parentUserId: integer("parent_user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    childUserId: integer("child_user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    approved: boolean("approved"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("parent_requests_child_idx").on(t.childUserId),
    index("parent_requests_parent_idx").on(t.parentUserId),
    uniqueIndex("parent_requests_pending_uq").on(t.parentUserId, t.childUserId).where(sql`${t.approved} IS NULL`),
  ],
);

export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: integer("user_id").notNull(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    status: integer("status"),
    response: jsonb("response"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

// ───────────────────────── learning ─────────────────────────
export const instructors = pgTable("instructors", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  lastName: text("last_name").notNull(),
  description: text("description"),
  descriptionAr: text("description_ar"),
  descriptionEn: text("description_en"),
});

export const subjects = pgTable(
  "subjects",
  {
    id: serial("id").primaryKey(),
    divisionId: integer("division_id").notNull().references(() => divisions.id),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    nameAr: text("name_ar").notNull(),
    nameEn: text("name_en"),
    color: text("color").notNull(),
    thumbnail: text("thumbnail"),
    position: integer("position").notNull(),
    visible: boolean("visible").notNull().default(true),
    active: boolean("active").notNull().default(true),
  },
  (t) => [uniqueIndex("subjects_division_slug_uq").on(t.divisionId, t.slug)],
);

export const chapterTabs = pgTable("chapter_tabs", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  position: integer("position").notNull(),
});

export const chapters = pgTable(
  "chapters",
  {
    id: serial("id").primaryKey(),
    subjectId: integer("subject_id").notNull().references(() => subjects.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    nameAr: text("name_ar"),
    nameEn: text("name_en"),
    type: text("type").$type<"course" | "recording" | "exam" | "divers">().notNull(),
    position: integer("position").notNull(),
    instructorId: integer("instructor_id").references(() => instructors.id),
  },
  (t) => [
    uniqueIndex("chapters_subject_slug_uq").on(t.subjectId, t.slug),
    check("chapters_type_check", sql`${t.type} in ('course', 'recording', 'exam', 'divers')`),
  ],
);

export const chapterSections = pgTable(
  "chapter_sections",
  {
    id: serial("id").primaryKey(),
    chapterId: integer("chapter_id").notNull().references(() => chapters.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    nameAr: text("name_ar"),
    nameEn: text("name_en"),
    position: integer("position").notNull(),
    tabId: integer("tab_id").notNull().references(() => chapterTabs.id),
  },
  (t) => [index("chapter_sections_chapter_idx").on(t.chapterId)],
);

export const contents = pgTable(
  "contents",
  {
    id: serial("id").primaryKey(),
    chapterId: integer("chapter_id").notNull().references(() => chapters.id, { onDelete: "cascade" }),
    sectionId: integer("section_id").references(() => chapterSections.id, { onDelete: "set null" }),
    slug: text("slug").notNull(),
    name: text("name").notNull(),
    nameAr: text("name_ar"),
    nameEn: text("name_en"),
    typeId: integer("type_id").notNull(),
    position: integer("position").notNull(),
    videoUrl: text("video_url"),
    durationS: integer("duration_s"),
    pages: jsonb("pages").$type<Array<{ url: string }>>(),
    rtl: boolean("rtl").notNull().default(false),
    qcmId: integer("qcm_id"),
    eventStart: ts("event_start"),
    isFree: boolean("is_free").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("contents_chapter_slug_uq").on(t.chapterId, t.slug),
    index("contents_created_idx").on(t.createdAt),
    check("contents_type_check", sql`${t.typeId} in (1, 2, 3, 5, 6)`),
  ],
);

export const attachments = pgTable(
  "attachments",
  {
    id: serial("id").primaryKey(),
    contentId: integer("content_id").notNull().references(() => contents.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    nameAr: text("name_ar"),
    nameEn: text("name_en"),
    url: text("url").notNull(),
  },
  (t) => [index("attachments_content_idx").on(t.contentId)],
);

/** Which offer groups unlock which subjects: one row per (group, subject), or `all_subjects` for every subject. */
export const groupSubjects = pgTable(
  "group_subjects",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id").notNull().references(() => offerGroups.id),
    subjectId: integer("subject_id").references(() => subjects.id, { onDelete: "cascade" }),
    allSubjects: boolean("all_subjects").notNull().default(false),
  },
  (t) => [
    index("group_subjects_group_idx").on(t.groupId),
    check("group_subjects_target", sql`${t.allSubjects} OR ${t.subjectId} IS NOT NULL`),
  ],
);

export const promoCards = pgTable("promo_cards", {
  id: serial("id").primaryKey(),
  divisionId: integer("division_id").references(() => divisions.id),
  subjectId: integer("subject_id").references(() => subjects.id, { onDelete: "cascade" }),
  type: text("type").notNull(),
  iconUrl: text("icon_url"),
  text: text("text").notNull(),
  textAr: text("text_ar"),
  textEn: text("text_en"),
  textImageUrl: text("text_image_url"),
  videoLink: text("video_link"),
  urlLink: text("url_link"),
  backgroundUrl: text("background_url"),
  visible: boolean("visible").notNull().default(true),
  iconPosition: text("icon_position").$type<"left" | "right">(),
  color: text("color"),
  position: integer("position").notNull(),
});

export const alerts = pgTable("alerts", {
  id: serial("id").primaryKey(),
  divisionId: integer("division_id").references(() => divisions.id),
  title: text("title").notNull(),
  titleAr: text("title_ar"),
  titleEn: text("title_en"),
  body: text("body").notNull(),
  bodyAr: text("body_ar"),
  bodyEn: text("body_en"),
  level: text("level").notNull().default("info"),
  active: boolean("active").notNull().default(true),
  startsAt: ts("starts_at"),
  endsAt: ts("ends_at"),
});

export const bookmarks = pgTable(
  "bookmarks",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    contentId: integer("content_id").notNull().references(() => contents.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("bookmarks_user_content_uq").on(t.userId, t.contentId)],
);

/** Watched ranges per (user, lesson). Written by the progress service; the learning API only reads it. */
export const progress = pgTable(
  "progress",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    contentId: integer("content_id").notNull().references(() => contents.id, { onDelete: "cascade" }),
    ranges: jsonb("ranges").$type<Array<[number, number]>>().notNull().default([]),
    percentage: real("percentage").notNull().default(0),
    lastWatchedSecond: integer("last_watched_second").notNull().default(0),
    completed: boolean("completed").notNull().default(false),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contentId] })],
);

export const reportReasons = pgTable("report_reasons", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
  nameAr: text("name_ar"),
  nameEn: text("name_en"),
});

export const videoReports = pgTable(
  "video_reports",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    contentId: integer("content_id").notNull().references(() => contents.id, { onDelete: "cascade" }),
    reasonId: integer("reason_id").notNull().references(() => reportReasons.id),
    description: text("description").notNull(),
    status: text("status").notNull().default("Pending"),
    createdAt: ts("created_at").notNull().defaultNow(),
    rejectReason: text("reject_reason"),
  },
  (t) => [index("video_reports_user_idx").on(t.userId)],
);

// ───────────────────────── forum (local stand-in for the external forum's feed) ─────────────────────────
/** Posts of the local forum adapter (server/adapters/forum): what the real forum's "latest" feed would list. */
export const forumPosts = pgTable(
  "forum_posts",
  {
    id: serial("id").primaryKey(),
    /** The topic's path on the forum, joined to FORUM_URL. */
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    author: text("author").notNull(),
    category: text("category"),
    replies: integer("replies").notNull().default(0),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("forum_posts_created_idx").on(t.createdAt)],
);

// ───────────────────────── quiz service (/svc/quiz) ─────────────────────────
/** A QCM; `contents.qcm_id` points here (the quiz service's own ids). */
export const quizzes = pgTable("quizzes", {
  id: integer("id").primaryKey(),
  title: text("title").notNull(),
  /** Score (percentage) at or above which an attempt passes and the lesson is completed. */
  passMark: integer("pass_mark").notNull().default(60),
  createdAt: ts("created_at").notNull().defaultNow(),
});

export const quizQuestions = pgTable(
  "quiz_questions",
  {
    id: serial("id").primaryKey(),
    quizId: integer("quiz_id").notNull().references(() => quizzes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    /** Several choices are correct: the pupil must tick exactly those. */
    multiple: boolean("multiple").notNull().default(false),
  },
  (t) => [index("quiz_questions_quiz_idx").on(t.quizId, t.position)],
);

export const quizChoices = pgTable(
  "quiz_choices",
  {
    id: serial("id").primaryKey(),
    questionId: integer("question_id").notNull().references(() => quizQuestions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    text: text("text").notNull(),
    correct: boolean("correct").notNull().default(false),
  },
  (t) => [index("quiz_choices_question_idx").on(t.questionId, t.position)],
);

export const quizAttempts = pgTable(
  "quiz_attempts",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    quizId: integer("quiz_id").notNull().references(() => quizzes.id, { onDelete: "cascade" }),
    contentId: integer("content_id").notNull().references(() => contents.id, { onDelete: "cascade" }),
    answers: jsonb("answers").$type<Array<{ question_id: number; choice_ids: number[] }>>().notNull(),
    score: integer("score").notNull(),
    correctCount: integer("correct_count").notNull(),
    total: integer("total").notNull(),
    passed: boolean("passed").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("quiz_attempts_user_quiz_idx").on(t.userId, t.quizId)],
);

// ───────────────────────── analytics service (/svc/analytics) ─────────────────────────
/** One reaction per (pupil, lesson); clearing deletes the row. */
export const reactions = pgTable(
  "reactions",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    contentId: integer("content_id").notNull().references(() => contents.id, { onDelete: "cascade" }),
    reactionType: text("reaction_type").$type<"angry" | "sad" | "thinking" | "happy" | "love">().notNull(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.contentId] }),
    index("reactions_content_idx").on(t.contentId),
    check("reactions_type_check", sql`${t.reactionType} in ('angry', 'sad', 'thinking', 'happy', 'love')`),
  ],
);

/** A magazine opened (one row per open). */
export const contentViews = pgTable(
  "content_views",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    contentId: integer("content_id").notNull().references(() => contents.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("content_views_content_idx").on(t.contentId)],
);

// ───────────────────────── notifications, messages, pop-ups and push (issue 11) ─────────────────────────
/** One notification of the bell (SPEC §3 "Notification"): its preference category, its link (an app route), seen or not. */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
    type: text("type").notNull(),
    /** French, the reference text; English and Arabic beside it (null: not translated, the French is shown). */
    title: text("title").notNull(),
    titleAr: text("title_ar"),
    titleEn: text("title_en"),
    body: text("body").notNull(),
    bodyAr: text("body_ar"),
    bodyEn: text("body_en"),
    link: text("link"),
    data: jsonb("data").$type<Record<string, string>>().notNull().default({}),
    seen: boolean("seen").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.id), index("notifications_unseen_idx").on(t.userId).where(sql`not ${t.seen}`)],
);

/** A device's push token (FCM registration token), bound to the session that registered it: a revoked session gets nothing. */
export const pushTokens = pgTable(
  "push_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    platform: text("platform").notNull().default("web"),
    /** The device's language (fr, en, ar): its pushes are written in it. */
    language: text("language").$type<"fr" | "en" | "ar">().notNull().default("fr"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_tokens_token_uq").on(t.token),
    index("push_tokens_user_idx").on(t.userId),
    check("push_tokens_language_ck", sql`${t.language} in ('fr', 'en', 'ar')`),
  ],
);

/** The push outbox: one row per (notification, device), written with the notification, sent after commit, retried. */
export const pushDeliveries = pgTable(
  "push_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    notificationId: integer("notification_id").notNull().references(() => notifications.id, { onDelete: "cascade" }),
    tokenId: integer("token_id").notNull().references(() => pushTokens.id, { onDelete: "cascade" }),
    status: text("status").$type<"pending" | "sent" | "failed">().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("push_deliveries_pending_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`)],
);

/** A message of the messages menu (SPEC §3 "Message": _id, seen, message {name, body, created_at}). */
export const inboxMessages = pgTable(
  "inbox_messages",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    nameAr: text("name_ar"),
    nameEn: text("name_en"),
    body: text("body").notNull(),
    bodyAr: text("body_ar"),
    bodyEn: text("body_en"),
    seen: boolean("seen").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("inbox_messages_user_idx").on(t.userId, t.id)],
);

/** A pop-up of the notification service (SPEC §3 "Pop-up": _id, popup name, body), for everyone or one class. */
export const popups = pgTable("popups", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  nameAr: text("name_ar"),
  nameEn: text("name_en"),
  body: text("body").notNull(),
  bodyAr: text("body_ar"),
  bodyEn: text("body_en"),
  divisionId: integer("division_id").references(() => divisions.id),
  active: boolean("active").notNull().default(true),
  createdAt: ts("created_at").notNull().defaultNow(),
});

/** "Do not show again" (GET popup/hide). */
export const popupHides = pgTable(
  "popup_hides",
  {
    popupId: integer("popup_id").notNull().references(() => popups.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.popupId, t.userId] })],
);

// ───────────────────────── account: parents, history, video reports, assistance (issue 12) ─────────────────────────
/** The help videos of /assistance (`GET /video-links`), grouped by topic, in three languages; local media, signed per viewer. */
export const helpVideos = pgTable(
  "help_videos",
  {
    id: serial("id").primaryKey(),
    topic: text("topic").notNull(),
    topicEn: text("topic_en").notNull(),
    topicAr: text("topic_ar").notNull(),
    title: text("title").notNull(),
    titleEn: text("title_en").notNull(),
    titleAr: text("title_ar").notNull(),
    description: text("description").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionAr: text("description_ar").notNull().default(""),
    url: text("url").notNull(),
    poster: text("poster"),
    duration: integer("duration").notNull().default(0),
    position: integer("position").notNull().default(0),
    visible: boolean("visible").notNull().default(true),
  },
  (t) => [
    index("help_videos_position_idx").on(t.position),
  ],
);

// ───────────────────────── live sessions, reviews and attendance (issue 10) ─────────────────────────
/** A live session of a class: a subject's teacher live; `chapter_id` links it to a module bought on its own ("Acheter"). */
export const liveEvents = pgTable(
  "live_events",
  {
    id: serial("id").primaryKey(),
    divisionId: integer("division_id").notNull().references(() => divisions.id),
    subjectId: integer("subject_id").notNull().references(() => subjects.id, { onDelete: "cascade" }),
    chapterId: integer("chapter_id").references(() => chapters.id, { onDelete: "set null" }),
    instructorId: integer("instructor_id").references(() => instructors.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    nameAr: text("name_ar"),
    nameEn: text("name_en"),
    description: text("description").notNull().default(""),
    startAt: ts("start_at").notNull(),
    endAt: ts("end_at").notNull(),
    versPilote: boolean("vers_pilote").notNull().default(false),
    disabled: boolean("disabled").notNull().default(false),
    /** The module's price in millimes (module-linked sessions). */
    price: millimes("price"),
    /** The room's name at the live provider (server/adapters/live). */
    roomKey: text("room_key").notNull(),
    /** Made by the demo seeder (kept fresh at each boot). */
    demo: boolean("demo").notNull().default(false),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("live_events_division_start_idx").on(t.divisionId, t.startAt), index("live_events_subject_idx").on(t.subjectId),
    check("live_events_span_check", sql`${t.endAt} > ${t.startAt}`),
  ],
);

/** A pupil registered to a live session (`POST /events/join-user`) and the seconds they spent in its room. */
export const liveEventAttendees = pgTable(
  "live_event_attendees",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id").notNull().references(() => liveEvents.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    joinedAt: ts("joined_at").notNull().defaultNow(),
    attendanceS: integer("attendance_s").notNull().default(0),
    lastSeenAt: ts("last_seen_at"),
  },
  (t) => [uniqueIndex("live_event_attendees_uq").on(t.eventId, t.userId), index("live_event_attendees_user_idx").on(t.userId)],
);

/** The reviews service: one answer per attendance, a rating 1–5 with an optional comment, or null (declined). */
export const liveEventReviews = pgTable(
  "live_event_reviews",
  {
    attendeeId: integer("attendee_id")
      .primaryKey()
      .references(() => liveEventAttendees.id, { onDelete: "cascade" }),
    rating: integer("rating"),
    comment: text("comment"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("live_event_reviews_rating_check", sql`${t.rating} IS NULL OR (${t.rating} >= 1 AND ${t.rating} <= 5)`),
  ],
);

// ───────────────────────── profile, report cards, class change (issue 12) ─────────────────────────
/** A pupil's report card (SPEC §3 "Marksheet"): the file lives under DATA_DIR/uploads/marksheets, named by `fileKey`. */
export const marksheets = pgTable(
  "marksheets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    divisionId: integer("division_id").notNull().references(() => divisions.id),
    trimester: integer("trimester").notNull(),
    name: text("name").notNull(),
    status: text("status").$type<"pending" | "approved" | "rejected">().notNull().default("pending"),
    rejectReason: text("reject_reason"),
    fileKey: text("file_key").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    decidedAt: ts("decided_at"),
  },
  (t) => [
    index("marksheets_user_idx").on(t.userId, t.id),
    check("marksheets_trimester_check", sql`${t.trimester} >= 1 AND ${t.trimester} <= 3`),
    check("marksheets_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/** A class-change request (SPEC §3 "Division-change request"); at most one pending per pupil. */
export const divisionChangeRequests = pgTable(
  "division_change_requests",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    oldDivisionId: integer("old_division_id").references(() => divisions.id),
    newDivisionId: integer("new_division_id").notNull().references(() => divisions.id),
    reasonId: integer("reason_id").notNull().references(() => editDivisionReasons.id),
    reason2: text("reason2"),
    status: text("status").$type<"pending" | "approved" | "rejected">().notNull().default("pending"),
    createdAt: ts("created_at").notNull().defaultNow(),
    decidedAt: ts("decided_at"),
  },
  (t) => [
    index("division_change_requests_user_idx").on(t.userId, t.id),
    uniqueIndex("division_change_requests_pending_uq").on(t.userId).where(sql`${t.status} = 'pending'`),
    check("division_change_requests_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

/** A new e-mail or phone of the profile waiting for its code (`POST /user/confirm-code`). */
export const contactChanges = pgTable(
  "contact_changes",
  {
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"email" | "phone">().notNull(),
    value: text("value").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "contact_changes_pk", columns: [t.userId, t.kind] }),
    check("contact_changes_kind_check", sql`${t.kind} in ('email', 'phone')`),
  ],
);

// ───────────────────────── exams (issue 10) ─────────────────────────
/** An exam of a subject (bac blanc or devoir): open from `appearance_date` to `due_date`; `duration` 0 = 60 minutes. */
export const exams = pgTable(
  "exams",
  {
    id: serial("id").primaryKey(),
    subjectId: integer("subject_id").notNull().references(() => subjects.id, { onDelete: "cascade" }),
    instructorId: integer("instructor_id").references(() => instructors.id),
    name: text("name").notNull(),
    nameAr: text("name_ar"),
    nameEn: text("name_en"),
    kind: text("kind").$type<"bac_blanc" | "devoir">().notNull(),
    appearanceDate: ts("appearance_date").notNull(),
    dueDate: ts("due_date").notNull(),
    duration: integer("duration").notNull().default(0),
    disabled: boolean("disabled").notNull().default(false),
  },
  (t) => [
    index("exams_subject_idx").on(t.subjectId, t.dueDate),
    check("exams_kind_check", sql`${t.kind} in ('bac_blanc', 'devoir')`),
    check("exams_duration_check", sql`${t.duration} >= 0 AND ${t.duration} <= 1440`),
    check("exams_dates_check", sql`${t.dueDate} > ${t.appearanceDate}`),
  ],
);

/** The exam's own files (exam, homework, homework correction, exam correction), under the uploads directory. */
export const examDocuments = pgTable(
  "exam_documents",
  {
    id: serial("id").primaryKey(),
    examId: integer("exam_id").notNull().references(() => exams.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"exam" | "homework" | "homework_correction" | "exam_correction">().notNull(),
    name: text("name").notNull(),
    storageKey: text("storage_key").notNull(),
    size: integer("size").notNull(),
    mime: text("mime").notNull(),
  },
  (t) => [
    index("exam_documents_exam_idx").on(t.examId),
    check("exam_documents_kind_check", sql`${t.kind} in ('exam', 'homework', 'homework_correction', 'exam_correction')`),
  ],
);

/** A pupil's start of an exam: the server-owned timer (one row, never rewritten: a second start returns it). */
export const examStarts = pgTable(
  "exam_starts",
  {
    examId: integer("exam_id").notNull().references(() => exams.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    startedAt: ts("started_at").notNull(),
    deadline: ts("deadline").notNull(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.userId] })],
);

/** The subjects (each of one class) a teacher account teaches (migration 0014): their exams' homework is theirs to read. */
export const teacherSubjects = pgTable(
  "teacher_subjects",
  {
    teacherId: integer("teacher_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    subjectId: integer("subject_id").notNull().references(() => subjects.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.subjectId] }), index("teacher_subjects_subject_idx").on(t.subjectId)],
);

/** A pupil's homework file (checked by content, stored under the uploads directory). */
export const examHomeworkFiles = pgTable(
  "exam_homework_files",
  {
    id: serial("id").primaryKey(),
    examId: integer("exam_id").notNull().references(() => exams.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    mime: text("mime").notNull(),
    size: integer("size").notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("exam_homework_files_owner_idx").on(t.examId, t.userId),
  ],
);

/** A resumable homework upload: `received` bytes stored so far; chunks taken until `accept_until`. */
export const examUploads = pgTable(
  "exam_uploads",
  {
    id: uuid("id").primaryKey(),
    examId: integer("exam_id").notNull().references(() => exams.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    size: integer("size").notNull(),
    received: integer("received").notNull().default(0),
    storageKey: text("storage_key").notNull(),
    createdAt: ts("created_at").notNull(),
    acceptUntil: ts("accept_until").notNull(),
    fileId: integer("file_id").references(() => examHomeworkFiles.id, { onDelete: "set null" }),
    /** The client's key of the file (migration 0025): one upload per pupil, exam and key. */
    clientKey: uuid("client_key"),
  },
  (t) => [
    index("exam_uploads_owner_idx").on(t.examId, t.userId),
    uniqueIndex("exam_uploads_client_key_uq").on(t.examId, t.userId, t.clientKey),
    check("exam_uploads_received_check", sql`${t.received} >= 0 AND ${t.received} <= ${t.size}`),
  ],
);

// ───────────────────────── referral gifts (issue 20, migration 0016) ─────────────────────────
/** A pupil's tokens (jetons): kept by the token ledger's trigger only; never below zero. */
export const tokenAccounts = pgTable(
  "token_accounts",
  {
    userId: integer("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
    balance: integer("balance").notNull().default(0),
    /** Tokens a refund could not take back (already spent): settled from the next earnings. */
    owed: integer("owed").notNull().default(0),
  },
  (t) => [check("token_accounts_balance_non_negative", sql`${t.balance} >= 0`), check("token_accounts_owed_non_negative", sql`${t.owed} >= 0`)],
);

/** Append-only token ledger: one row per movement of a pupil's tokens, with its reason. */
export const tokenEntries = pgTable(
  "token_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** Signed tokens: the balance's change. */
    amount: integer("amount").notNull(),
    /** Signed tokens: the debt's change (a refund that could not take back everything; an earning settling it). */
    owed: integer("owed").notNull().default(0),
    reason: text("reason").$type<"referral" | "converted" | "order" | "order_returned" | "refund" | "operator">().notNull(),
    refType: text("ref_type"),
    refId: text("ref_id"),
    description: text("description").notNull().default(""),
    adminId: integer("admin_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("token_entries_user_idx").on(t.userId, t.id),
    uniqueIndex("token_entries_reference_uq").on(t.reason, t.refType, t.refId, t.userId),
    check("token_entries_moves_something", sql`${t.amount} <> 0 OR ${t.owed} <> 0`),
    check("token_entries_reason_check", sql`${t.reason} IN ('referral', 'converted', 'order', 'order_returned', 'refund', 'operator')`),
  ],
);

/** A conversion of tokens to points: the token entry and the points movement both refer to it. */
export const tokenConversions = pgTable(
  "token_conversions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    tokens: integer("tokens").notNull(),
    points: millimes("points").notNull(),
    movementId: uuid("movement_id"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("token_conversions_user_idx").on(t.userId, t.id),
    check("token_conversions_tokens_check", sql`${t.tokens} > 0`),
    check("token_conversions_points_check", sql`${t.points} > 0`),
  ],
);

/** The gift catalogue: names and descriptions in fr/en/ar, the price in tokens, the stock (never below zero). */
export const gifts = pgTable(
  "gifts",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    nameEn: text("name_en").notNull(),
    nameAr: text("name_ar").notNull(),
    description: text("description").notNull().default(""),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionAr: text("description_ar").notNull().default(""),
    /** The price in tokens. */
    amount: integer("amount").notNull(),
    stock: integer("stock").notNull().default(0),
    active: boolean("active").notNull().default(true),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [check("gifts_amount_check", sql`${t.amount} > 0`), check("gifts_stock_non_negative", sql`${t.stock} >= 0`)],
);

/** A gift's images: one cover and a gallery. */
export const giftImages = pgTable(
  "gift_images",
  {
    id: serial("id").primaryKey(),
    giftId: integer("gift_id").notNull().references(() => gifts.id, { onDelete: "cascade" }),
    fileUrl: text("file_url").notNull(),
    isCover: boolean("is_cover").notNull().default(false),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("gift_images_gift_idx").on(t.giftId, t.position), uniqueIndex("gift_images_one_cover_uq").on(t.giftId).where(sql`${t.isCover}`)],
);

// ───────────────────────── scheduled jobs ─────────────────────────
/** One row per scheduled job (server/lib/jobs.ts, migration 0017): due at `next_run_at`, claimed by one process at a time with a lease. */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: text("name").primaryKey(),
  nextRunAt: ts("next_run_at").notNull(),
  leasedUntil: ts("leased_until"),
  lastOkAt: ts("last_ok_at"),
  lastError: text("last_error"),
});

// ───────────────────────── live sockets (issue 24, migration 0019) ─────────────────────────
/**
 * One row per open progress websocket of any process (server/lib/ws.ts): the per-pupil cap counts them across
 * processes; `heartbeat_at` is refreshed by its process, a row 60 s old is a dead process's and no longer counts.
 */
export const liveSockets = pgTable(
  "live_sockets",
  {
    id: uuid("id").primaryKey(),
    userId: integer("user_id").notNull(),
    sessionId: uuid("session_id").notNull(),
    openedAt: ts("opened_at").notNull().defaultNow(),
    heartbeatAt: ts("heartbeat_at").notNull().defaultNow(),
  },
  (t) => [index("live_sockets_user_idx").on(t.userId)],
);

// ───────────────────────── gift orders and referral flags (issue 20, migration 0018) ─────────────────────────
/**
 * A pupil's gift request: the cart while `open` (one per pupil), then an order (`pending`, `approved`, `rejected`,
 * `shipped`, `delivered`) with its delivery address and the tokens it spent.
 */
export const giftRequests = pgTable(
  "gift_requests",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    status: text("status").$type<"open" | "pending" | "approved" | "rejected" | "shipped" | "delivered">().notNull().default("open"),
    /** The tokens spent (the items' prices when ordered). */
    amount: integer("amount").notNull().default(0),
    name: text("name"),
    phone1: text("phone1"),
    phone2: text("phone2"),
    email: text("email"),
    stateId: integer("state_id").references(() => states.id),
    address: text("address"),
    postalCode: text("postal_code"),
    note: text("note"),
    /** The operator's reason of the last step (a rejection's). */
    reason: text("reason"),
    createdAt: ts("created_at").notNull().defaultNow(),
    orderedAt: ts("ordered_at"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("gift_requests_user_idx").on(t.userId, t.id),
    uniqueIndex("gift_requests_one_open_uq").on(t.userId).where(sql`${t.status} = 'open'`),
    check("gift_requests_status_check", sql`${t.status} IN ('open', 'pending', 'approved', 'rejected', 'shipped', 'delivered')`),
    check("gift_requests_amount_check", sql`${t.amount} >= 0`),
    check("gift_requests_ordered_check", sql`${t.status} = 'open' OR (${t.orderedAt} IS NOT NULL AND ${t.name} IS NOT NULL AND ${t.address} IS NOT NULL)`),
  ],
);

/** One gift in a request (one row per unit); its price in tokens is fixed when ordered. */
export const giftRequestItems = pgTable(
  "gift_request_items",
  {
    id: serial("id").primaryKey(),
    giftRequestId: integer("gift_request_id").notNull().references(() => giftRequests.id, { onDelete: "cascade" }),
    giftId: integer("gift_id").notNull().references(() => gifts.id),
    amount: integer("amount"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("gift_request_items_request_idx").on(t.giftRequestId, t.id), check("gift_request_items_amount_check", sql`${t.amount} IS NULL OR ${t.amount} > 0`)],
);

/** A referral code's use the operator should review (same network or device as the owner, too many rewards a day). */
export const referralFlags = pgTable(
  "referral_flags",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<"same_ip" | "same_device" | "daily_rewards">().notNull(),
    referrerId: integer("referrer_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    friendId: integer("friend_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    discountUseId: integer("discount_use_id").notNull().references(() => discountCodeUses.id, { onDelete: "cascade" }),
    detail: text("detail").notNull().default(""),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("referral_flags_use_uq").on(t.kind, t.discountUseId),
    index("referral_flags_referrer_idx").on(t.referrerId, t.id),
    check("referral_flags_kind_check", sql`${t.kind} IN ('same_ip', 'same_device', 'daily_rewards')`),
  ],
);

// ───────────────────────── shared-tablet class mode (issue 23, migration 0019) ─────────────────────────

/** One-time codes that turn a device on (or off) as a class tablet: keyed hash only, 15 minutes, used once. */
export const tabletCodes = pgTable(
  "tablet_codes",
  {
    id: serial("id").primaryKey(),
    divisionId: integer("division_id").notNull().references(() => divisions.id),
    codeHash: text("code_hash").notNull(),
    /** The idle lock of the tablet this code turns on, in minutes. */
    idleMinutes: integer("idle_minutes").notNull().default(10),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("tablet_codes_hash_uq").on(t.codeHash), check("tablet_codes_idle_check", sql`${t.idleMinutes} >= 1 AND ${t.idleMinutes} <= 240`)],
);

/** A class tablet: the keyed hash of its device credential, its class, its idle lock; `revokedAt` ends it. */
export const tablets = pgTable(
  "tablets",
  {
    id: serial("id").primaryKey(),
    divisionId: integer("division_id").notNull().references(() => divisions.id),
    credentialHash: text("credential_hash").notNull(),
    idleMinutes: integer("idle_minutes").notNull().default(10),
    createdAt: ts("created_at").notNull().defaultNow(),
    lastSeenAt: ts("last_seen_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [uniqueIndex("tablets_credential_uq").on(t.credentialHash), check("tablets_idle_check", sql`${t.idleMinutes} >= 1 AND ${t.idleMinutes} <= 240`)],
);

/**
 * A pupil's PIN on one tablet (argon2id), dead after 5 wrong tries until the real password sets a new one; `kind`
 * (migration 0023): 4 digits or a sequence of 4 pictures among 9 (`domain/tablet.ts` `PIN_PICTURES`).
 */
export const tabletPins = pgTable(
  "tablet_pins",
  {
    tabletId: integer("tablet_id").notNull().references(() => tablets.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    pinHash: text("pin_hash").notNull(),
    failures: integer("failures").notNull().default(0),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    kind: text("kind").notNull().default("digits"),
  },
  (t) => [
    primaryKey({ columns: [t.tabletId, t.userId] }),
    check("tablet_pins_failures_check", sql`${t.failures} >= 0`),
    check("tablet_pins_kind_check", sql`${t.kind} IN ('digits', 'pictures')`),
  ],
);

/**
 * Kept chapters per class (issue 23 item 6, migration 0024): the chapters a teacher of the chapter's subject, or the
 * operator, marks for a class; the class's tablets keep their media offline for every pupil of the class.
 */
export const tabletChapters = pgTable(
  "tablet_chapters",
  {
    divisionId: integer("division_id").notNull().references(() => divisions.id, { onDelete: "cascade" }),
    chapterId: integer("chapter_id").notNull().references(() => chapters.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** The teacher who marked it; null for the operator's command. */
    markedBy: integer("marked_by").references(() => users.id, { onDelete: "set null" }),
    markedAt: ts("marked_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.divisionId, t.chapterId] })],
);
