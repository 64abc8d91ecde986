// api/src/app.ts
import express5 from "express";
import compression from "compression";

// api/src/http/error-handler.ts
import crypto from "node:crypto";
import { AppError, isAppError, MSG_BODY_NOT_JSON, MSG_BODY_TOO_LARGE, MSG_FIELD_INVALID, MSG_NO_SUCH_API_CALL, toErrorResponse } from "@permitdesk/shared";
var notFoundApi = (_req, _res, next) => next(new AppError("NOT_FOUND", MSG_NO_SUCH_API_CALL));
var REFUSED_VALUE_CODES = /* @__PURE__ */ new Set(["22003", "22P02", "22P05", "22021", "22007", "22008"]);
function refusedByDatabase(error) {
  for (let e = error, depth = 0; e && depth < 5; e = e.cause, depth += 1) {
    if (typeof e.code === "string" && REFUSED_VALUE_CODES.has(e.code)) return new AppError("VALIDATION", MSG_FIELD_INVALID, { modelState: { "": [MSG_FIELD_INVALID] } });
  }
  return void 0;
}
function errorHandler(logger) {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    const parserType = error?.type;
    if (parserType === "entity.parse.failed") error = new AppError("VALIDATION", MSG_BODY_NOT_JSON, { modelState: { "": [MSG_BODY_NOT_JSON] } });
    else if (parserType === "entity.too.large") error = new AppError("PAYLOAD_TOO_LARGE", MSG_BODY_TOO_LARGE);
    else error = refusedByDatabase(error) ?? error;
    const { status, body } = toErrorResponse(error);
    if (isAppError(error) && error.code === "UNAVAILABLE" && error.retryAfterSeconds) res.set("Retry-After", String(error.retryAfterSeconds));
    if (status >= 500) {
      const requestId = crypto.randomUUID();
      logger.error("request failed", { requestId, method: req.method, path: req.path, error: error instanceof Error ? error.stack : String(error) });
      res.status(status).json({ ...body, requestId });
      return;
    }
    if (isAppError(error) && error.code === "RATE_LIMITED" && error.retryAfterSeconds) res.set("Retry-After", String(error.retryAfterSeconds));
    res.status(status).json(body);
  };
}

// api/src/http/same-origin.ts
import { AppError as AppError2, MSG_CROSS_SITE_REFUSED } from "@permitdesk/shared";
var SAFE = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
function sameOrigin(publicOrigin) {
  return (req, _res, next) => {
    if (isCrossSite(req, publicOrigin)) return next(new AppError2("FORBIDDEN", MSG_CROSS_SITE_REFUSED));
    next();
  };
}
function isCrossSite(req, publicOrigin) {
  if (SAFE.has(req.method)) return false;
  if (/^bearer\s/i.test(req.get("authorization") ?? "") && !req.headers.cookie) return false;
  const source = req.get("origin") ?? (req.get("referer") ? safeOrigin(req.get("referer")) : void 0);
  if (!source || source === publicOrigin) return false;
  return source !== `${req.protocol}://${req.get("host")}`;
}
function safeOrigin(url) {
  try {
    return new URL(url).origin;
  } catch {
    return void 0;
  }
}

// api/src/http/body-limits.ts
import express from "express";
var FORM_BODY_LIMIT = "16kb";
var DEFAULT_BODY_LIMIT = "2mb";
var FORM_PATH_PREFIXES = ["/account/", "/contact/", "/botcheck/"];
function bodyParsers() {
  const small = [express.json({ limit: FORM_BODY_LIMIT }), express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT })];
  const large = [express.json({ limit: DEFAULT_BODY_LIMIT }), express.urlencoded({ extended: false, limit: "256kb" })];
  const isForm = (path8) => {
    const lower = path8.toLowerCase();
    return FORM_PATH_PREFIXES.some((prefix) => lower.startsWith(prefix));
  };
  return (req, res, next) => {
    const [json, form] = isForm(req.path) ? small : large;
    json(req, res, (error) => error ? next(error) : form(req, res, next));
  };
}

// api/src/http/auth.ts
import { parse as parseCookies, serialize } from "cookie";

// api/src/modules/account/session-store.ts
import crypto2 from "node:crypto";

// api/src/modules/account/sessions.repository.ts
import { and, eq, isNull, ne, sql as sql4 } from "drizzle-orm";

// api/src/db/schema/instance.ts
import { jsonb, pgSchema, text, timestamp } from "drizzle-orm/pg-core";
var app = pgSchema("app");
var instanceSettings = app.table("instance_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow()
});

// api/src/db/schema/users.ts
import { boolean, jsonb as jsonb2, serial, text as text2, timestamp as timestamp2 } from "drizzle-orm/pg-core";
var users = app.table("users", {
  id: serial("id").primaryKey(),
  email: text2("email").notNull().unique(),
  passwordHash: text2("password_hash").notNull(),
  firstName: text2("first_name").notNull(),
  lastName: text2("last_name").notNull(),
  accountName: text2("account_name").notNull(),
  phone: text2("phone"),
  optedIntoCommunication: boolean("opted_into_communication").notNull().default(false),
  authorisedAgent: boolean("authorised_agent").notNull().default(false),
  agentBusinessAddress: jsonb2("agent_business_address").$type(),
  isStaff: boolean("is_staff").notNull().default(false),
  /**
   * The staff role (issue 13): `admin` reaches the staff console, the admin calls and /cms/;
   * `marketing` reaches /cms/ only. An admin has `isStaff`; a marketing user does NOT (so every
   * API check that reads `isStaff` treats them as a customer) and has `staffRole = 'marketing'`.
   */
  staffRole: text2("staff_role").$type(),
  emailConfirmedAt: timestamp2("email_confirmed_at", { withTimezone: true }),
  createdAt: timestamp2("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp2("updated_at", { withTimezone: true }).notNull().defaultNow()
});

// api/src/db/schema/sessions.ts
import { index, integer, text as text3, timestamp as timestamp3, uuid } from "drizzle-orm/pg-core";
var sessions = app.table(
  "sessions",
  {
    id: text3("id").primaryKey(),
    userId: integer("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    clientSession: uuid("client_session"),
    createdAt: timestamp3("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp3("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp3("expires_at", { withTimezone: true }).notNull(),
    /** Set by killsessions (page unload); a request within the grace period clears it (a reload). */
    closingAt: timestamp3("closing_at", { withTimezone: true }),
    endedAt: timestamp3("ended_at", { withTimezone: true }),
    /** logout | replaced | password_reset | closed | expired */
    endedReason: text3("ended_reason")
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)]
);

// api/src/db/schema/account-tokens.ts
import { index as index2, integer as integer2, serial as serial2, text as text4, timestamp as timestamp4 } from "drizzle-orm/pg-core";
var accountTokens = app.table(
  "account_tokens",
  {
    id: serial2("id").primaryKey(),
    userId: integer2("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** confirm | reset */
    purpose: text4("purpose").notNull(),
    tokenHash: text4("token_hash").notNull().unique(),
    expiresAt: timestamp4("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp4("used_at", { withTimezone: true }),
    createdAt: timestamp4("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (table) => [index2("account_tokens_user_idx").on(table.userId, table.purpose)]
);

// api/src/db/schema/rate-limits.ts
import { integer as integer3, text as text5, timestamp as timestamp5 } from "drizzle-orm/pg-core";
var rateLimits = app.table("rate_limits", {
  key: text5("key").primaryKey(),
  count: integer3("count").notNull().default(0),
  resetAt: timestamp5("reset_at", { withTimezone: true }).notNull()
});

// api/src/db/schema/promotions.ts
import { sql } from "drizzle-orm";
import { bigint, boolean as boolean2, date, index as index3, integer as integer4, jsonb as jsonb3, serial as serial3, smallint, text as text6, timestamp as timestamp6 } from "drizzle-orm/pg-core";
var promotions = app.table(
  "promotions",
  {
    id: serial3("id").primaryKey(),
    userId: integer4("user_id").notNull().references(() => users.id),
    name: text6("name").notNull().default(""),
    statusId: smallint("status_id").notNull().default(1),
    startDate: date("start_date", { mode: "string" }),
    /** Integer cents. */
    totalPrizeValue: bigint("total_prize_value", { mode: "number" }).notNull().default(0),
    postSubmissionTotalPrizeValue: bigint("post_submission_total_prize_value", { mode: "number" }),
    // ausStates flags (001 §3), national = all eight
    stateAct: boolean2("state_act").notNull().default(false),
    stateNsw: boolean2("state_nsw").notNull().default(false),
    stateSa: boolean2("state_sa").notNull().default(false),
    stateVic: boolean2("state_vic").notNull().default(false),
    stateNt: boolean2("state_nt").notNull().default(false),
    stateWa: boolean2("state_wa").notNull().default(false),
    stateQld: boolean2("state_qld").notNull().default(false),
    stateTas: boolean2("state_tas").notNull().default(false),
    includeNz: boolean2("include_nz").notNull().default(false),
    // services (DESIGN.md §4 names)
    managedSubmission: boolean2("managed_submission").notNull().default(true),
    randomDraw: boolean2("random_draw").notNull().default(false),
    termsAndConditions: boolean2("terms_and_conditions").notNull().default(false),
    abridgedTC: boolean2("abridged_tc").notNull().default(false),
    hostedTC: boolean2("hosted_tc").notNull().default(false),
    skillsBasedTC: boolean2("skills_based_tc").notNull().default(false),
    /** Skill T&C credit option '150' | '250' | '1000' (issue 14, decision record 014); null = the $150 list price. */
    skillsTcPaymentOption: text6("skills_tc_payment_option"),
    // the permit quiz (001 §5)
    hasNswAuthority: boolean2("has_nsw_authority"),
    hasInstantWinPrizes: boolean2("has_instant_win_prizes"),
    winnersDrawnElectronically: boolean2("winners_drawn_electronically"),
    randomDrawMachineApproved: boolean2("random_draw_machine_approved"),
    usingRandomDrawsDotCom: boolean2("using_random_draws_dot_com"),
    requiresPermits: boolean2("requires_permits").notNull().default(false),
    fees: jsonb3("fees").$type().notNull(),
    lawyerContactRequested: boolean2("lawyer_contact_requested").notNull().default(false),
    archived: boolean2("archived").notNull().default(false),
    /** 001 §3: "A deleted flag toggles on delete" (restorable by staff). */
    deleted: boolean2("deleted").notNull().default(false),
    /** The permit application body (next issue): validated by the shared permit schemas. */
    permit: jsonb3("permit").$type().notNull().default({}),
    applicant: jsonb3("applicant").$type(),
    /**
     * Promotion-level answers of the application (prize breakdown and categories, ACT publication,
     * action-entry answers, attachment overrides): what `PermitSaveSchema` carries beside `permit`.
     */
    details: jsonb3("details").$type().notNull().default({}),
    /** The application's attachments (001 §3 Attachment), each pointing at an upload or a reused promotion. */
    attachments: jsonb3("attachments").$type().notNull().default([]),
    version: integer4("version").notNull().default(1),
    /** Staff console (issue 13): a test promotion, hidden from staff searches unless asked for. */
    isTest: boolean2("is_test").notNull().default(false),
    /** The status before an administrator locked it; unlock returns to it. */
    statusBeforeLock: smallint("status_before_lock"),
    /** The last time the owner was active in the wizard (isPromotionActive). */
    ownerActiveAt: timestamp6("owner_active_at", { withTimezone: true }),
    /** Issue 26: when staff last worked on it in the wizard (the owner sees a notice). */
    staffActiveAt: timestamp6("staff_active_at", { withTimezone: true }),
    /** When it was last submitted (outstanding list colouring: days since submission). */
    submittedAt: timestamp6("submitted_at", { withTimezone: true }),
    /** Permit numbers saved by staff, by state: { nsw: { number, approvalDate, expiryDate, fileName } }. */
    permitNumbers: jsonb3("permit_numbers").$type().notNull().default({}),
    /** Per state, when staff marked the forms submitted (markFormsSubmitted). */
    formsSubmitted: jsonb3("forms_submitted").$type().notNull().default({}),
    createdAt: timestamp6("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp6("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    // My Promotions: one owner's live rows, by each sortable column (default: date descending).
    // Ascending on purpose: scanned backwards they give ORDER BY ... DESC (NULLS FIRST), which a DESC NULLS LAST index cannot.
    index3("promotions_owner_created_idx").on(t.userId, t.archived, t.createdAt, t.id).where(sql`${t.deleted} = false`),
    index3("promotions_owner_name_idx").on(t.userId, t.archived, sql`lower(${t.name})`, t.id).where(sql`${t.deleted} = false`),
    index3("promotions_owner_start_idx").on(t.userId, t.archived, t.startDate, t.id).where(sql`${t.deleted} = false`),
    index3("promotions_owner_status_idx").on(t.userId, t.archived, t.statusId, t.id).where(sql`${t.deleted} = false`),
    index3("promotions_owner_value_idx").on(t.userId, t.archived, t.totalPrizeValue, t.id).where(sql`${t.deleted} = false`),
    // staff lists (all accounts) by date and status
    index3("promotions_created_idx").on(t.createdAt, t.id),
    index3("promotions_status_idx").on(t.statusId)
  ]
);

// api/src/db/schema/promotion-notes.ts
import { index as index4, integer as integer5, serial as serial4, text as text7, timestamp as timestamp7 } from "drizzle-orm/pg-core";
var promotionNotes = app.table(
  "promotion_notes",
  {
    id: serial4("id").primaryKey(),
    promotionId: integer5("promotion_id").notNull().references(() => promotions.id, { onDelete: "cascade" }),
    userId: integer5("user_id").notNull().references(() => users.id),
    note: text7("note").notNull(),
    createdAt: timestamp7("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp7("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index4("promotion_notes_promotion_idx").on(t.promotionId, t.id)]
);

// api/src/db/schema/changelog.ts
import { bigserial, index as index5, integer as integer6, jsonb as jsonb4, text as text8, timestamp as timestamp8 } from "drizzle-orm/pg-core";
var changelog = app.table(
  "changelog",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    promotionId: integer6("promotion_id"),
    /** Who: the signed-in user (null for the system). */
    userId: integer6("user_id").references(() => users.id),
    /** What kind of record: 'promotion', 'promotion-note', 'staff-task'. */
    entity: text8("entity").notNull(),
    entityId: integer6("entity_id"),
    /** The operation: create, modify, archive, unarchive, delete, restore, request-lawyer-contact… */
    action: text8("action").notNull(),
    /** The credential it came through (issue 24): the session's id, or the API key's. */
    sessionId: text8("session_id"),
    apiKeyId: integer6("api_key_id"),
    changes: jsonb4("changes").$type().notNull().default({}),
    createdAt: timestamp8("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index5("changelog_promotion_idx").on(t.promotionId, t.id)]
);

// api/src/db/schema/staff-tasks.ts
import { boolean as boolean3, date as date2, index as index6, integer as integer7, serial as serial5, text as text9, timestamp as timestamp9 } from "drizzle-orm/pg-core";
var staffTasks = app.table(
  "staff_tasks",
  {
    id: serial5("id").primaryKey(),
    /** 'lawyer-contact', … */
    kind: text9("kind").notNull(),
    note: text9("note").notNull(),
    promotionId: integer7("promotion_id").references(() => promotions.id),
    requestedBy: integer7("requested_by").references(() => users.id),
    assignedTo: integer7("assigned_to").references(() => users.id),
    resolvedAt: timestamp9("resolved_at", { withTimezone: true }),
    /** 001 §3: an admin note attaches to a promotion or a customer contact. */
    customerContactId: integer7("customer_contact_id"),
    createdBy: integer7("created_by").references(() => users.id),
    resolvedBy: integer7("resolved_by").references(() => users.id),
    /** Issue 26: a staff note stays a note unless staff make it a task; requests from customers and jobs are tasks. */
    isTask: boolean3("is_task").notNull().default(true),
    dueDate: date2("due_date"),
    updatedAt: timestamp9("updated_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp9("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index6("staff_tasks_open_idx").on(t.resolvedAt, t.createdAt), index6("staff_tasks_task_open_idx").on(t.isTask, t.resolvedAt, t.createdAt)]
);

// api/src/db/schema/customer-contacts.ts
import { index as index7, integer as integer8, serial as serial6, text as text10, timestamp as timestamp10 } from "drizzle-orm/pg-core";
var customerContacts = app.table(
  "customer_contacts",
  {
    id: serial6("id").primaryKey(),
    /** help (the contact page), agency, law-firm, or voicemail (a phone message staff recorded). */
    kind: text10("kind").notNull(),
    /** The page the agency/law-firm form was sent from (the spec's `source`). */
    source: text10("source"),
    name: text10("name").notNull(),
    organisation: text10("organisation"),
    email: text10("email").notNull(),
    phone: text10("phone"),
    message: text10("message").notNull(),
    /** The promotion the visitor asked about (?promotion on /contact/), as given. */
    promotionRef: text10("promotion_ref"),
    /** The signed-in account that sent it, if any (no foreign key: accounts may be removed). */
    userId: integer8("user_id"),
    assignedTo: text10("assigned_to"),
    receivedAt: timestamp10("received_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp10("resolved_at", { withTimezone: true }),
    clientAddress: text10("client_address"),
    userAgent: text10("user_agent"),
    /**
     * A phone message (kind `voicemail`, issue 13): the recording staff uploaded, stored as
     * `voicemails/{file}` and downloaded by staff at /download/voicemail/{file}.
     */
    voicemailFile: text10("voicemail_file").unique(),
    voicemailMimeType: text10("voicemail_mime_type")
  },
  (t) => [index7("customer_contacts_received_at_idx").on(t.receivedAt)]
);

// api/src/db/schema/js-errors.ts
import { index as index8, integer as integer9, serial as serial7, text as text11, timestamp as timestamp11 } from "drizzle-orm/pg-core";
var jsErrors = app.table(
  "js_errors",
  {
    id: serial7("id").primaryKey(),
    message: text11("message").notNull(),
    source: text11("source"),
    line: integer9("line"),
    column: integer9("column"),
    error: text11("error"),
    console: text11("console"),
    pageUrl: text11("page_url"),
    userAgent: text11("user_agent"),
    clientAddress: text11("client_address"),
    createdAt: timestamp11("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index8("js_errors_created_at_idx").on(t.createdAt)]
);

// api/src/db/schema/uploads.ts
import { bigint as bigint2, index as index9, integer as integer10, serial as serial8, text as text12, timestamp as timestamp12 } from "drizzle-orm/pg-core";
var uploads = app.table(
  "uploads",
  {
    id: serial8("id").primaryKey(),
    userId: integer10("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    /** The storage key's file name, generated by us: what the spec calls serverFileName. */
    serverFileName: text12("server_file_name").notNull().unique(),
    /** The customer's own file name, sanitised: the spec's headerFileName. */
    headerFileName: text12("header_file_name").notNull(),
    fileExtension: text12("file_extension").notNull(),
    mimeType: text12("mime_type").notNull(),
    sizeBytes: bigint2("size_bytes", { mode: "number" }).notNull(),
    createdAt: timestamp12("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (table) => [index9("uploads_user_id_idx").on(table.userId)]
);

// api/src/db/schema/compliance-notes.ts
import { index as index10, integer as integer11, serial as serial9, text as text13, timestamp as timestamp13 } from "drizzle-orm/pg-core";
var complianceNotes = app.table(
  "compliance_notes",
  {
    id: serial9("id").primaryKey(),
    promotionId: integer11("promotion_id").notNull().references(() => promotions.id, { onDelete: "cascade" }),
    categorySlug: text13("category_slug").notNull(),
    text: text13("text").notNull(),
    createdBy: integer11("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp13("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index10("compliance_notes_promotion_idx").on(t.promotionId, t.id)]
);

// api/src/db/schema/payments.ts
import { sql as sql2 } from "drizzle-orm";
import { bigint as bigint3, boolean as boolean4, index as index11, integer as integer12, jsonb as jsonb5, serial as serial10, text as text14, timestamp as timestamp14, uniqueIndex } from "drizzle-orm/pg-core";
var counters = app.table("counters", {
  name: text14("name").primaryKey(),
  lastValue: bigint3("last_value", { mode: "number" }).notNull()
});
var invoices = app.table(
  "invoices",
  {
    id: serial10("id").primaryKey(),
    invoiceNumber: bigint3("invoice_number", { mode: "number" }).notNull(),
    promotionId: integer12("promotion_id").notNull().references(() => promotions.id),
    userId: integer12("user_id").notNull().references(() => users.id),
    purpose: text14("purpose").$type().notNull(),
    purposeKey: text14("purpose_key").notNull(),
    lines: jsonb5("lines").$type().notNull().default([]),
    /** The rule set that priced the lines (set by a trigger from the promotion's fees, migration 0027). */
    ruleSetId: text14("rule_set_id"),
    amount: bigint3("amount", { mode: "number" }).notNull(),
    gst: bigint3("gst", { mode: "number" }).notNull(),
    ccSurcharge: bigint3("cc_surcharge", { mode: "number" }).notNull().default(0),
    /** How it was (or is to be) paid: `card`, `bpay`, or null before a method is chosen. */
    method: text14("method").$type(),
    /** BPAY customer reference number (invoice number + MOD10V01 check digit). */
    crn: text14("crn"),
    paidAt: timestamp14("paid_at", { withTimezone: true }),
    cancelledAt: timestamp14("cancelled_at", { withTimezone: true }),
    createdAt: timestamp14("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Issue 22: issued in test mode (no money taken): its own number series, TEST MODE on every copy. */
    testMode: boolean4("test_mode").notNull().default(false)
  },
  (t) => [
    uniqueIndex("invoices_number_key").on(t.invoiceNumber),
    uniqueIndex("invoices_promotion_purpose_key").on(t.promotionId, t.purposeKey),
    index11("invoices_user_idx").on(t.userId, t.invoiceNumber)
  ]
);
var payments = app.table(
  "payments",
  {
    id: serial10("id").primaryKey(),
    invoiceId: integer12("invoice_id").notNull().references(() => invoices.id),
    promotionId: integer12("promotion_id").notNull().references(() => promotions.id),
    gateway: text14("gateway").$type().notNull(),
    idempotencyKey: text14("idempotency_key").notNull(),
    /** The gateway's id of the charge (Stripe PaymentIntent id). */
    gatewayRef: text14("gateway_ref"),
    status: text14("status").$type().notNull(),
    /** Charged amount in cents (invoice amount + GST + surcharge). */
    amount: bigint3("amount", { mode: "number" }).notNull(),
    brand: text14("brand"),
    last4: text14("last4"),
    message: text14("message"),
    isReattempt: boolean4("is_reattempt").notNull().default(false),
    createdAt: timestamp14("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex("payments_idempotency_key").on(t.idempotencyKey),
    index11("payments_invoice_idx").on(t.invoiceId),
    uniqueIndex("payments_one_success_per_invoice").on(t.invoiceId).where(sql2`${t.status} = 'succeeded'`)
  ]
);
var stripeEvents = app.table("stripe_events", {
  id: text14("id").primaryKey(),
  type: text14("type").notNull(),
  receivedAt: timestamp14("received_at", { withTimezone: true }).notNull().defaultNow()
});

// api/src/db/schema/staff-preferences.ts
import { integer as integer13, jsonb as jsonb6, timestamp as timestamp15 } from "drizzle-orm/pg-core";
var staffPreferences = app.table("staff_preferences", {
  userId: integer13("user_id").primaryKey().references(() => users.id, { onDelete: "cascade" }),
  outstandingFilters: jsonb6("outstanding_filters").$type().notNull().default({}),
  updatedAt: timestamp15("updated_at", { withTimezone: true }).notNull().defaultNow()
});

// api/src/db/schema/terms.ts
import { boolean as boolean5, index as index12, integer as integer14, jsonb as jsonb7, serial as serial11, text as text15, timestamp as timestamp16, uniqueIndex as uniqueIndex2 } from "drizzle-orm/pg-core";
var termsLibraries = app.table("terms_libraries", {
  hash: text15("hash").primaryKey(),
  clauses: jsonb7("clauses").$type().notNull(),
  createdAt: timestamp16("created_at", { withTimezone: true }).notNull().defaultNow()
});
var termsVersions = app.table(
  "terms_versions",
  {
    id: serial11("id").primaryKey(),
    promotionId: integer14("promotion_id").notNull().references(() => promotions.id, { onDelete: "cascade" }),
    number: integer14("number").notNull(),
    /** `chance` or `skill`: the full terms' kind. */
    kind: text15("kind").notNull(),
    /** The full terms as an HTML fragment (escaped, or staff HTML sanitised on save). */
    html: text15("html").notNull(),
    /** The abridged form (addendum Y) when abridged T&Cs are a service; else null. */
    abridgedHtml: text15("abridged_html"),
    /** `generated`, `staff-edit` or `permit-numbers`. */
    reason: text15("reason").notNull(),
    /** The clause library snapshot it was generated from (null for a staff edit of text). */
    libraryHash: text15("library_hash").references(() => termsLibraries.hash),
    createdBy: integer14("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByStaff: boolean5("created_by_staff").notNull().default(false),
    createdAt: timestamp16("created_at", { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp16("approved_at", { withTimezone: true }),
    approvedBy: integer14("approved_by").references(() => users.id, { onDelete: "set null" })
  },
  (t) => [uniqueIndex2("terms_versions_number_idx").on(t.promotionId, t.number), index12("terms_versions_approved_idx").on(t.promotionId, t.approvedAt)]
);
var termsLinks = app.table("terms_links", {
  promotionId: integer14("promotion_id").primaryKey().references(() => promotions.id, { onDelete: "cascade" }),
  code: text15("code").notNull().unique(),
  createdAt: timestamp16("created_at", { withTimezone: true }).notNull().defaultNow()
});

// api/src/db/schema/reminders.ts
import { boolean as boolean6, date as date3, index as index13, integer as integer15, jsonb as jsonb8, serial as serial12, text as text16, timestamp as timestamp17, uniqueIndex as uniqueIndex3 } from "drizzle-orm/pg-core";
var distributionLists = app.table(
  "distribution_lists",
  {
    id: serial12("id").primaryKey(),
    userId: integer15("user_id").notNull().references(() => users.id),
    name: text16("name").notNull(),
    /** Lower-cased, de-duplicated, in the order added. */
    emails: jsonb8("emails").$type().notNull().default([]),
    createdAt: timestamp17("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index13("distribution_lists_owner_idx").on(t.userId, t.id)]
);
var promotionReminders = app.table(
  "promotion_reminders",
  {
    id: serial12("id").primaryKey(),
    promotionId: integer15("promotion_id").notNull().references(() => promotions.id, { onDelete: "cascade" }),
    kind: text16("kind").notNull(),
    /** Null: the kind's default offset. */
    daysBefore: integer15("days_before"),
    accountHolder: boolean6("account_holder").notNull().default(true),
    distributionListIds: jsonb8("distribution_list_ids").$type().notNull().default([]),
    updatedAt: timestamp17("updated_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex3("promotion_reminders_kind_idx").on(t.promotionId, t.kind)]
);
var reminderDeliveries = app.table(
  "reminder_deliveries",
  {
    id: serial12("id").primaryKey(),
    promotionId: integer15("promotion_id").notNull().references(() => promotions.id, { onDelete: "cascade" }),
    kind: text16("kind").notNull(),
    reminderDate: date3("reminder_date", { mode: "string" }).notNull(),
    email: text16("email").notNull(),
    sentAt: timestamp17("sent_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex3("reminder_deliveries_once_idx").on(t.promotionId, t.kind, t.reminderDate, t.email)]
);
var promotionUnsubscribes = app.table(
  "promotion_unsubscribes",
  {
    promotionId: integer15("promotion_id").notNull().references(() => promotions.id, { onDelete: "cascade" }),
    email: text16("email").notNull(),
    createdAt: timestamp17("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex3("promotion_unsubscribes_idx").on(t.promotionId, t.email)]
);
var calendarFeeds = app.table(
  "calendar_feeds",
  {
    userId: integer15("user_id").primaryKey().references(() => users.id),
    tokenHash: text16("token_hash").notNull(),
    createdAt: timestamp17("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex3("calendar_feeds_token_hash_idx").on(t.tokenHash)]
);

// api/src/db/schema/draws.ts
import { sql as sql3 } from "drizzle-orm";
import { bigint as bigint4, boolean as boolean7, check, index as index14, integer as integer16, jsonb as jsonb9, serial as serial13, text as text17, timestamp as timestamp18 } from "drizzle-orm/pg-core";
var draws = app.table(
  "draws",
  {
    id: serial13("id").primaryKey(),
    publicId: text17("public_id").notNull().unique(),
    promotionId: integer16("promotion_id").notNull().references(() => promotions.id),
    userId: integer16("user_id").notNull().references(() => users.id),
    parentId: integer16("parent_id"),
    rootId: integer16("root_id"),
    title: text17("title").notNull(),
    promotionName: text17("promotion_name").notNull(),
    promoterName: text17("promoter_name").notNull(),
    winners: integer16("winners").notNull(),
    reserves: integer16("reserves").notNull().default(0),
    /** Cents: the value of each winner position's prize as the owner gave it (index 0 = position 1), for per-prize publication. */
    prizeValues: jsonb9("prize_values").$type().notNull().default([]),
    maskRule: text17("mask_rule").notNull().default("standard"),
    drawDate: text17("draw_date"),
    drawTime: text17("draw_time"),
    drawLocation: text17("draw_location"),
    scrutineerRequired: boolean7("scrutineer_required").notNull().default(false),
    scrutineerName: text17("scrutineer_name"),
    /** Storage key of the canonical entries (header excluded). */
    entriesKey: text17("entries_key"),
    entryCount: integer16("entry_count"),
    entriesHash: text17("entries_hash"),
    entriesBytes: bigint4("entries_bytes", { mode: "number" }),
    header: jsonb9("header").$type(),
    /** Byte offset of every ROW_BLOCK-th canonical row, so a run reads only the blocks it needs. */
    rowOffsets: jsonb9("row_offsets").$type().notNull().default([]),
    /**
     * When set, the storage object `<entriesKey>.rows` holds the byte offset of every
     * `rowIndexEvery`-th canonical row (float64 little-endian), a finer index than rowOffsets.
     */
    rowIndexEvery: integer16("row_index_every"),
    sourceFileName: text17("source_file_name"),
    excludedRootIndexes: jsonb9("excluded_root_indexes").$type().notNull().default([]),
    /** base64url of iv (12) | tag (16) | AES-256-GCM ciphertext of the 32 seed bytes. */
    seedEncrypted: text17("seed_encrypted"),
    seedHash: text17("seed_hash"),
    committedAt: timestamp18("committed_at", { withTimezone: true }),
    /** Merkle root over the canonical rows (DESIGN.md §5a), computed and published at the commit. */
    entriesRoot: text17("entries_root"),
    /** A cancelled draw stays on the record with its reason; it can no longer change or run. */
    cancelledAt: timestamp18("cancelled_at", { withTimezone: true }),
    cancelReason: text17("cancel_reason"),
    /**
     * `runAt`: the draw's scheduled time, before which its owner cannot run it (issue 23). A
     * `scheduled` draw also commits at upload close (the promotion's end) and runs by itself then.
     */
    scheduled: boolean7("scheduled").notNull().default(false),
    commitAt: timestamp18("commit_at", { withTimezone: true }),
    runAt: timestamp18("run_at", { withTimezone: true }),
    /** Hosted winner publication (ACT, SA): when each is due and when it went live. */
    winnerPublications: jsonb9("winner_publications").$type().notNull().default([]),
    createdAt: timestamp18("created_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    index14("draws_promotion_idx").on(t.promotionId),
    index14("draws_root_idx").on(t.rootId),
    // A commit needs entries, a hash and a seed; the DB refuses anything less.
    check("draws_commit_complete", sql3`${t.committedAt} is null or (${t.entriesHash} is not null and ${t.seedEncrypted} is not null and ${t.seedHash} is not null)`),
    check("draws_cancel_reason", sql3`${t.cancelledAt} is null or ${t.cancelReason} is not null`),
    check("draws_counts", sql3`${t.winners} >= 1 and ${t.reserves} >= 0`)
  ]
);
var drawResults = app.table("draw_results", {
  drawId: integer16("draw_id").primaryKey().references(() => draws.id),
  seedHex: text17("seed_hex").notNull(),
  selections: jsonb9("selections").$type().notNull(),
  ranAt: timestamp18("ran_at", { withTimezone: true }).notNull().defaultNow(),
  ranByUserId: integer16("ran_by_user_id"),
  scrutineerName: text17("scrutineer_name"),
  /** Staff ran the draw before its scheduled time: why (shown on the public record and certificate). */
  earlyRunReason: text17("early_run_reason")
});

// api/src/db/schema/api-keys.ts
import { index as index15, integer as integer17, serial as serial14, text as text18, timestamp as timestamp19 } from "drizzle-orm/pg-core";
var apiKeys = app.table(
  "api_keys",
  {
    id: serial14("id").primaryKey(),
    userId: integer17("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    name: text18("name").notNull(),
    prefix: text18("prefix").notNull(),
    keyHash: text18("key_hash").notNull().unique(),
    createdAt: timestamp19("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp19("last_used_at", { withTimezone: true }),
    revokedAt: timestamp19("revoked_at", { withTimezone: true }),
    /** Why the key stopped (issue 24): `revoked` by its owner, or ended with every credential of the user. */
    revokedReason: text18("revoked_reason").$type()
  },
  (table) => [index15("api_keys_user_id_idx").on(table.userId)]
);

// api/src/db/schema/idempotency-keys.ts
import { integer as integer18, jsonb as jsonb10, primaryKey, text as text19, timestamp as timestamp20 } from "drizzle-orm/pg-core";
var idempotencyKeys = app.table(
  "idempotency_keys",
  {
    userId: integer18("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    route: text19("route").notNull(),
    key: text19("key").notNull(),
    bodyHash: text19("body_hash").notNull(),
    status: integer18("status"),
    answer: jsonb10("answer"),
    createdAt: timestamp20("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Which process runs the first request: its listening connection (`pid:backend start`, see
     * db/notifications.ts), alive exactly as long as the process. A claim whose process died
     * (a crash, kill -9) before answering is abandoned: a retry with the key runs again.
     */
    claimedBy: text19("claimed_by"),
    expiresAt: timestamp20("expires_at", { withTimezone: true }).notNull()
  },
  (table) => [primaryKey({ columns: [table.userId, table.route, table.key] })]
);

// api/src/db/schema/lodgement-packs.ts
import { bigint as bigint5, integer as integer19, text as text20, timestamp as timestamp21 } from "drizzle-orm/pg-core";
var lodgementPacks = app.table("lodgement_packs", {
  promotionId: integer19("promotion_id").primaryKey().references(() => promotions.id),
  version: integer19("version").notNull(),
  state: text20("state").$type().notNull(),
  step: integer19("step").notNull().default(0),
  total: integer19("total").notNull().default(0),
  attempts: integer19("attempts").notNull().default(0),
  error: text20("error"),
  storageKey: text20("storage_key"),
  sizeBytes: bigint5("size_bytes", { mode: "number" }),
  requestedAt: timestamp21("requested_at", { withTimezone: true }).notNull().defaultNow(),
  startedAt: timestamp21("started_at", { withTimezone: true }),
  finishedAt: timestamp21("finished_at", { withTimezone: true }),
  updatedAt: timestamp21("updated_at", { withTimezone: true }).notNull().defaultNow(),
  /** The rule set of the fees the pack's forms carry (set by a trigger, migration 0027). */
  ruleSetId: text20("rule_set_id")
});

// api/src/db/schema/site-releases.ts
import { bigint as bigint6, integer as integer20, serial as serial15, text as text21, timestamp as timestamp22 } from "drizzle-orm/pg-core";
var siteReleases = app.table("site_releases", {
  id: serial15("id").primaryKey(),
  /** The storage folder of this release's files (`site/releases/{key}/`), with its manifest.json. */
  key: text21("key").notNull().unique(),
  /** What it was built from (sources and content), so a starting process can skip an identical build. */
  fingerprint: text21("fingerprint").notNull(),
  files: integer20("files").notNull(),
  bytes: bigint6("bytes", { mode: "number" }).notNull(),
  reason: text21("reason").notNull().default(""),
  createdAt: timestamp22("created_at", { withTimezone: true }).notNull().defaultNow()
});

// api/src/db/schema/sandbox-gateway.ts
import { bigint as bigint7, jsonb as jsonb11, text as text22, timestamp as timestamp23, uniqueIndex as uniqueIndex4 } from "drizzle-orm/pg-core";
var sandboxCharges = app.table("sandbox_charges", {
  idempotencyKey: text22("idempotency_key").primaryKey(),
  answer: jsonb11("answer").notNull(),
  createdAt: timestamp23("created_at", { withTimezone: true }).notNull().defaultNow()
});
var sandboxIntents = app.table(
  "sandbox_intents",
  {
    id: text22("id").primaryKey(),
    clientSecret: text22("client_secret").notNull(),
    status: text22("status").$type().notNull(),
    /** Cents, and the invoice it was created for: a submit with the intent is checked against both. */
    amount: bigint7("amount", { mode: "number" }).notNull(),
    invoiceNumber: bigint7("invoice_number", { mode: "number" }).notNull(),
    brand: text22("brand"),
    last4: text22("last4"),
    createdAt: timestamp23("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp23("decided_at", { withTimezone: true })
  },
  (t) => [uniqueIndex4("sandbox_intents_client_secret_key").on(t.clientSecret)]
);

// api/src/db/schema/rule-sets.ts
import { date as date4, integer as integer21, jsonb as jsonb12, serial as serial16, text as text23, timestamp as timestamp24, unique } from "drizzle-orm/pg-core";
var ruleSetPublications = app.table("rule_set_publications", {
  id: serial16("id").primaryKey(),
  ruleSetId: text23("rule_set_id").notNull().unique(),
  effectiveFrom: date4("effective_from", { mode: "string" }).notNull(),
  definition: jsonb12("definition").$type().notNull(),
  publishedBy: integer21("published_by").references(() => users.id, { onDelete: "set null" }),
  publishedAt: timestamp24("published_at", { withTimezone: true }).notNull().defaultNow()
});
var obligationProofs = app.table(
  "obligation_proofs",
  {
    id: serial16("id").primaryKey(),
    promotionId: integer21("promotion_id").notNull().references(() => promotions.id, { onDelete: "cascade" }),
    code: text23("code").notNull(),
    kind: text23("kind").$type().notNull(),
    reference: text23("reference").notNull(),
    label: text23("label"),
    note: text23("note"),
    closedBy: integer21("closed_by").references(() => users.id, { onDelete: "set null" }),
    closedAt: timestamp24("closed_at", { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [unique("obligation_proofs_promotion_code_unique").on(t.promotionId, t.code)]
);

// api/src/db/schema/events.ts
import { bigint as bigint8, bigserial as bigserial2, jsonb as jsonb13, primaryKey as primaryKey2, text as text24, timestamp as timestamp25 } from "drizzle-orm/pg-core";
var outboxEvents = app.table("outbox_events", {
  id: bigserial2("id", { mode: "number" }).primaryKey(),
  type: text24("type").notNull(),
  payload: jsonb13("payload").notNull(),
  createdAt: timestamp25("created_at", { withTimezone: true }).notNull().defaultNow(),
  dispatchedAt: timestamp25("dispatched_at", { withTimezone: true })
});
var handledEvents = app.table(
  "handled_events",
  {
    eventId: bigint8("event_id", { mode: "number" }).notNull(),
    handler: text24("handler").notNull(),
    handledAt: timestamp25("handled_at", { withTimezone: true }).notNull().defaultNow()
  },
  (table) => [primaryKey2({ columns: [table.eventId, table.handler] })]
);

// api/src/modules/account/sessions.repository.ts
async function replaceUserSessions(db, values) {
  await db.transaction(async (tx) => {
    await tx.execute(sql4`select id from app.users where id = ${values.userId} for update`);
    await tx.update(sessions).set({ endedAt: values.now, endedReason: "replaced" }).where(and(eq(sessions.userId, values.userId), isNull(sessions.endedAt)));
    await tx.insert(sessions).values({
      id: values.id,
      userId: values.userId,
      clientSession: values.clientSession,
      createdAt: values.now,
      lastSeenAt: values.now,
      expiresAt: values.expiresAt
    });
  });
}
async function findSessionWithUser(db, id) {
  const [row] = await db.select({ session: sessions, user: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.id, id)).limit(1);
  return row;
}
async function touchSession(db, id, now) {
  await db.update(sessions).set({ lastSeenAt: now, closingAt: null }).where(eq(sessions.id, id));
}
async function endSession(db, id, reason) {
  await db.update(sessions).set({ endedAt: /* @__PURE__ */ new Date(), endedReason: reason }).where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
}
async function markSessionClosing(db, id) {
  await db.update(sessions).set({ closingAt: /* @__PURE__ */ new Date() }).where(and(eq(sessions.id, id), isNull(sessions.endedAt)));
}
async function endUserSessions(db, userId, reason, exceptId) {
  const ended = await db.update(sessions).set({ endedAt: /* @__PURE__ */ new Date(), endedReason: reason }).where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), exceptId ? ne(sessions.id, exceptId) : void 0)).returning({ id: sessions.id });
  return ended.length;
}

// api/src/modules/account/session-store.ts
var SESSION_COOKIE = "pd_session";
var SESSION_IDLE_MS = 30 * 6e4;
var SESSION_MAX_AGE_MS = 12 * 60 * 6e4;
var SESSION_CLOSING_GRACE_MS = 2 * 6e4;
var TOUCH_EVERY_MS = 6e4;
var hashToken = (token) => crypto2.createHash("sha256").update(token).digest("hex");
var newToken = () => crypto2.randomBytes(32).toString("base64url");
async function createSession(db, userId, clientSession2) {
  const token = newToken();
  const now = /* @__PURE__ */ new Date();
  await replaceUserSessions(db, { id: hashToken(token), userId, clientSession: clientSession2 ?? null, now, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS) });
  return token;
}
async function findSession(db, token, now = /* @__PURE__ */ new Date(), cache) {
  const id = hashToken(token);
  const t = now.getTime();
  const cached = await cache?.lookup(id, t);
  if (cached) return cached;
  const mark = cache?.mark() ?? 0;
  const row = await findSessionWithUser(db, id);
  if (!row) return { state: "none" };
  const { session, user } = row;
  if (session.endedAt) return session.endedReason === "replaced" ? { state: "replaced" } : { state: "none" };
  const closedFor = session.closingAt ? t - session.closingAt.getTime() : 0;
  if (session.expiresAt.getTime() <= t || t - session.lastSeenAt.getTime() > SESSION_IDLE_MS || closedFor > SESSION_CLOSING_GRACE_MS) {
    await endSession(db, id, session.closingAt && closedFor > SESSION_CLOSING_GRACE_MS ? "closed" : "expired");
    return { state: "none" };
  }
  let lastSeen = session.lastSeenAt.getTime();
  if (session.closingAt || t - lastSeen > TOUCH_EVERY_MS) {
    await touchSession(db, id, now);
    lastSeen = t;
  }
  const live = { state: "live", session: { id, userId: session.userId, clientSession: session.clientSession }, user };
  cache?.set(id, live, Math.min(lastSeen + TOUCH_EVERY_MS, session.expiresAt.getTime()), mark, t);
  return live;
}

// api/src/modules/account/session-user.ts
function toSessionUser(user) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    accountName: user.accountName,
    phone: user.phone,
    authorisedAgent: user.authorisedAgent,
    isStaff: user.isStaff,
    staffRole: user.isStaff ? "admin" : user.staffRole === "marketing" ? "marketing" : null
  };
}

// api/src/modules/api-keys/api-keys.ts
import crypto3 from "node:crypto";
import { AppError as AppError4, MSG_API_KEY_INVALID, MSG_API_KEY_LIMIT, MSG_API_KEY_RATE_LIMITED } from "@permitdesk/shared";

// api/src/modules/account/rate-limit.ts
import { AppError as AppError3, msgTooManyAttempts } from "@permitdesk/shared";

// api/src/modules/account/rate-limit.repository.ts
import { sql as sql5 } from "drizzle-orm";
async function countHit(db, key, windowMs) {
  const { rows } = await db.execute(sql5`
    insert into app.rate_limits as r (key, count, reset_at) values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count, reset_at`);
  return { count: rows[0].count, resetAt: new Date(rows[0].reset_at) };
}
async function uncountHit(db, key) {
  await db.execute(sql5`update app.rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`);
}
async function deleteWindow(db, key) {
  await db.execute(sql5`delete from app.rate_limits where key = ${key}`);
}

// api/src/modules/account/rate-limit.ts
var RATE_LIMITS = {
  loginPerAccount: { limit: 5, windowMs: 15 * 6e4 },
  loginPerAddress: { limit: 50, windowMs: 15 * 6e4 },
  /** Successful sign-ins per address: a credential-stuffing run that often succeeds is still slowed. */
  loginSuccessPerAddress: { limit: 1e3, windowMs: 60 * 6e4 },
  forgotPerAccount: { limit: 3, windowMs: 60 * 6e4 },
  forgotPerAddress: { limit: 20, windowMs: 60 * 6e4 },
  /** Confirmation and reset e-mails to one address (mail bombing). */
  mailPerAddress: { limit: 3, windowMs: 60 * 6e4 },
  /** Contact forms: per client address and per sender e-mail. */
  contactPerAddress: { limit: 10, windowMs: 60 * 6e4 },
  contactPerEmail: { limit: 5, windowMs: 60 * 6e4 }
};
async function hit(db, key, { windowMs }) {
  return countHit(db, key, windowMs);
}
async function hitOrThrow(db, key, rule) {
  const { count: count7, resetAt } = await hit(db, key, rule);
  if (count7 > rule.limit) throw tooMany(resetAt);
}
async function refundHit(db, key) {
  await uncountHit(db, key);
}
async function clearLimit(db, key) {
  await deleteWindow(db, key);
}
function tooMany(resetAt) {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1e3));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new AppError3("RATE_LIMITED", msgTooManyAttempts(minutes), { retryAfterSeconds: seconds });
}

// api/src/modules/api-keys/api-keys.repository.ts
import { and as and2, count, desc, eq as eq2, isNull as isNull2, sql as sql6 } from "drizzle-orm";
async function insertApiKeyWithin(db, values, max) {
  return db.transaction(async (tx) => {
    await tx.execute(sql6`select id from app.users where id = ${values.userId} for update`);
    const [{ live } = { live: 0 }] = await tx.select({ live: count() }).from(apiKeys).where(and2(eq2(apiKeys.userId, values.userId), isNull2(apiKeys.revokedAt)));
    if (live >= max) return void 0;
    const [row] = await tx.insert(apiKeys).values(values).returning();
    return row;
  });
}
async function findApiKeysOf(db, userId) {
  return db.select().from(apiKeys).where(eq2(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}
async function revokeApiKeysOf(db, userId, reason) {
  const rows = await db.update(apiKeys).set({ revokedAt: /* @__PURE__ */ new Date(), revokedReason: reason }).where(and2(eq2(apiKeys.userId, userId), isNull2(apiKeys.revokedAt))).returning({ id: apiKeys.id });
  return rows.length;
}
async function revokeApiKey(db, userId, id) {
  const rows = await db.update(apiKeys).set({ revokedAt: /* @__PURE__ */ new Date(), revokedReason: "revoked" }).where(and2(eq2(apiKeys.id, id), eq2(apiKeys.userId, userId), isNull2(apiKeys.revokedAt))).returning({ id: apiKeys.id });
  return rows.length > 0;
}
async function findLiveApiKeyByHash(db, keyHash) {
  const [row] = await db.select({ key: apiKeys, user: users }).from(apiKeys).innerJoin(users, eq2(users.id, apiKeys.userId)).where(and2(eq2(apiKeys.keyHash, keyHash), isNull2(apiKeys.revokedAt))).limit(1);
  return row;
}
async function touchApiKey(db, id) {
  await db.execute(sql6`update app.api_keys set last_used_at = now() where id = ${id} and (last_used_at is null or last_used_at < now() - interval '1 minute')`);
}

// api/src/modules/api-keys/api-keys.ts
var MAX_API_KEYS = 10;
var API_KEY_RATE_LIMIT = { limit: 120, windowMs: 6e4 };
var KEY_PREFIX = "pdk_";
var hashApiKey = (key) => crypto3.createHash("sha256").update(key).digest("hex");
function toView(row) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    // Revoked before the reason was recorded: by its owner (the only way then).
    revokedReason: row.revokedAt ? row.revokedReason ?? "revoked" : null
  };
}
async function createApiKey(db, userId, name) {
  const key = `${KEY_PREFIX}${crypto3.randomBytes(32).toString("base64url")}`;
  const row = await insertApiKeyWithin(db, { userId, name, prefix: key.slice(0, KEY_PREFIX.length + 6), keyHash: hashApiKey(key) }, MAX_API_KEYS);
  if (!row) throw new AppError4("CONFLICT", MSG_API_KEY_LIMIT, { modelState: { "": [MSG_API_KEY_LIMIT] } });
  return { ...toView(row), key };
}
async function listApiKeys(db, userId) {
  const rows = await findApiKeysOf(db, userId);
  return [...rows.filter((r) => !r.revokedAt), ...rows.filter((r) => r.revokedAt)].map(toView);
}
async function revokeUserApiKey(db, userId, id) {
  if (!await revokeApiKey(db, userId, id)) throw new AppError4("NOT_FOUND");
  return { id, revoked: true };
}
async function authenticateApiKey(db, key) {
  const found = key.length <= 200 ? await findLiveApiKeyByHash(db, hashApiKey(key)) : void 0;
  if (!found) throw new AppError4("UNAUTHENTICATED", MSG_API_KEY_INVALID);
  const { count: count7, resetAt } = await hit(db, `apikey:${found.key.id}`, API_KEY_RATE_LIMIT);
  if (count7 > API_KEY_RATE_LIMIT.limit) {
    throw new AppError4("RATE_LIMITED", MSG_API_KEY_RATE_LIMITED, { retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1e3)) });
  }
  await touchApiKey(db, found.key.id);
  return { user: { ...toSessionUser(found.user), isStaff: false }, apiKey: { id: found.key.id, name: found.key.name } };
}

// api/src/modules/changelog/request-credential.ts
import { AsyncLocalStorage } from "node:async_hooks";
var storage = new AsyncLocalStorage();
function withRequestCredential(credential, next) {
  storage.run(credential, next);
}
function currentCredential() {
  return storage.getStore() ?? { sessionId: null, apiKeyId: null };
}

// api/src/http/auth.ts
var sessionCookieName = (secure) => secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
function readSessionToken(cookieHeader, secure = false) {
  if (!cookieHeader) return void 0;
  const value = parseCookies(cookieHeader)[sessionCookieName(secure)];
  return value && value.length <= 100 ? value : void 0;
}
function setSessionCookie(res, token, secure) {
  res.append("Set-Cookie", serialize(sessionCookieName(secure), token, { httpOnly: true, sameSite: "lax", secure, path: "/" }));
}
function clearSessionCookie(res, secure) {
  res.append("Set-Cookie", serialize(sessionCookieName(secure), "", { httpOnly: true, sameSite: "lax", secure, path: "/", maxAge: 0 }));
}
function authenticate({ database, config, sessionCache }) {
  const secure = config?.secureCookies ?? false;
  return async (req, res, next) => {
    res.locals.sessionState = "none";
    try {
      const bearer = /^bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "")?.[1];
      if (bearer) {
        const { user, apiKey } = await authenticateApiKey(database.db, bearer);
        res.locals.user = user;
        res.locals.apiKey = apiKey;
        return withRequestCredential({ sessionId: null, apiKeyId: apiKey.id }, next);
      }
      const token = readSessionToken(req.headers.cookie, secure);
      if (!token) return next();
      const found = await findSession(database.db, token, /* @__PURE__ */ new Date(), sessionCache);
      res.locals.sessionState = found.state;
      if (found.state === "live") {
        res.locals.session = found.session;
        res.locals.user = toSessionUser(found.user);
        return withRequestCredential({ sessionId: found.session.id, apiKeyId: null }, next);
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

// api/src/http/untrusted-proxy.ts
function warnUntrustedForwarding(logger) {
  let warned = false;
  return (req, _res, next) => {
    if (!warned && req.headers["x-forwarded-for"] !== void 0) {
      const trust = req.app.get("trust proxy fn");
      const peer = req.socket.remoteAddress ?? "";
      if (!trust(peer, 0)) {
        warned = true;
        logger.warn("X-Forwarded-For arrives from an address TRUST_PROXY does not trust: it is ignored, and per-address limits count every client behind that proxy as one. Set TRUST_PROXY to the proxy (docs/security.md).", { peer });
      }
    }
    next();
  };
}

// api/src/modules/account/session-cache.ts
var SESSION_CHANGES_CHANNEL = "app_session_changes";
var SESSION_CACHE_TTL_MS = 3e4;
var SESSION_CACHE_MAX_ENTRIES = 1e4;
var SessionCache = class {
  constructor(notifications, options = {}) {
    this.notifications = notifications;
    this.options = options;
  }
  notifications;
  options;
  entries = /* @__PURE__ */ new Map();
  byUser = /* @__PURE__ */ new Map();
  generation = 0;
  subscribed = false;
  /** Starts listening (else the first use does). */
  start() {
    this.subscribe();
    return this;
  }
  /** Whether the cache may answer: LISTEN is in force. Starts listening on first use. */
  get active() {
    this.subscribe();
    return this.notifications?.listening ?? false;
  }
  /**
   * The cached live session, once every notice committed before this call has arrived (a
   * shared round trip on the listening connection, see Notifications.sync): a session ended by
   * any process before this request came in is never answered from memory.
   */
  async lookup(id, nowMs) {
    if (!this.get(id, nowMs)) return void 0;
    if (!await this.notifications.sync()) return void 0;
    return this.get(id, nowMs);
  }
  /** The entry as it stands now (no catching up with notices in flight). */
  get(id, nowMs) {
    if (!this.active) return void 0;
    const entry = this.entries.get(id);
    if (!entry) return void 0;
    if (entry.validUntil <= nowMs) {
      this.remove(id, entry.value.session.userId);
      return void 0;
    }
    return entry.value;
  }
  /**
   * Taken before reading the database; `set` keeps the result only if nothing was invalidated
   * meanwhile (a notice that arrives while the read is in flight may describe a change the read
   * did not see).
   */
  mark() {
    this.subscribe();
    return this.generation;
  }
  set(id, value, validUntil, mark, nowMs) {
    if (mark !== this.generation || !this.active) return;
    const until = Math.min(validUntil, nowMs + (this.options.ttlMs ?? SESSION_CACHE_TTL_MS));
    if (until <= nowMs) return;
    if (!this.entries.has(id) && this.entries.size >= (this.options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES)) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.remove(oldest[0], oldest[1].value.session.userId);
    }
    this.entries.set(id, { value, validUntil: until });
    const userId = value.session.userId;
    let ids = this.byUser.get(userId);
    if (!ids) this.byUser.set(userId, ids = /* @__PURE__ */ new Set());
    ids.add(id);
  }
  /** Drops every cached session of the user (a notice from any process, or this one). */
  invalidateUser(userId) {
    this.generation++;
    const ids = this.byUser.get(userId);
    if (!ids) return;
    for (const id of ids) this.entries.delete(id);
    this.byUser.delete(userId);
  }
  clear() {
    this.generation++;
    this.entries.clear();
    this.byUser.clear();
  }
  get size() {
    return this.entries.size;
  }
  remove(id, userId) {
    this.entries.delete(id);
    const ids = this.byUser.get(userId);
    ids?.delete(id);
    if (ids?.size === 0) this.byUser.delete(userId);
  }
  subscribe() {
    if (this.subscribed || !this.notifications) return;
    this.subscribed = true;
    this.notifications.subscribe(SESSION_CHANGES_CHANNEL, {
      onNotice: (payload) => {
        const userId = Number(payload);
        if (Number.isSafeInteger(userId)) this.invalidateUser(userId);
        else this.clear();
      },
      // Down: notices may be missed, so nothing cached may be trusted; up again: start empty.
      onState: () => this.clear()
    });
  }
};

// api/src/http/route.ts
import { Router } from "express";
import { AppError as AppError5, MSG_API_KEY_NOT_ALLOWED, parseInput } from "@permitdesk/shared";
function route(spec) {
  return spec;
}
function assertAccess(access, res) {
  if (access === "public") return;
  const user = res.locals.user;
  if (!user) throw new AppError5("UNAUTHENTICATED");
  const viaApiKey = Boolean(res.locals.apiKey);
  if ((access === "session" || access === "staff") && viaApiKey) throw new AppError5("FORBIDDEN", MSG_API_KEY_NOT_ALLOWED);
  if (access === "staff" && !user.isStaff) throw new AppError5("FORBIDDEN");
}
function mountRoutes(specs, hooks = {}) {
  const router = Router({ caseSensitive: false });
  for (const spec of specs) {
    if (spec.mountedElsewhere) continue;
    router[spec.method](spec.path, async (req, res) => {
      assertAccess(spec.access, res);
      const query = spec.query ? parseInput(spec.query, req.query) : void 0;
      const body = spec.body && !spec.multipart ? parseInput(spec.body, req.body) : void 0;
      const user = res.locals.user;
      const owner = user ? { userId: user.id, isStaff: user.isStaff } : void 0;
      const run = async () => spec.handler({ query, body, user, owner, req, res });
      const result = spec.idempotent && hooks.idempotency ? await hooks.idempotency(spec, req, res, run) : await run();
      if (spec.raw || res.headersSent) return;
      const answer = result === void 0 ? { ok: true } : result;
      hooks.onResponse?.(spec, spec.status ?? 200, answer);
      res.status(spec.status ?? 200).json(answer);
    });
  }
  return router;
}

// api/src/http/openapi.routes.ts
import { createRequire } from "node:module";
import path from "node:path";
import { Router as Router2 } from "express";
import { z as z2 } from "zod";

// api/src/http/openapi.ts
import { z } from "zod";
import { ERROR_CODES, ErrorResponseSchema } from "@permitdesk/shared";
var jsonSchema = (schema, io) => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, target: "draft-2020-12", unrepresentable: "any", cycles: "ref", reused: "inline" });
  return rest;
};
var errorRef = { $ref: "#/components/schemas/Error" };
var errorResponse = (description) => ({ description, content: { "application/json": { schema: errorRef } } });
function openApiPath(spec) {
  return `/api${spec.path.replace(/:(\w+)/g, "{$1}")}`;
}
function parametersOf(spec) {
  const params = [];
  for (const match of spec.path.matchAll(/:(\w+)/g)) params.push({ name: match[1], in: "path", required: true, schema: { type: "string" } });
  if (!spec.query) return params;
  const schema = jsonSchema(spec.query, "input");
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  for (const [name, property] of Object.entries(properties)) {
    params.push({ name, in: "query", required: required.has(name), schema: property, ...property.description ? { description: property.description } : {} });
  }
  return params;
}
function securityOf(spec) {
  if (spec.access === "public") return [];
  if (spec.access === "user") return [{ cookieSession: [] }, { apiKey: [] }];
  return [{ cookieSession: [] }];
}
function responsesOf(spec) {
  const status = String(spec.status ?? 200);
  const responses = {};
  if (spec.raw) {
    responses[status === "200" ? "default" : status] = { description: "A file, a redirect or an empty answer (not JSON)." };
  } else {
    responses[status] = {
      description: "Success.",
      ...spec.response ? { content: { "application/json": { schema: jsonSchema(spec.response, "output") } } } : {}
    };
  }
  if (spec.body || spec.query || spec.multipart) responses["400"] = errorResponse('The input is not valid: `modelState` names each field (the root is the key "").');
  if (spec.access !== "public") responses["401"] = errorResponse("Not signed in, or the API key is unknown or revoked.");
  if (spec.access === "staff" || spec.access === "session") responses["403"] = errorResponse(spec.access === "staff" ? "Not a staff member, or called with an API key." : "Called with an API key (this call needs a signed-in session).");
  if (spec.access !== "public") responses["404"] = errorResponse("The record does not exist, or is another customer's.");
  if (spec.idempotent) responses["422"] = errorResponse("The Idempotency-Key was already used with a different body.");
  responses["429"] = errorResponse("Too many requests: wait for `Retry-After` seconds.");
  responses["500"] = errorResponse("Something went wrong on our side (`requestId` identifies it in the logs).");
  return responses;
}
function requestBodyOf(spec) {
  const schema = spec.bodyDoc ?? spec.body;
  if (!schema) return void 0;
  const mediaType = spec.multipart ? "multipart/form-data" : "application/json";
  return { required: true, content: { [mediaType]: { schema: jsonSchema(schema, "input") } } };
}
function buildOpenApi(specs, { serverUrl, version = "1" } = {}) {
  const paths = {};
  const tags = /* @__PURE__ */ new Set();
  for (const spec of specs) {
    const path8 = openApiPath(spec);
    const tag = spec.tag ?? spec.path.split("/")[1] ?? "api";
    tags.add(tag);
    const parameters = parametersOf(spec);
    for (const header of spec.headers ?? []) parameters.push({ name: header.name, in: "header", required: header.required ?? false, description: header.description, schema: { type: "string" } });
    if (spec.idempotent) {
      parameters.push({ name: "Idempotency-Key", in: "header", required: false, description: "Any unique string (1 to 200 characters). The same key with the same body within 24 hours answers the first answer again; with a different body, 422.", schema: { type: "string", minLength: 1, maxLength: 200 } });
    }
    const requestBody = requestBodyOf(spec);
    (paths[path8] ??= {})[spec.method] = {
      operationId: `${spec.method}${spec.path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c) => (c ?? "").toUpperCase())}`,
      summary: spec.summary,
      tags: [tag],
      ...parameters.length ? { parameters } : {},
      ...requestBody ? { requestBody } : {},
      responses: responsesOf(spec),
      security: securityOf(spec),
      "x-access": spec.access
    };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "PermitDesk API",
      version,
      description: [
        "Every call of the PermitDesk service. Paths are case-insensitive.",
        "",
        "**Money** is a JSON number of dollars with at most two decimals, in requests and answers (`totalPrizeValue`, `prizeValue*`, every `feeDue_*`).",
        "**Round trips**: what a read returns, the matching write accepts; read-only fields sent back are ignored. `versionNumber` is the concurrency token (a stale save gets 409).",
        '**Errors** are `{ message, modelState, code }`: `message` is a sentence for a person, `modelState` maps dotted field paths to messages (the root is ""), `code` is one of ' + Object.keys(ERROR_CODES).map((c) => `\`${c}\``).join(", ") + ".",
        "**Auth**: the session cookie of a browser sign-in, or `Authorization: Bearer <API key>` (create keys on the account screen) on the customer calls."
      ].join("\n")
    },
    ...serverUrl ? { servers: [{ url: serverUrl }] } : {},
    tags: [...tags].map((name) => ({ name })),
    paths,
    components: {
      schemas: { Error: jsonSchema(ErrorResponseSchema, "output") },
      securitySchemes: {
        cookieSession: { type: "apiKey", in: "cookie", name: "pd_session", description: "The session of a browser sign-in (POST /api/account/login)." },
        apiKey: { type: "http", scheme: "bearer", description: "An API key of the account: `Authorization: Bearer <key>`." }
      }
    }
  };
}

// api/src/http/openapi.routes.ts
function openApiRoutes(deps, all) {
  let document;
  return [
    route({
      method: "get",
      path: "/openapi.json",
      access: "public",
      summary: "This OpenAPI 3.1 document.",
      tag: "reference",
      response: z2.looseObject({ openapi: z2.string(), paths: z2.record(z2.string(), z2.unknown()) }),
      handler: () => document ??= buildOpenApi(all(), { serverUrl: deps.config.PUBLIC_URL })
    })
  ];
}
var require2 = createRequire(import.meta.url);
function apiDocsRouter() {
  const router = Router2({ caseSensitive: false });
  const bundle2 = path.join(path.dirname(require2.resolve("@scalar/api-reference")), "browser", "standalone.js");
  router.get("/docs", (req, res, next) => req.originalUrl.endsWith("/") ? next() : res.redirect(301, `${req.baseUrl}/docs/`));
  router.get("/docs/", (_req, res) => {
    res.set("Cache-Control", "no-cache");
    res.type("html").send(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>PermitDesk API reference</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="./scalar.js"></script>
    <script src="./init.js"></script>
  </body>
</html>`);
  });
  router.get("/docs/init.js", (_req, res) => {
    res.set("Cache-Control", "no-cache");
    res.type("text/javascript").send("Scalar.createApiReference('#app', { url: '../openapi.json', withDefaultFonts: false, hideClientButton: true, telemetry: false })\n");
  });
  router.get("/docs/scalar.js", (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600");
    res.sendFile(bundle2);
  });
  return router;
}

// api/src/mail/create-mailer.ts
import crypto4 from "node:crypto";
import fs from "node:fs/promises";
import path2 from "node:path";
import nodemailer from "nodemailer";
import { MSG_TEST_MODE } from "@permitdesk/shared";
function markTestMode(message) {
  return {
    ...message,
    text: `${MSG_TEST_MODE}

${message.text}`,
    html: message.html.replace(/(<body[^>]*>)/, `$1<p style="margin:0;padding:8px;background:#8a4b00;color:#fff;text-align:center;font-weight:700">${MSG_TEST_MODE}</p>`)
  };
}
function mailFrom(config) {
  return config.MAIL_FROM ?? `PermitDesk <no-reply@${new URL(config.PUBLIC_URL).hostname}>`;
}
function createMailer(config, logger) {
  const mailer = createTransportMailer(config, logger);
  if (config.paymentMode !== "test") return mailer;
  return { send: (message) => mailer.send(markTestMode(message)) };
}
function createTransportMailer(config, logger) {
  const from = mailFrom(config);
  if (config.SMTP_URL) {
    const transport2 = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(message) {
        await transport2.sendMail({ from, ...message });
        logger.info("mail sent", { to: message.to, subject: message.subject });
      }
    };
  }
  const outbox = path2.join(config.DATA_DIR, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await fs.mkdir(outbox, { recursive: true });
      const file = path2.join(outbox, `${(/* @__PURE__ */ new Date()).toISOString().replace(/[:.]/g, "-")}-${crypto4.randomBytes(4).toString("hex")}.eml`);
      await fs.writeFile(file, info.message);
      logger.info("mail written to the outbox (no SMTP_URL)", { to: message.to, subject: message.subject, file });
    }
  };
}

// api/src/modules/account/account.routes.ts
import { z as z3 } from "zod";
import {
  AccountCurrentResponseSchema,
  AccountDetailsResponseSchema,
  AccountGetResponseSchema,
  AccountUpdateResponseSchema,
  AccountUpdateSchema,
  AppError as AppError12,
  AuthenticatedResponseSchema,
  ForgotPasswordSchema,
  LoginResponseSchema,
  LoginSchema,
  LogOutResponseSchema,
  MessageResponseSchema,
  MSG_ACCOUNT_UPDATED,
  MSG_FIELD_INVALID as MSG_FIELD_INVALID2,
  MSG_PASSWORD_RESET_DONE,
  msgRegisteredCheckEmail,
  RegisterResponseSchema,
  RegisterSchema,
  ResetPasswordSchema,
  SupportDetailsResponseSchema
} from "@permitdesk/shared";

// api/src/modules/account/account-view.ts
function toUserView(user) {
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    accountName: user.accountName,
    phone: user.phone,
    optedIntoCommunication: user.optedIntoCommunication,
    authorisedAgent: user.authorisedAgent,
    agentBusinessAddress: user.agentBusinessAddress ?? null,
    agent: user.isStaff,
    emailConfirmed: user.emailConfirmedAt !== null
  };
}

// api/src/modules/account/account.repository.ts
import { and as and3, desc as desc2, eq as eq3, gt, isNull as isNull3, sql as sql7 } from "drizzle-orm";
async function findUserByEmail(db, email) {
  const [row] = await db.select().from(users).where(eq3(users.email, email.toLowerCase())).limit(1);
  return row;
}
async function findUserById(db, id) {
  const [row] = await db.select().from(users).where(eq3(users.id, id)).limit(1);
  return row;
}
async function insertUser(db, values) {
  const [row] = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning();
  return row;
}
async function updateUser(db, id, values) {
  const [row] = await db.update(users).set({ ...values, updatedAt: /* @__PURE__ */ new Date() }).where(eq3(users.id, id)).returning();
  return row;
}
async function createAccountToken(db, userId, purpose, ttlMs) {
  const token = newToken();
  await db.insert(accountTokens).values({ userId, purpose, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}
async function consumeAccountToken(db, token, purpose) {
  const [row] = await db.update(accountTokens).set({ usedAt: /* @__PURE__ */ new Date() }).where(and3(eq3(accountTokens.tokenHash, hashToken(token)), eq3(accountTokens.purpose, purpose), isNull3(accountTokens.usedAt), gt(accountTokens.expiresAt, /* @__PURE__ */ new Date()))).returning({ userId: accountTokens.userId });
  return row?.userId;
}
async function retireAccountTokens(db, userId, purpose) {
  await db.update(accountTokens).set({ usedAt: /* @__PURE__ */ new Date() }).where(and3(eq3(accountTokens.userId, userId), eq3(accountTokens.purpose, purpose), isNull3(accountTokens.usedAt)));
}
async function findUserPromotions(db, userId, limit) {
  return db.select({ id: promotions.id, name: promotions.name, statusId: promotions.statusId }).from(promotions).where(and3(eq3(promotions.userId, userId), eq3(promotions.deleted, false))).orderBy(desc2(promotions.id)).limit(limit);
}
async function markEmailConfirmed(db, userId) {
  await db.update(users).set({ emailConfirmedAt: sql7`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: /* @__PURE__ */ new Date() }).where(eq3(users.id, userId));
}

// api/src/modules/account/confirm-email.ts
async function confirmEmail(db, token) {
  const userId = await consumeAccountToken(db, token, "confirm");
  if (!userId) return false;
  await markEmailConfirmed(db, userId);
  return true;
}

// api/src/modules/account/get-account.ts
import { AppError as AppError6 } from "@permitdesk/shared";
async function userOf(db, userId) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError6("UNAUTHENTICATED");
  return user;
}
async function getAccount(db, userId) {
  return { ...toUserView(await userOf(db, userId)), loaded: true };
}
async function getCurrentAccount(db, userId) {
  const user = userId === void 0 ? void 0 : await findUserById(db, userId);
  return user ? { authenticated: true, user: toUserView(user) } : { authenticated: false, user: null };
}
async function getAccountDetails(db, userId) {
  const user = await userOf(db, userId);
  return { ...toUserView(user), createdAt: user.createdAt.toISOString(), emailConfirmedAt: user.emailConfirmedAt?.toISOString() ?? null };
}
async function getSupportDetails(db, userId) {
  const user = await userOf(db, userId);
  return {
    name: `${user.firstName} ${user.lastName}`.trim(),
    organisation: user.accountName,
    phone: user.phone,
    email: user.email,
    promotions: await findUserPromotions(db, user.id, 100)
  };
}

// api/src/modules/account/log-out.ts
async function logOut(db, session) {
  if (session) await endSession(db, session.id, "logout");
}
async function markClosing(db, session) {
  if (session) await markSessionClosing(db, session.id);
}

// api/src/modules/account/register-account.ts
import { AppError as AppError8, MSG_ALREADY_REGISTERED } from "@permitdesk/shared";

// api/src/modules/account/common-passwords.ts
import { dictionary } from "@zxcvbn-ts/language-common";
import { AppError as AppError7, MSG_PASSWORD_TOO_COMMON } from "@permitdesk/shared";
var common;
function isCommonPassword(password) {
  common ??= new Set(dictionary["passwords-common"].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
function assertPasswordNotCommon(password, field = "password") {
  if (isCommonPassword(password)) throw new AppError7("VALIDATION", MSG_PASSWORD_TOO_COMMON, { modelState: { [field]: [MSG_PASSWORD_TOO_COMMON] } });
}

// api/src/modules/account/passwords.ts
import argon2 from "argon2";
function hashPassword(password) {
  return argon2.hash(password, { type: argon2.argon2id });
}
var dummyHash;
async function verifyPassword(hash, password) {
  if (!hash) {
    dummyHash ??= hashPassword("not-a-real-password-0123456789");
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// api/src/mail/templates.ts
import fs2 from "node:fs";
import { DEFAULT_PRODUCT_NAME } from "@permitdesk/shared/site-content";

// api/src/server/build.ts
import path4 from "node:path";

// api/src/server/paths.ts
import path3 from "node:path";
import { fileURLToPath } from "node:url";
var repoRoot = path3.resolve(path3.dirname(fileURLToPath(import.meta.url)), "../../..");
var parts = {
  shared: path3.join(repoRoot, "shared"),
  api: path3.join(repoRoot, "api"),
  wizard: path3.join(repoRoot, "wizard"),
  cms: path3.join(repoRoot, "cms"),
  site: path3.join(repoRoot, "site")
};
var nodeBin = process.execPath;
var binDir = path3.join(repoRoot, "node_modules", ".bin");

// api/src/server/build.ts
var sharedSources = [path4.join(parts.shared, "src"), path4.join(parts.shared, "package.json")];
var wizardTarget = {
  sources: [path4.join(parts.wizard, "src"), path4.join(parts.wizard, "index.html"), path4.join(parts.wizard, "vite.config.ts"), ...sharedSources],
  output: path4.join(parts.wizard, "dist", "index.html"),
  stampFile: path4.join(parts.wizard, "dist", ".build-stamp.json")
};
var siteSources = [path4.join(parts.site, "src"), path4.join(parts.site, "public"), path4.join(parts.site, "astro.config.mjs"), ...sharedSources];
var contentFileFor = (dataDir) => path4.join(dataDir, "site", "content.json");

// api/src/mail/templates.ts
function brandFor(config) {
  let productName = DEFAULT_PRODUCT_NAME;
  let supportEmail = supportEmailFor(config);
  try {
    const content = JSON.parse(fs2.readFileSync(contentFileFor(config.DATA_DIR), "utf8"));
    if (content.settings?.productName) productName = content.settings.productName;
    if (content.settings?.email) supportEmail = content.settings.email;
  } catch {
  }
  return { productName, publicUrl: config.PUBLIC_URL, supportEmail };
}
function supportEmailFor(config) {
  const fromAddress = config.MAIL_FROM?.match(/<([^>]+)>/)?.[1] ?? (config.MAIL_FROM?.includes("@") ? config.MAIL_FROM : void 0);
  return fromAddress ?? `support@${new URL(config.PUBLIC_URL).hostname}`;
}
var escapeHtml = (value) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
function layout(brand, { subject, heading, paragraphs, action, footer }) {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#fbfbf8;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#14213d">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border:1px solid #e3e3dc;border-radius:6px">
<tr><td style="padding:20px 28px;border-bottom:1px solid #e3e3dc;font-size:20px;font-weight:700"><a href="${escapeHtml(brand.publicUrl)}/" style="color:#14213d;text-decoration:none">${escapeHtml(brand.productName)}</a></td></tr>
<tr><td style="padding:24px 28px;font-size:16px;line-height:1.5">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("\n")}
${action ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#0b6e4f;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;color:#5c6370">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>` : ""}
${footer ? `<p style="margin:0;font-size:14px;color:#5c6370">${escapeHtml(footer)}</p>` : ""}
</td></tr>
<tr><td style="padding:16px 28px;border-top:1px solid #e3e3dc;font-size:13px;color:#5c6370">${escapeHtml(brand.productName)} \xB7 <a href="mailto:${escapeHtml(brand.supportEmail)}" style="color:#5c6370">${escapeHtml(brand.supportEmail)}</a></td></tr>
</table></td></tr></table></body></html>`;
  const text32 = [
    brand.productName,
    "",
    heading,
    "",
    ...paragraphs.flatMap((p) => [p, ""]),
    ...action ? [`${action.label}: ${action.url}`, ""] : [],
    ...footer ? [footer, ""] : [],
    `-- ${brand.productName} \xB7 ${brand.supportEmail}`
  ].join("\n");
  return { subject, html, text: text32 };
}
function confirmEmailTemplate(brand, { firstName, url }) {
  return layout(brand, {
    subject: `Confirm your email address for ${brand.productName}`,
    heading: `Welcome, ${firstName}`,
    paragraphs: [`Thank you for creating your ${brand.productName} account. Please confirm your email address to start using it.`],
    action: { label: "Confirm my email address", url },
    footer: "This link works once and expires in 7 days. If you did not create an account, you can ignore this email."
  });
}
function resetPasswordTemplate(brand, { firstName, url }) {
  return layout(brand, {
    subject: `Reset your ${brand.productName} password`,
    heading: `Hello ${firstName}`,
    paragraphs: ["We received a request to reset the password of your account. Choose a new password with the link below."],
    action: { label: "Choose a new password", url },
    footer: "This link works once and expires in 1 hour. If you did not ask for it, you can ignore this email: your password stays the same."
  });
}

// api/src/modules/account/account-deps.ts
var CONFIRM_TOKEN_TTL_MS = 7 * 24 * 60 * 6e4;
var RESET_TOKEN_TTL_MS = 60 * 6e4;

// api/src/modules/account/send-account-emails.ts
async function sendConfirmationEmail(deps, user) {
  const token = await createAccountToken(deps.db, user.id, "confirm", CONFIRM_TOKEN_TTL_MS);
  const url = `${deps.config.PUBLIC_URL}/api/account/confirmEmail?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({ to: user.email, ...confirmEmailTemplate(brandFor(deps.config), { firstName: user.firstName, url }) });
}
async function sendPasswordResetEmail(deps, user) {
  const token = await createAccountToken(deps.db, user.id, "reset", RESET_TOKEN_TTL_MS);
  const url = `${deps.config.PUBLIC_URL}/account/resetpassword/${encodeURIComponent(token)}/`;
  await deps.mailer.send({ to: user.email, ...resetPasswordTemplate(brandFor(deps.config), { firstName: user.firstName, url }) });
}

// api/src/modules/account/register-account.ts
async function registerAccount(deps, input) {
  assertPasswordNotCommon(input.password);
  const user = await insertUser(deps.db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    accountName: input.accountName,
    phone: input.phone ?? null,
    optedIntoCommunication: input.optedIntoCommunication,
    authorisedAgent: input.authorisedAgent,
    agentBusinessAddress: input.authorisedAgent ? input.agentBusinessAddress ?? null : null,
    isStaff: false
  });
  if (!user) throw new AppError8("CONFLICT", MSG_ALREADY_REGISTERED, { modelState: { email: [MSG_ALREADY_REGISTERED] } });
  await sendConfirmationEmail(deps, user);
  return user;
}

// api/src/modules/account/request-password-reset.ts
import { msgPasswordTokenSent } from "@permitdesk/shared";
async function requestPasswordReset(deps, input, { address: address2 }) {
  await hitOrThrow(deps.db, `forgot:account:${input.email}`, RATE_LIMITS.forgotPerAccount);
  await hitOrThrow(deps.db, `forgot:address:${address2}`, RATE_LIMITS.forgotPerAddress);
  const user = await findUserByEmail(deps.db, input.email);
  if (user && (await hit(deps.db, `mail:reset:${user.email}`, RATE_LIMITS.mailPerAddress)).count <= RATE_LIMITS.mailPerAddress.limit) {
    void sendPasswordResetEmail(deps, user).catch(
      (error) => deps.logger.error("password reset e-mail failed", { userId: user.id, error: error instanceof Error ? error.message : String(error) })
    );
  }
  return { message: msgPasswordTokenSent(input.email) };
}

// api/src/modules/account/reset-password.ts
import { AppError as AppError9, MSG_RESET_TOKEN_REQUIRED } from "@permitdesk/shared";

// api/src/modules/reminders/reminders.repository.ts
import { and as and4, eq as eq4, inArray, sql as sql8 } from "drizzle-orm";
async function listDistributionLists(db, userId) {
  return db.select().from(distributionLists).where(eq4(distributionLists.userId, userId)).orderBy(distributionLists.id);
}
async function findDistributionList(db, userId, id, { forUpdate = false } = {}) {
  const query = db.select().from(distributionLists).where(and4(eq4(distributionLists.id, id), eq4(distributionLists.userId, userId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
async function insertDistributionList(db, userId, name) {
  const [row] = await db.insert(distributionLists).values({ userId, name }).returning();
  return row;
}
async function updateDistributionListEmails(db, id, emails) {
  const [row] = await db.update(distributionLists).set({ emails }).where(eq4(distributionLists.id, id)).returning();
  return row;
}
async function deleteDistributionList(db, id) {
  await db.execute(sql8`
    update app.promotion_reminders
       set distribution_list_ids = coalesce((select jsonb_agg(x) from jsonb_array_elements(distribution_list_ids) x where x <> to_jsonb(${id}::int)), '[]'::jsonb)
     where distribution_list_ids @> to_jsonb(array[${id}::int])`);
  await db.delete(distributionLists).where(eq4(distributionLists.id, id));
}
async function distributionListsByIds(db, userId, ids) {
  if (ids.length === 0) return [];
  return db.select().from(distributionLists).where(and4(eq4(distributionLists.userId, userId), inArray(distributionLists.id, ids)));
}
async function findPromotionReminders(db, promotionId) {
  return db.select().from(promotionReminders).where(eq4(promotionReminders.promotionId, promotionId)).orderBy(promotionReminders.id);
}
async function replacePromotionReminders(db, promotionId, rows) {
  await db.delete(promotionReminders).where(eq4(promotionReminders.promotionId, promotionId));
  if (rows.length > 0) await db.insert(promotionReminders).values(rows.map((row) => ({ ...row, promotionId })));
}
async function deliveriesOf(db, promotionId) {
  return db.select().from(reminderDeliveries).where(eq4(reminderDeliveries.promotionId, promotionId)).orderBy(reminderDeliveries.id);
}
async function findPromotionWithOwner(db, promotionId) {
  const [row] = await db.select({ promotion: promotions, ownerEmail: users.email }).from(promotions).innerJoin(users, eq4(users.id, promotions.userId)).where(eq4(promotions.id, promotionId));
  return row;
}
async function findUserEmail(db, userId) {
  const [row] = await db.select({ email: users.email }).from(users).where(eq4(users.id, userId));
  return row?.email;
}
async function insertUnsubscribe(db, promotionId, email) {
  await db.insert(promotionUnsubscribes).values({ promotionId, email }).onConflictDoNothing();
}
async function deleteUnsubscribe(db, promotionId, email) {
  await db.delete(promotionUnsubscribes).where(and4(eq4(promotionUnsubscribes.promotionId, promotionId), eq4(promotionUnsubscribes.email, email)));
}
async function unsubscribedEmails(db, promotionId) {
  const rows = await db.select({ email: promotionUnsubscribes.email }).from(promotionUnsubscribes).where(eq4(promotionUnsubscribes.promotionId, promotionId));
  return new Set(rows.map((row) => row.email));
}
async function findCalendarFeed(db, userId) {
  const [row] = await db.select().from(calendarFeeds).where(eq4(calendarFeeds.userId, userId));
  return row;
}
async function upsertCalendarFeed(db, userId, tokenHash) {
  await db.insert(calendarFeeds).values({ userId, tokenHash }).onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash, createdAt: sql8`now()` } });
}
async function insertCalendarFeedIfNone(db, userId, tokenHash) {
  const rows = await db.insert(calendarFeeds).values({ userId, tokenHash }).onConflictDoNothing({ target: calendarFeeds.userId }).returning({ userId: calendarFeeds.userId });
  return rows.length === 1;
}
async function deleteCalendarFeed(db, userId) {
  const rows = await db.delete(calendarFeeds).where(eq4(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId });
  return rows.length;
}
async function findCalendarFeedOwner(db, tokenHash) {
  const [row] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq4(calendarFeeds.tokenHash, tokenHash));
  return row?.userId;
}
async function ownerPromotions(db, userId) {
  return db.select().from(promotions).where(and4(eq4(promotions.userId, userId), eq4(promotions.deleted, false), eq4(promotions.archived, false))).orderBy(promotions.id);
}

// api/src/modules/account/end-user-credentials.ts
async function endUserCredentials(db, userId, reason, { exceptSessionId } = {}) {
  return db.transaction(async (tx) => {
    const sessions2 = await endUserSessions(tx, userId, reason, exceptSessionId);
    const apiKeys2 = await revokeApiKeysOf(tx, userId, reason);
    const calendarFeeds2 = await deleteCalendarFeed(tx, userId);
    return { sessions: sessions2, apiKeys: apiKeys2, calendarFeeds: calendarFeeds2 };
  });
}

// api/src/modules/account/reset-password.ts
async function resetPassword(deps, input) {
  assertPasswordNotCommon(input.password);
  const userId = await consumeAccountToken(deps.db, input.token, "reset");
  if (!userId) throw new AppError9("VALIDATION", MSG_RESET_TOKEN_REQUIRED, { modelState: { token: [MSG_RESET_TOKEN_REQUIRED] } });
  await updateUser(deps.db, userId, { passwordHash: await hashPassword(input.password) });
  await markEmailConfirmed(deps.db, userId);
  await retireAccountTokens(deps.db, userId, "reset");
  await endUserCredentials(deps.db, userId, "password_reset");
}

// api/src/modules/account/sign-in.ts
import { AppError as AppError10 } from "@permitdesk/shared";
async function signIn(deps, input, { address: address2, clientSession: clientSession2 }) {
  const accountKey = `login:account:${input.email}`;
  const addressKey = `login:address:${address2}`;
  await hitOrThrow(deps.db, accountKey, RATE_LIMITS.loginPerAccount);
  await hitOrThrow(deps.db, addressKey, RATE_LIMITS.loginPerAddress);
  const user = await findUserByEmail(deps.db, input.email);
  if (!await verifyPassword(user?.passwordHash, input.password) || !user) {
    throw new AppError10("LOGIN_FAILED");
  }
  await refundHit(deps.db, addressKey);
  await hitOrThrow(deps.db, `login:success:${address2}`, RATE_LIMITS.loginSuccessPerAddress);
  await clearLimit(deps.db, accountKey);
  if (!user.emailConfirmedAt) {
    const { count: count7 } = await hit(deps.db, `mail:confirm:${user.email}`, RATE_LIMITS.mailPerAddress);
    if (count7 <= RATE_LIMITS.mailPerAddress.limit) await sendConfirmationEmail(deps, user);
    throw new AppError10("EMAIL_NOT_CONFIRMED");
  }
  const token = await createSession(deps.db, user.id, clientSession2);
  return { user, token };
}

// api/src/modules/account/update-account.ts
async function updateAccount(db, userId, input) {
  const user = await updateUser(db, userId, {
    firstName: input.firstName,
    lastName: input.lastName,
    accountName: input.accountName,
    phone: input.phone ?? null,
    optedIntoCommunication: input.optedIntoCommunication,
    authorisedAgent: input.authorisedAgent,
    agentBusinessAddress: input.authorisedAgent ? input.agentBusinessAddress ?? null : null
  });
  return user;
}

// api/src/modules/bot-check/bot-check.ts
import crypto5 from "node:crypto";
import { createChallenge, verifySolution } from "altcha-lib";
import { AppError as AppError11, MSG_RECAPTCHA_INVALID } from "@permitdesk/shared";

// api/src/modules/bot-check/bot-check.repository.ts
async function ensureInstanceSetting(pool, key, fresh) {
  await pool.query("insert into app.instance_settings (key, value) values ($1, $2) on conflict (key) do nothing", [key, fresh]);
  const { rows } = await pool.query("select value from app.instance_settings where key = $1", [key]);
  return rows[0].value;
}
async function spendOnce(pool, key, ttlMs) {
  const spent = await pool.query(`insert into app.rate_limits (key, count, reset_at) values ($1, 1, now() + $2 * interval '1 millisecond') on conflict (key) do nothing returning key`, [key, ttlMs]);
  return spent.rowCount === 1;
}

// api/src/modules/bot-check/bot-check.ts
var ALTCHA_MAX_NUMBER = 1e6;
var ALTCHA_EXPIRES_MS = 10 * 6e4;
var keys = /* @__PURE__ */ new WeakMap();
function altchaKey({ config, database }) {
  if (config.SESSION_SECRET) return Promise.resolve(`altcha:${config.SESSION_SECRET}`);
  let key = keys.get(database.pool);
  if (!key) {
    key = (async () => {
      const fresh = JSON.stringify(crypto5.randomBytes(32).toString("base64url"));
      return ensureInstanceSetting(database.pool, "altcha_hmac_key", fresh);
    })();
    key.catch(() => keys.delete(database.pool));
    keys.set(database.pool, key);
  }
  return key;
}
async function createBotCheckChallenge(deps) {
  return createChallenge({ hmacKey: await altchaKey(deps), maxNumber: deps.config.ALTCHA_MAX_NUMBER ?? ALTCHA_MAX_NUMBER, expires: new Date(Date.now() + ALTCHA_EXPIRES_MS) });
}
async function verifyBotCheck(deps, token) {
  const { config } = deps;
  if (config.BOT_CHECK === "off") return true;
  if (typeof token !== "string" || token.length === 0 || token.length > 4e3) return false;
  if (config.BOT_CHECK === "recaptcha") return verifyRecaptcha(config.RECAPTCHA_SECRET, token);
  let payload;
  try {
    payload = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
  } catch {
    return false;
  }
  if (typeof payload?.signature !== "string") return false;
  let ok = false;
  try {
    ok = await verifySolution(token, await altchaKey(deps), true);
  } catch {
    return false;
  }
  if (!ok) return false;
  return spendOnce(deps.database.pool, `altcha:${payload.signature}`, ALTCHA_EXPIRES_MS);
}
async function verifyRecaptcha(secret, token) {
  try {
    const response = await fetch("https://www.google.com/recaptcha/api/siteverify", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ secret, response: token }),
      signal: AbortSignal.timeout(5e3)
    });
    const body = await response.json();
    return body.success === true;
  } catch {
    return false;
  }
}
async function assertBotCheck(deps, token) {
  if (!await verifyBotCheck(deps, token)) throw new AppError11("VALIDATION", MSG_RECAPTCHA_INVALID, { modelState: { recaptchaResponse: [MSG_RECAPTCHA_INVALID] } });
}

// api/src/modules/account/account.routes.ts
var clientSession = z3.uuid({ error: MSG_FIELD_INVALID2 }).nullish().catch(void 0);
var strictClientSession = z3.uuid({ error: MSG_FIELD_INVALID2 }).nullish();
var AuthenticatedSchema = z3.object({ clientSession: strictClientSession, currentPath: z3.string({ error: MSG_FIELD_INVALID2 }).max(2e3, { error: MSG_FIELD_INVALID2 }).nullish() });
var KillSessionsSchema = z3.object({ clientSession: strictClientSession });
var ConfirmQuerySchema = z3.object({ token: z3.string().max(200).optional().catch(void 0) });
var LoginBodySchema = LoginSchema.extend({ clientSession });
function accountRoutes(deps) {
  const accountDeps = { db: deps.database.db, mailer: deps.mailer, logger: deps.logger, config: deps.config };
  const db = deps.database.db;
  const secure = deps.config.secureCookies;
  return [
    route({
      method: "post",
      path: "/account/register",
      access: "public",
      summary: "Register an account; a confirmation e-mail is sent.",
      body: RegisterSchema,
      response: RegisterResponseSchema,
      handler: async ({ body }) => {
        await assertBotCheck(deps, body.recaptchaResponse);
        const user = await registerAccount(accountDeps, body);
        return { message: msgRegisteredCheckEmail(user.email), email: user.email };
      }
    }),
    route({
      method: "get",
      path: "/account/confirmEmail",
      access: "public",
      raw: true,
      summary: "The link of the confirmation e-mail: confirms, then redirects to the login screen.",
      query: ConfirmQuerySchema,
      handler: async ({ query, res }) => {
        const ok = Boolean(query.token) && await confirmEmail(db, query.token);
        res.redirect(303, ok ? "/account/login/?confirmed=1" : "/account/login/?error=confirm");
      }
    }),
    route({
      method: "post",
      path: "/account/login",
      access: "public",
      summary: "Sign in; sets the session cookie.",
      body: LoginBodySchema,
      response: LoginResponseSchema,
      handler: async ({ body, req, res }) => {
        await assertBotCheck(deps, body.recaptchaResponse);
        const { user, token } = await signIn(accountDeps, body, { address: req.ip ?? "unknown", clientSession: body.clientSession });
        setSessionCookie(res, token, secure);
        return { agent: user.isStaff, user: toUserView(user), ...user.isStaff ? { staffPath: deps.config.STAFF_PATH } : {} };
      }
    }),
    // Polled every 5 s by every open tab while signed in (000 §7): authenticate already did the one lookup.
    route({
      method: "post",
      path: "/account/authenticated",
      access: "public",
      summary: "Is this session still signed in? 401 signed out, 403 when replaced by a newer login.",
      body: AuthenticatedSchema,
      response: AuthenticatedResponseSchema,
      handler: ({ res, user }) => {
        const state = res.locals.sessionState;
        if (user && (state === "live" || res.locals.apiKey)) return { authenticated: true, agent: user.isStaff };
        if (state === "replaced") throw new AppError12("SESSION_REPLACED");
        throw new AppError12("UNAUTHENTICATED");
      }
    }),
    // Sent on page unload (000 §7): the session ends unless the browser comes back at once (a reload).
    // POST only (issue 24; the spec lists it under GET): a GET must not change state, and a link or
    // an image on another page could otherwise mark a session closing. The app sends it with sendBeacon.
    route({
      method: "post",
      path: "/account/killsessions",
      access: "public",
      raw: true,
      summary: "Page unload (navigator.sendBeacon): the session ends unless the browser comes back at once.",
      body: KillSessionsSchema,
      handler: async ({ res }) => {
        await markClosing(db, res.locals.session);
        res.status(204).end();
      }
    }),
    route({
      method: "post",
      path: "/account/logOut",
      access: "public",
      summary: "Sign out.",
      response: LogOutResponseSchema,
      handler: async ({ res }) => {
        await logOut(db, res.locals.session);
        clearSessionCookie(res, secure);
        return { authenticated: false };
      }
    }),
    route({
      method: "post",
      path: "/account/forgotPassword",
      access: "public",
      summary: "E-mail a password reset link.",
      body: ForgotPasswordSchema,
      response: MessageResponseSchema,
      handler: async ({ body, req }) => {
        await assertBotCheck(deps, body.recaptchaResponse);
        return requestPasswordReset(accountDeps, body, { address: req.ip ?? "unknown" });
      }
    }),
    route({
      method: "post",
      path: "/account/resetPassword",
      access: "public",
      summary: "Set a new password with the token of the reset e-mail.",
      body: ResetPasswordSchema,
      response: MessageResponseSchema,
      handler: async ({ body, res }) => {
        await resetPassword(accountDeps, body);
        clearSessionCookie(res, secure);
        return { message: MSG_PASSWORD_RESET_DONE };
      }
    }),
    route({
      method: "post",
      path: "/account/update",
      access: "session",
      summary: "Change the account details (what get returns is accepted back).",
      body: AccountUpdateSchema,
      response: AccountUpdateResponseSchema,
      idempotent: true,
      handler: async ({ body, user }) => ({ message: MSG_ACCOUNT_UPDATED, user: toUserView(await updateAccount(db, user.id, body)) })
    }),
    route({
      method: "get",
      path: "/account/get",
      access: "user",
      summary: "The signed-in account.",
      response: AccountGetResponseSchema,
      handler: ({ user }) => getAccount(db, user.id)
    }),
    route({
      method: "get",
      path: "/account/current",
      access: "public",
      summary: "Who is signed in (200 either way).",
      response: AccountCurrentResponseSchema,
      handler: ({ user }) => getCurrentAccount(db, user?.id)
    }),
    route({
      method: "get",
      path: "/account/getDetails",
      access: "user",
      summary: "The account with its creation and confirmation times.",
      response: AccountDetailsResponseSchema,
      handler: ({ user }) => getAccountDetails(db, user.id)
    }),
    route({
      method: "get",
      path: "/account/getSupportDetails",
      access: "user",
      summary: "Name, organisation, phone, e-mail and promotions for the support form.",
      response: SupportDetailsResponseSchema,
      handler: ({ user }) => getSupportDetails(db, user.id)
    })
  ];
}

// api/src/modules/admin/admin.routes.ts
import { adminStatusName as adminStatusName5, StatisticsQuerySchema, toDollars as toDollars3, today } from "@permitdesk/shared";
import { z as z10 } from "zod";

// api/src/modules/promotions/promotions.schemas.ts
import { z as z4 } from "zod";
import { PromotionModifySchema, PromotionModifySkillsBasedSchema } from "@permitdesk/shared";
var bool = z4.union([z4.boolean(), z4.enum(["true", "false", "1", "0"])]).transform((v) => v === true || v === "true" || v === "1");
var RecordIdSchema = z4.coerce.number({ error: "Please give a valid id." }).int({ error: "Please give a valid id." }).positive({ error: "Please give a valid id." }).max(2147483647, { error: "Please give a valid id." });
var PromotionIdQuerySchema = z4.object({ id: RecordIdSchema, admin: bool.optional() });
var PromotionIdBodySchema = z4.object({ id: RecordIdSchema });
var ArchiveBodySchema = z4.object({ id: RecordIdSchema, archived: z4.boolean().default(true) });
var PromotionListQuerySchema = z4.object({
  id: RecordIdSchema.optional(),
  name: z4.string().trim().max(200).optional(),
  search: z4.string().trim().max(200).optional(),
  status: z4.coerce.number().int().min(1).max(15).optional(),
  /** Staff only (a session, never an API key): another account's promotions. Ignored for customers. */
  account: RecordIdSchema.optional(),
  /** The applicant's organisation, trading name or contact (part of it). */
  applicant: z4.string().trim().max(200).optional(),
  /** Staff's test promotions (001 §6): shown with the rest (`show`, the default), left out (`hide`) or alone (`only`). */
  test: z4.enum(["show", "hide", "only"], { error: "test must be show, hide or only." }).default("show"),
  after: z4.coerce.number({ error: "after must be a whole number." }).int().min(0).max(1e6).default(0),
  count: z4.coerce.number({ error: "count must be a whole number." }).int().min(1).max(100).default(10),
  getTotal: bool.default(false),
  archived: bool.default(false),
  sort: z4.enum(["date", "name", "status", "startDate", "totalPrizeValue", "id"]).default("date"),
  direction: z4.enum(["asc", "desc"]).optional()
});
var ReuseListQuerySchema = z4.object({
  search: z4.string().trim().max(200).optional(),
  exclude: RecordIdSchema.optional()
});
var PromotionModifyBodySchema = z4.unknown().transform((value, ctx) => {
  const skill = typeof value === "object" && value !== null && value.skillsBasedTC === true;
  const result = skill ? PromotionModifySkillsBasedSchema.safeParse(value) : PromotionModifySchema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
  return z4.NEVER;
});
var PromotionModifyBodyDoc = z4.union([PromotionModifySchema, PromotionModifySkillsBasedSchema]);

// api/src/modules/admin/admin.repository.ts
import { and as and5, asc, count as count2, desc as desc3, eq as eq5, ilike, inArray as inArray2, ne as ne2, or, sql as sql9 } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
var promotionSearchTextOf = (p) => sql9`lower(coalesce(${p}.name, '') || ' ' || coalesce(${p}.applicant->>'organisation', '') || ' ' || coalesce(${p}.applicant->>'tradingName', '') || ' ' || coalesce(${p}.applicant#>>'{contact,firstName}', '') || ' ' || coalesce(${p}.applicant#>>'{contact,lastName}', '') || ' ' || coalesce(${p}.applicant#>>'{contact,email}', '') || ' ' || ${p}.permit_numbers::text)`;
var userSearchText = sql9`lower(${users.email} || ' ' || ${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.accountName})`;
function likePattern(text32) {
  return `%${text32.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
var adminColumns = {
  id: promotions.id,
  name: promotions.name,
  statusId: promotions.statusId,
  accountId: promotions.userId,
  accountName: users.accountName,
  email: users.email,
  organisation: sql9`${promotions.applicant}->>'organisation'`,
  permitNumbers: promotions.permitNumbers,
  isTest: promotions.isTest,
  deleted: promotions.deleted,
  createdAt: promotions.createdAt
};
async function searchPromotions(db, search) {
  const where2 = [];
  if (!search.showTest) where2.push(eq5(promotions.isTest, false));
  if (!search.showDeleted) where2.push(eq5(promotions.deleted, false));
  if (search.accountId) where2.push(eq5(promotions.userId, search.accountId));
  if (search.promotionId) where2.push(eq5(promotions.id, search.promotionId));
  if (search.noteId) where2.push(sql9`${promotions.id} = (select ${staffTasks.promotionId} from ${staffTasks} where ${staffTasks.id} = ${search.noteId})`);
  if (search.q) {
    const pattern = likePattern(search.q);
    const asId = /^\d+$/.test(search.q) && Number(search.q) <= 2147483647 ? Number(search.q) : void 0;
    where2.push(
      sql9`${promotions.id} in (
        select p.id from ${promotions} p where ${promotionSearchTextOf(sql9`p`)} like ${pattern}
        union
        select p.id from ${promotions} p where p.user_id in (select ${users.id} from ${users} where ${userSearchText} like ${pattern})
        ${asId !== void 0 ? sql9`union select ${asId}` : sql9``}
      )`
    );
  }
  const condition = where2.length ? and5(...where2) : void 0;
  const rows = await db.select(adminColumns).from(promotions).innerJoin(users, eq5(users.id, promotions.userId)).where(condition).orderBy(desc3(promotions.id)).limit(search.limit).offset(search.offset);
  const [total] = await db.select({ n: count2() }).from(promotions).where(condition);
  return { rows, total: total?.n ?? 0 };
}
async function findPromotionById(db, id, { forUpdate = false } = {}) {
  const query = db.select().from(promotions).where(eq5(promotions.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
async function findOwner(db, userId) {
  const [row] = await db.select().from(users).where(eq5(users.id, userId));
  return row;
}
async function findChangelog(db, promotionId) {
  return db.select({
    id: changelog.id,
    at: changelog.createdAt,
    userId: changelog.userId,
    firstName: users.firstName,
    lastName: users.lastName,
    entity: changelog.entity,
    entityId: changelog.entityId,
    action: changelog.action,
    changes: changelog.changes
  }).from(changelog).leftJoin(users, eq5(users.id, changelog.userId)).where(eq5(changelog.promotionId, promotionId)).orderBy(desc3(changelog.id));
}
async function findUserLog(db, userId) {
  return db.select({ id: changelog.id, at: changelog.createdAt, userId: changelog.userId, action: changelog.action, changes: changelog.changes }).from(changelog).where(and5(eq5(changelog.entity, "user"), eq5(changelog.entityId, userId))).orderBy(desc3(changelog.id));
}
async function findOutstanding(db, filter) {
  const stateConditions = (filter.states ?? []).map((state) => stateColumn(state)).filter((c) => !!c);
  return db.select({
    id: promotions.id,
    name: promotions.name,
    statusId: promotions.statusId,
    accountName: users.accountName,
    email: users.email,
    submittedAt: promotions.submittedAt,
    updatedAt: promotions.updatedAt
  }).from(promotions).innerJoin(users, eq5(users.id, promotions.userId)).where(and5(inArray2(promotions.statusId, [...filter.statusIds]), eq5(promotions.deleted, false), eq5(promotions.isTest, false), stateConditions.length ? or(...stateConditions.map((c) => eq5(c, true))) : void 0)).orderBy(sql9`${promotions.submittedAt} asc nulls last`, asc(promotions.id)).limit(filter.limit);
}
function stateColumn(state) {
  switch (state.toUpperCase()) {
    case "NSW":
      return promotions.stateNsw;
    case "ACT":
      return promotions.stateAct;
    case "SA":
      return promotions.stateSa;
    case "VIC":
      return promotions.stateVic;
    case "QLD":
      return promotions.stateQld;
    case "WA":
      return promotions.stateWa;
    case "TAS":
      return promotions.stateTas;
    case "NT":
      return promotions.stateNt;
    default:
      return void 0;
  }
}
async function findStaffMembers(db) {
  return db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq5(users.isStaff, true)).orderBy(asc(users.firstName));
}
async function searchUsers(db, q, offset, limit) {
  const condition = q ? or(sql9`${userSearchText} like ${likePattern(q)}`, /^\d+$/.test(q) && Number(q) <= 2147483647 ? eq5(users.id, Number(q)) : void 0) : void 0;
  const rows = await db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, accountName: users.accountName, authorisedAgent: users.authorisedAgent, isStaff: users.isStaff, staffRole: users.staffRole, createdAt: users.createdAt }).from(users).where(condition).orderBy(desc3(users.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count2() }).from(users).where(condition);
  return { rows, total: total?.n ?? 0 };
}
async function findUserByEmail2(db, email, exceptId) {
  const [row] = await db.select({ id: users.id }).from(users).where(and5(ilike(users.email, email.replace(/[\\%_]/g, (c) => `\\${c}`)), ne2(users.id, exceptId)));
  return row;
}
async function setUserEmail(db, id, email) {
  await db.update(users).set({ email, updatedAt: /* @__PURE__ */ new Date() }).where(eq5(users.id, id));
}
async function findActionsRequired(db, limit) {
  return db.select({ id: promotions.id, name: promotions.name, statusId: promotions.statusId, accountName: users.accountName, email: users.email, updatedAt: promotions.updatedAt, details: promotions.details }).from(promotions).innerJoin(users, eq5(users.id, promotions.userId)).where(and5(eq5(promotions.statusId, 6), eq5(promotions.deleted, false))).orderBy(asc(promotions.updatedAt)).limit(limit);
}
async function findOutstandingFilters(db, userId) {
  const [row] = await db.select().from(staffPreferences).where(eq5(staffPreferences.userId, userId));
  return row?.outstandingFilters ?? {};
}
async function saveOutstandingFilters(db, userId, filters) {
  await db.insert(staffPreferences).values({ userId, outstandingFilters: filters }).onConflictDoUpdate({ target: staffPreferences.userId, set: { outstandingFilters: filters, updatedAt: /* @__PURE__ */ new Date() } });
}
async function touchStaffActivity(db, promotionId) {
  const updated = await db.update(promotions).set({ staffActiveAt: /* @__PURE__ */ new Date() }).where(eq5(promotions.id, promotionId)).returning({ id: promotions.id, ownerActiveAt: promotions.ownerActiveAt });
  return updated[0];
}
async function touchOwnerActivity(db, promotionId, userId) {
  const updated = await db.update(promotions).set({ ownerActiveAt: /* @__PURE__ */ new Date() }).where(and5(eq5(promotions.id, promotionId), eq5(promotions.userId, userId), eq5(promotions.deleted, false))).returning({ id: promotions.id, staffActiveAt: promotions.staffActiveAt });
  return updated[0];
}
var STATE_COLUMN = { NSW: "state_nsw", ACT: "state_act", SA: "state_sa", VIC: "state_vic", NT: "state_nt", WA: "state_wa", QLD: "state_qld", TAS: "state_tas" };
var SERVICE_COLUMN = { managedSubmission: "managed_submission", randomDraw: "random_draw", termsAndConditions: "terms_and_conditions", abridgedTC: "abridged_tc", hostedTC: "hosted_tc", skillsBasedTC: "skills_based_tc" };
async function findStatisticsVersion(db) {
  const [row] = (await db.execute(sql9`select (select coalesce(max(id), 0) from ${changelog}) as c, (select coalesce(max(id), 0) from ${promotions}) as p`)).rows;
  return `${row.c}:${row.p}`;
}
async function findStatisticsAggregates(db, paidStatusIds, outstandingStatusIds, feeKeys, filter) {
  const conditions = [sql9`p.deleted = false`];
  if (!filter.includeTest) conditions.push(sql9`p.is_test = false`);
  if (filter.from) conditions.push(sql9`(p.created_at at time zone 'Australia/Sydney')::date >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql9`(p.created_at at time zone 'Australia/Sydney')::date <= ${filter.to}::date`);
  if (filter.state) conditions.push(sql9.raw(`p.${STATE_COLUMN[filter.state]} = true`));
  if (filter.service) conditions.push(sql9.raw(`p.${SERVICE_COLUMN[filter.service]} = true`));
  const live = sql9.join(conditions, sql9` and `);
  const list = (ids) => sql9.join(ids.map((id) => sql9`${id}`), sql9`, `);
  const paid = sql9`p.status_id in (${list(paidStatusIds)})`;
  const byStatus = (await db.execute(sql9`select p.status_id as "statusId", count(*)::int as n from ${promotions} p where ${live} group by 1 order by 1`)).rows;
  const byState = (await db.execute(sql9`select count(*) filter (where state_act)::int as "ACT", count(*) filter (where state_nsw)::int as "NSW", count(*) filter (where state_sa)::int as "SA", count(*) filter (where state_vic)::int as "VIC", count(*) filter (where state_nt)::int as "NT", count(*) filter (where state_wa)::int as "WA", count(*) filter (where state_qld)::int as "QLD", count(*) filter (where state_tas)::int as "TAS", count(*)::int as total from ${promotions} p where ${live}`)).rows[0];
  const byMonth = (await db.execute(sql9`select to_char(date_trunc('month', p.created_at at time zone 'Australia/Sydney'), 'YYYY-MM') as month, count(*)::int as created, count(*) filter (where ${paid})::int as paid from ${promotions} p where ${live} group by 1 order by 1 desc limit 24`)).rows;
  const sums = sql9.join(feeKeys.map((key) => sql9.raw(`coalesce(sum((p.fees->>'${key.replace(/[^A-Za-z_]/g, "")}')::bigint), 0)::bigint as "${key.replace(/[^A-Za-z_]/g, "")}"`)), sql9`, `);
  const revenue = (await db.execute(sql9`select ${sums} from ${promotions} p where ${live} and ${paid}`)).rows[0];
  const [conversion] = (await db.execute(sql9`select count(*)::int as created, count(*) filter (where ${paid})::int as paid from ${promotions} p where ${live}`)).rows;
  const [approval] = (await db.execute(sql9`select avg(extract(epoch from (a.approved_at - p.submitted_at)) / 86400)::float as days, count(*)::int as n from ${promotions} p join (select promotion_id, min(created_at) as approved_at from ${changelog} where action = 'approve' group by 1) a on a.promotion_id = p.id where p.submitted_at is not null and ${live}`)).rows;
  const turnaround = (await db.execute(sql9`select n.key as state, ((n.value->>'approvalDate')::date - (p.submitted_at at time zone 'Australia/Sydney')::date)::int as days from ${promotions} p cross join lateral jsonb_each(p.permit_numbers) n where p.submitted_at is not null and n.value->>'approvalDate' ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' and ${live}`)).rows;
  const outstanding = (await db.execute(sql9`select greatest(0, floor(extract(epoch from (now() - p.submitted_at)) / 86400))::int as days from ${promotions} p where p.status_id in (${list(outstandingStatusIds)}) and ${live}`)).rows;
  return { byStatus, byState, byMonth, revenue, conversion, approval, turnaround, outstanding };
}
async function findEmailChanges(db, q, offset, limit) {
  const actor = alias(users, "actor");
  const where2 = and5(
    eq5(changelog.entity, "user"),
    eq5(changelog.action, "update-email"),
    q ? sql9`lower(coalesce(${changelog.changes}#>>'{email,from}', '') || ' ' || coalesce(${changelog.changes}#>>'{email,to}', '') || ' ' || ${users.email}) like ${likePattern(q)}` : void 0
  );
  const rows = await db.select({
    id: changelog.id,
    at: changelog.createdAt,
    userId: changelog.entityId,
    currentEmail: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    from: sql9`${changelog.changes}#>>'{email,from}'`,
    to: sql9`${changelog.changes}#>>'{email,to}'`,
    changedById: changelog.userId,
    changedByEmail: actor.email
  }).from(changelog).innerJoin(users, eq5(users.id, changelog.entityId)).leftJoin(actor, eq5(actor.id, changelog.userId)).where(where2).orderBy(desc3(changelog.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count2() }).from(changelog).innerJoin(users, eq5(users.id, changelog.entityId)).where(where2);
  return { rows, total: total?.n ?? 0 };
}

// api/src/modules/admin/admin-guard.ts
import { AppError as AppError13, MSG_ADMIN_ONLY } from "@permitdesk/shared";
function staffOnly(specs) {
  return specs.map((spec) => ({
    ...spec,
    access: "staff",
    tag: spec.tag ?? "admin",
    handler: (ctx) => {
      if (!ctx.user.isStaff || ctx.user.staffRole !== "admin") throw new AppError13("FORBIDDEN", MSG_ADMIN_ONLY);
      return spec.handler(ctx);
    }
  }));
}

// api/src/modules/admin/create-action-entry.ts
import { AppError as AppError15, MSG_ACTION_ENTRY_EMPTY, MSG_ACTION_QUESTION_REQUIRED, PERMIT_STATUS_IDS, requireTransition, SECTION_KEYS, SECTION_NAMES } from "@permitdesk/shared";
import { z as z5 } from "zod";

// api/src/mail/staff-templates.ts
function actionRequiredTemplate(brand, { firstName, promotionName, url, items }) {
  return layout(brand, {
    subject: `Action required: ${promotionName}`,
    heading: `Hello ${firstName}`,
    paragraphs: [`Our team has reviewed the permit application for "${promotionName}" and needs you to check some items before we can continue.`, ...items],
    action: { label: "Open the application", url },
    footer: "Once you have answered, resubmit the application from the same screen."
  });
}
function permitNumberUpdateTemplate(brand, { firstName, promotionName, url, numbers }) {
  return layout(brand, {
    subject: `Permit numbers for ${promotionName}`,
    heading: `Hello ${firstName}`,
    paragraphs: [`The permit numbers for "${promotionName}" are:`, ...numbers],
    action: { label: "View the promotion", url }
  });
}
function emailChangedTemplate(brand, { firstName, oldEmail, newEmail }) {
  return layout(brand, {
    subject: `Your ${brand.productName} e-mail address was changed`,
    heading: `Hello ${firstName}`,
    paragraphs: [`Our team changed the e-mail address of your account from ${oldEmail} to ${newEmail}. Sign in with the new address from now on.`],
    footer: `If you did not ask for this change, please contact us at ${brand.supportEmail}.`
  });
}

// api/src/modules/admin/staff-write.ts
import { AppError as AppError14 } from "@permitdesk/shared";

// api/src/modules/changelog/changelog.repository.ts
import { asc as asc2, eq as eq6 } from "drizzle-orm";
async function insertChange(db, entry) {
  const credential = currentCredential();
  await db.insert(changelog).values({
    sessionId: credential.sessionId,
    apiKeyId: credential.apiKeyId,
    promotionId: entry.promotionId,
    userId: entry.userId,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    action: entry.action,
    changes: entry.changes
  });
}
function diffFields(before, after, ignore = []) {
  const changes = {};
  for (const [key, value] of Object.entries(after)) {
    if (ignore.includes(key) || value === void 0) continue;
    const old = before ? before[key] : null;
    if (JSON.stringify(old ?? null) !== JSON.stringify(value ?? null)) changes[key] = { from: old ?? null, to: value ?? null };
  }
  return changes;
}

// api/src/modules/promotions/promotions.repository.ts
import { and as and6, asc as asc3, count as count3, desc as desc4, eq as eq7, ilike as ilike2, ne as ne3, or as or2, sql as sql10 } from "drizzle-orm";
import { noteActionLabel } from "@permitdesk/shared";
function visibleTo(owner, id) {
  return owner.isStaff ? eq7(promotions.id, id) : and6(eq7(promotions.id, id), eq7(promotions.userId, owner.userId), eq7(promotions.deleted, false));
}
async function insertPromotion(db, values) {
  const [row] = await db.insert(promotions).values(values).returning();
  return row;
}
async function findPromotion(db, owner, id, { forUpdate = false } = {}) {
  const query = db.select().from(promotions).where(visibleTo(owner, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
var WAITING_STATUS_IDS = [4, 5, 9, 11, 13, 15];
async function updatePromotion(db, id, values) {
  const waiting = sql10.raw(WAITING_STATUS_IDS.join(", "));
  const submittedAt = values.statusId !== void 0 && values.submittedAt === void 0 ? { submittedAt: sql10`case when ${values.statusId} in (${waiting}) and ${promotions.statusId} not in (${waiting}) then now() else ${promotions.submittedAt} end` } : {};
  const [row] = await db.update(promotions).set({ ...values, ...submittedAt, version: sql10`${promotions.version} + 1`, updatedAt: sql10`now()` }).where(eq7(promotions.id, id)).returning();
  return row;
}
var SORT_COLUMNS = {
  date: promotions.createdAt,
  name: sql10`lower(${promotions.name})`,
  status: promotions.statusId,
  startDate: promotions.startDate,
  totalPrizeValue: promotions.totalPrizeValue,
  id: promotions.id
};
function escapeLike(text32) {
  return text32.replace(/[\\%_]/g, (c) => `\\${c}`);
}
async function listPromotions(db, filter) {
  const conditions = [eq7(promotions.deleted, false), eq7(promotions.archived, filter.archived)];
  conditions.push(eq7(promotions.userId, filter.owner.isStaff && filter.account !== void 0 ? filter.account : filter.owner.userId));
  if (filter.id !== void 0) conditions.push(eq7(promotions.id, filter.id));
  if (filter.applicant) {
    const pattern = `%${escapeLike(filter.applicant)}%`;
    conditions.push(sql10`(${promotions.applicant}->>'organisation' ilike ${pattern} or ${promotions.applicant}->>'tradingName' ilike ${pattern} or (coalesce(${promotions.applicant}#>>'{contact,firstName}', '') || ' ' || coalesce(${promotions.applicant}#>>'{contact,lastName}', '')) ilike ${pattern})`);
  }
  if (filter.test === "hide") conditions.push(eq7(promotions.isTest, false));
  if (filter.test === "only") conditions.push(eq7(promotions.isTest, true));
  if (filter.status !== void 0) conditions.push(eq7(promotions.statusId, filter.status));
  if (filter.name) conditions.push(ilike2(promotions.name, `%${escapeLike(filter.name)}%`));
  if (filter.search) {
    const term = filter.search.trim();
    const byName = ilike2(promotions.name, `%${escapeLike(term)}%`);
    conditions.push(/^\d{1,9}$/.test(term) ? or2(byName, eq7(promotions.id, Number(term))) : byName);
  }
  const where2 = and6(...conditions);
  const column = SORT_COLUMNS[filter.sort];
  const order = filter.direction === "asc" ? [asc3(column), asc3(promotions.id)] : [desc4(column), desc4(promotions.id)];
  const rows = await db.select().from(promotions).where(where2).orderBy(...order).limit(filter.count).offset(filter.after);
  let total = null;
  if (filter.getTotal) {
    const [result] = await db.select({ n: count3() }).from(promotions).where(where2);
    total = result?.n ?? 0;
  }
  return { rows, total };
}
async function findReuseList(db, owner, search, exclude, limit = 20) {
  const conditions = [eq7(promotions.userId, owner.userId), eq7(promotions.deleted, false)];
  if (exclude !== void 0) conditions.push(ne3(promotions.id, exclude));
  if (search) conditions.push(ilike2(promotions.name, `%${escapeLike(search)}%`));
  return db.select().from(promotions).where(and6(...conditions)).orderBy(desc4(promotions.createdAt), desc4(promotions.id)).limit(limit);
}
async function notesSummary(db, promotionId) {
  const [row] = await db.select({ n: count3() }).from(promotionNotes).where(eq7(promotionNotes.promotionId, promotionId));
  const [last] = await db.select({ action: changelog.action, at: changelog.createdAt }).from(changelog).where(and6(eq7(changelog.promotionId, promotionId), eq7(changelog.entity, "promotion-note"))).orderBy(desc4(changelog.id)).limit(1);
  return { notesCount: row?.n ?? 0, noteLastDate: last ? new Date(last.at).toISOString() : null, noteLastAction: last ? noteActionLabel(last.action) : null };
}
async function insertStaffTask(db, values) {
  const [row] = await db.insert(staffTasks).values(values).returning();
  return row;
}

// api/src/events/events.repository.ts
import { sql as sql11 } from "drizzle-orm";
var OUTBOX_CHANNEL = "outbox_event";
async function insertOutboxEvent(tx, type, payload) {
  const [row] = await tx.insert(outboxEvents).values({ type, payload }).returning({ id: outboxEvents.id });
  await tx.execute(sql11`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return row.id;
}

// api/src/events/events.ts
async function publishEvent(tx, type, payload) {
  return insertOutboxEvent(tx, type, payload);
}
function createEvents() {
  return { publish: publishEvent };
}

// api/src/modules/admin/staff-write.ts
async function writePromotionAsStaff(db, staff, promotionId, action, compute) {
  return db.transaction(async (tx) => {
    const before = await findPromotionById(tx, promotionId, { forUpdate: true });
    if (!before) throw new AppError14("NOT_FOUND");
    const values = await compute(before, tx);
    const after = await updatePromotion(tx, before.id, values);
    await publishEvent(tx, "promotion.saved", { promotionId: after.id, statusId: after.statusId });
    const changes = diffFields(before, values);
    await insertChange(tx, { promotionId: before.id, userId: staff.id, entity: "promotion", entityId: before.id, action, changes });
    return { before, after };
  });
}

// api/src/modules/admin/create-action-entry.ts
var FLAGGABLE = SECTION_KEYS.filter((key) => key !== "questions");
function getActionFields() {
  return FLAGGABLE.map((slug) => ({ slug, name: SECTION_NAMES[slug] }));
}
var ActionEntryBodySchema = z5.object({
  promotionId: RecordIdSchema,
  actionFields: z5.array(z5.object({ actionFieldSlug: z5.enum(FLAGGABLE, { error: MSG_ACTION_ENTRY_EMPTY }), comment: z5.string().trim().max(2e3).nullish() })).default([]),
  actionQuestions: z5.array(z5.object({ question: z5.string({ error: MSG_ACTION_QUESTION_REQUIRED }).trim().min(1, { error: MSG_ACTION_QUESTION_REQUIRED }).max(2e3) })).default([])
});
async function createActionEntry(deps, staff, input) {
  if (input.actionFields.length === 0 && input.actionQuestions.length === 0) {
    throw new AppError15("VALIDATION", MSG_ACTION_ENTRY_EMPTY, { modelState: { "": [MSG_ACTION_ENTRY_EMPTY] } });
  }
  const { after } = await writePromotionAsStaff(deps.database.db, staff, input.promotionId, "create-action-entry", (row) => {
    const to = row.statusId === PERMIT_STATUS_IDS.actionRequired ? row.statusId : requireTransition({ from: row.statusId, event: "ADMIN_FORCE", role: "admin", to: PERMIT_STATUS_IDS.actionRequired });
    const actionEntry = {
      actionFields: input.actionFields.map((f) => ({ actionFieldSlug: f.actionFieldSlug, checked: true, comment: f.comment ?? null })),
      actionQuestions: input.actionQuestions.map((q) => ({ question: q.question, answer: null }))
    };
    return { statusId: to, details: { ...row.details, actionEntry } };
  });
  const owner = await findOwner(deps.database.db, after.userId);
  if (owner) {
    const items = [
      ...input.actionFields.map((f) => `${SECTION_NAMES[f.actionFieldSlug]}${f.comment ? `: ${f.comment}` : ""}`),
      ...input.actionQuestions.map((q) => `Question: ${q.question}`)
    ];
    await deps.mailer.send({
      to: owner.email,
      ...actionRequiredTemplate(brandFor(deps.config), { firstName: owner.firstName, promotionName: after.name || `Promotion ${after.id}`, url: `${deps.config.PUBLIC_URL}/permit/edit/${after.id}/details/`, items })
    });
  }
  return { id: after.id, statusId: after.statusId };
}

// api/src/modules/admin/customer-contacts.ts
import { AppError as AppError16, MSG_CONTACT_ALREADY_RESOLVED } from "@permitdesk/shared";

// api/src/modules/admin/customer-contacts.repository.ts
import { and as and7, count as count4, desc as desc5, eq as eq8, isNotNull, isNull as isNull5 } from "drizzle-orm";
async function findContacts(db, filter) {
  const where2 = [];
  if (filter.resolved === true) where2.push(isNotNull(customerContacts.resolvedAt));
  if (filter.resolved === false) where2.push(isNull5(customerContacts.resolvedAt));
  if (filter.contactId) where2.push(eq8(customerContacts.id, filter.contactId));
  const condition = where2.length ? and7(...where2) : void 0;
  const rows = await db.select().from(customerContacts).where(condition).orderBy(desc5(customerContacts.receivedAt), desc5(customerContacts.id)).limit(filter.limit).offset(filter.offset);
  const [total] = await db.select({ n: count4() }).from(customerContacts).where(condition);
  return { rows, total: total?.n ?? 0 };
}
async function findContact(db, id, { forUpdate = false } = {}) {
  const query = db.select().from(customerContacts).where(eq8(customerContacts.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
async function updateContact(db, id, values) {
  const [row] = await db.update(customerContacts).set(values).where(eq8(customerContacts.id, id)).returning();
  return row;
}
async function insertContact(db, values) {
  const [row] = await db.insert(customerContacts).values(values).returning();
  return row;
}
async function findContactByVoicemail(db, voicemailFile) {
  const [row] = await db.select().from(customerContacts).where(eq8(customerContacts.voicemailFile, voicemailFile));
  return row;
}

// api/src/modules/admin/customer-contacts.ts
var CONTACTS_PAGE_SIZE = 50;
function toContactView(row) {
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    name: row.name,
    organisation: row.organisation,
    email: row.email,
    phone: row.phone,
    message: row.message,
    promotionRef: row.promotionRef,
    userId: row.userId,
    assignedTo: row.assignedTo,
    receivedAt: row.receivedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    /** A voicemail's recording: /download/voicemail/{voicemailFile} (staff only). */
    voicemailFile: row.voicemailFile
  };
}
async function getCustomerContacts(db, query) {
  const { rows, total } = await findContacts(db, {
    resolved: query.resolved === "all" ? void 0 : query.resolved === "true",
    contactId: query.contactId,
    offset: (query.page - 1) * CONTACTS_PAGE_SIZE,
    limit: CONTACTS_PAGE_SIZE
  });
  return { contacts: rows.map(toContactView), total, page: query.page, pageSize: CONTACTS_PAGE_SIZE };
}
async function getCustomerContact(db, id) {
  const row = await findContact(db, id);
  if (!row) throw new AppError16("NOT_FOUND");
  return toContactView(row);
}
async function change(db, staff, id, action, compute) {
  return db.transaction(async (tx) => {
    const before = await findContact(tx, id, { forUpdate: true });
    if (!before) throw new AppError16("NOT_FOUND");
    const values = compute(before);
    const after = await updateContact(tx, id, values);
    const iso = (v) => v instanceof Date ? v.toISOString() : v;
    const changes = Object.fromEntries(Object.keys(values).map((k) => [k, { from: iso(before[k]) ?? null, to: iso(after[k]) ?? null }]));
    await insertChange(tx, { promotionId: null, userId: staff.id, entity: "customer-contact", entityId: id, action, changes });
    return toContactView(after);
  });
}
function claimCustomerContact(db, staff, id) {
  return change(db, staff, id, "claim", (row) => {
    if (row.resolvedAt) throw new AppError16("CONFLICT", MSG_CONTACT_ALREADY_RESOLVED);
    return { assignedTo: staff.email };
  });
}
function resolveCustomerContact(db, staff, id) {
  return change(db, staff, id, "resolve", (row) => {
    if (row.resolvedAt) throw new AppError16("CONFLICT", MSG_CONTACT_ALREADY_RESOLVED);
    return { resolvedAt: /* @__PURE__ */ new Date(), assignedTo: row.assignedTo ?? staff.email };
  });
}

// api/src/modules/admin/create-invoice.ts
import { AppError as AppError17, MSG_INVOICE_BLOCKED_AWAITING_PAYMENT, MSG_INVOICE_BLOCKED_TC_APPROVAL, PERMIT_STATUS_IDS as PERMIT_STATUS_IDS2 } from "@permitdesk/shared";

// api/src/modules/payments/payments.repository.ts
import { and as and8, count as count5, desc as desc6, eq as eq9, inArray as inArray3, isNull as isNull6, sql as sql12 } from "drizzle-orm";
var FIRST_INVOICE_NUMBER = 100001;
var FIRST_TEST_INVOICE_NUMBER = 900000001;
async function nextInvoiceNumber(tx, { testMode = false } = {}) {
  const [row] = await tx.insert(counters).values({ name: testMode ? "invoice-test" : "invoice", lastValue: testMode ? FIRST_TEST_INVOICE_NUMBER : FIRST_INVOICE_NUMBER }).onConflictDoUpdate({ target: counters.name, set: { lastValue: sql12`${counters.lastValue} + 1` } }).returning({ value: counters.lastValue });
  return row.value;
}
async function insertInvoice(tx, values) {
  const [row] = await tx.insert(invoices).values(values).returning();
  return row;
}
async function updateInvoice(tx, id, values) {
  const [row] = await tx.update(invoices).set(values).where(eq9(invoices.id, id)).returning();
  return row;
}
async function findSubmissionInvoices(tx, promotionId) {
  return tx.select().from(invoices).where(and8(eq9(invoices.promotionId, promotionId), inArray3(invoices.purpose, ["submission", "additional"]), isNull6(invoices.cancelledAt))).orderBy(invoices.id);
}
async function cancelUnpaidInvoice(tx, id, now) {
  const [row] = await tx.update(invoices).set({ cancelledAt: now }).where(and8(eq9(invoices.id, id), isNull6(invoices.paidAt), isNull6(invoices.cancelledAt))).returning();
  return row;
}
async function countInvoices(tx, promotionId, purpose) {
  const [row] = await tx.select({ n: count5() }).from(invoices).where(and8(eq9(invoices.promotionId, promotionId), eq9(invoices.purpose, purpose)));
  return row?.n ?? 0;
}
async function findUnpaidInvoices(tx, promotionId) {
  return tx.select().from(invoices).where(and8(eq9(invoices.promotionId, promotionId), isNull6(invoices.paidAt), isNull6(invoices.cancelledAt))).orderBy(invoices.id);
}
async function findInvoiceByNumber(tx, viewer, invoiceNumber, { forUpdate = false } = {}) {
  const where2 = viewer.isStaff ? eq9(invoices.invoiceNumber, invoiceNumber) : and8(eq9(invoices.invoiceNumber, invoiceNumber), eq9(invoices.userId, viewer.userId));
  const query = tx.select().from(invoices).where(where2);
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
async function listInvoices(tx, viewer, filter) {
  const conditions = [];
  if (!viewer.isStaff) conditions.push(eq9(invoices.userId, viewer.userId));
  if (filter.promotionId !== void 0) conditions.push(eq9(invoices.promotionId, filter.promotionId));
  const where2 = conditions.length ? and8(...conditions) : void 0;
  const rows = await tx.select({ invoice: invoices, promotionName: promotions.name }).from(invoices).innerJoin(promotions, eq9(promotions.id, invoices.promotionId)).where(where2).orderBy(desc6(invoices.invoiceNumber)).limit(filter.count).offset((filter.page - 1) * filter.count);
  const [total] = await tx.select({ n: count5() }).from(invoices).where(where2);
  return { rows, total: total?.n ?? 0 };
}
async function insertPayment(tx, values) {
  const [row] = await tx.insert(payments).values(values).returning();
  return row;
}
async function countUnsuccessfulAttempts(tx, invoiceId) {
  const [row] = await tx.select({ n: count5() }).from(payments).where(and8(eq9(payments.invoiceId, invoiceId), sql12`${payments.status} <> 'succeeded'`));
  return row?.n ?? 0;
}
async function findPaymentByRef(tx, gatewayRef) {
  const [row] = await tx.select().from(payments).where(eq9(payments.gatewayRef, gatewayRef)).orderBy(desc6(payments.id)).limit(1);
  return row;
}
async function updatePayment(tx, id, values) {
  const [row] = await tx.update(payments).set(values).where(eq9(payments.id, id)).returning();
  return row;
}
async function findInvoiceById(tx, id, { forUpdate = false } = {}) {
  const query = tx.select().from(invoices).where(eq9(invoices.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
async function recordStripeEvent(tx, id, type) {
  const inserted = await tx.insert(stripeEvents).values({ id, type }).onConflictDoNothing().returning({ id: stripeEvents.id });
  return inserted.length > 0;
}
async function hasServiceWaiver(tx, promotionId, service) {
  const [row] = await tx.select({ id: changelog.id }).from(changelog).where(and8(eq9(changelog.promotionId, promotionId), eq9(changelog.action, "waiveServicePayment"), sql12`${changelog.changes} -> 'service' ->> 'to' = ${service}`)).limit(1);
  return row !== void 0;
}

// api/src/modules/admin/create-invoice.ts
function invoiceBlockedReason(statusId, unpaid) {
  if (statusId === PERMIT_STATUS_IDS2.awaitingSubmission) return MSG_INVOICE_BLOCKED_TC_APPROVAL;
  if (unpaid.length > 0) return MSG_INVOICE_BLOCKED_AWAITING_PAYMENT;
  return null;
}
async function getInvoiceBlock(db, promotionId) {
  const row = await findPromotionById(db, promotionId);
  if (!row) throw new AppError17("NOT_FOUND");
  return { blockedReason: invoiceBlockedReason(row.statusId, await findUnpaidInvoices(db, promotionId)) };
}

// api/src/modules/admin/get-admin-promotion.ts
import { AppError as AppError18, adminStatusName, forceableStatuses, getPermitStatus, toDollars } from "@permitdesk/shared";
var STATES = [["NSW", "stateNsw"], ["ACT", "stateAct"], ["SA", "stateSa"], ["VIC", "stateVic"], ["QLD", "stateQld"], ["WA", "stateWa"], ["TAS", "stateTas"], ["NT", "stateNt"]];
async function getAdminPromotion(db, id) {
  const row = await findPromotionById(db, id);
  if (!row) throw new AppError18("NOT_FOUND");
  const owner = await findOwner(db, row.userId);
  const details = row.details;
  return {
    id: row.id,
    name: row.name,
    statusId: row.statusId,
    statusName: adminStatusName(row.statusId),
    statusBeforeLock: row.statusBeforeLock,
    forceableStatuses: forceableStatuses(row.statusId).map((s) => ({ id: s, name: adminStatusName(s) })),
    editable: getPermitStatus(row.statusId).editable,
    states: STATES.filter(([, key]) => row[key]).map(([state]) => state),
    includeNz: row.includeNz,
    startDate: row.startDate,
    totalPrizeValue: toDollars(row.totalPrizeValue),
    managedSubmission: row.managedSubmission,
    deleted: row.deleted,
    archived: row.archived,
    isTest: row.isTest,
    permitNumbers: row.permitNumbers,
    formsSubmitted: row.formsSubmitted,
    forceSaPremium: details.forceSaPremium === true,
    fees: {
      NSW: toDollars(row.fees.feeDue_NSW),
      ACT: toDollars(row.fees.feeDue_ACT),
      SA: toDollars(row.fees.feeDue_SA),
      total: toDollars(row.fees.feeDue_Total),
      gst: toDollars(row.fees.feeDue_GST),
      grandTotal: toDollars(row.fees.feeDue_GrandTotal),
      isSAFeePremium: row.fees.isSAFeePremium === true
    },
    actionEntry: details.actionEntry ?? null,
    organisation: row.applicant?.organisation ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    ownerActiveAt: row.ownerActiveAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    owner: owner ? { id: owner.id, email: owner.email, name: `${owner.firstName} ${owner.lastName}`, accountName: owner.accountName, phone: owner.phone } : null
  };
}

// api/src/modules/admin/get-changelog.ts
import { AppError as AppError19 } from "@permitdesk/shared";
async function getChangelog(db, promotionId) {
  if (!await findPromotionById(db, promotionId)) throw new AppError19("NOT_FOUND");
  return (await findChangelog(db, promotionId)).map((e) => ({
    id: e.id,
    at: e.at.toISOString(),
    userId: e.userId,
    userName: e.userId === null ? null : `${e.firstName ?? ""} ${e.lastName ?? ""}`.trim(),
    entity: e.entity,
    entityId: e.entityId,
    action: e.action,
    changes: e.changes
  }));
}

// api/src/modules/admin/get-outstanding.ts
import { adminStatusName as adminStatusName2, daysSince, OUTSTANDING_STATUS_IDS, outstandingColour, PERMIT_STATUS_IDS as PERMIT_STATUS_IDS3 } from "@permitdesk/shared";
var OUTSTANDING_LIMIT = 500;
async function getOutstanding(db, filters, now) {
  const statusIds = filters.statusIds?.length ? filters.statusIds.filter((s) => OUTSTANDING_STATUS_IDS.includes(s)) : OUTSTANDING_STATUS_IDS;
  const rows = await findOutstanding(db, { statusIds: statusIds.length ? statusIds : OUTSTANDING_STATUS_IDS, states: filters.states, limit: OUTSTANDING_LIMIT });
  return rows.map((r) => {
    const days = daysSince(r.submittedAt ?? r.updatedAt, now);
    return {
      id: r.id,
      name: r.name,
      statusId: r.statusId,
      statusName: adminStatusName2(r.statusId),
      accountName: r.accountName,
      email: r.email,
      submittedAt: (r.submittedAt ?? r.updatedAt).toISOString(),
      daysSinceSubmission: days,
      colour: outstandingColour(days, r.statusId === PERMIT_STATUS_IDS3.awaitingSubmission)
    };
  });
}
async function getActionsRequired(db) {
  const rows = await findActionsRequired(db, OUTSTANDING_LIMIT);
  return rows.map((r) => {
    const entry = r.details.actionEntry;
    const questions = entry?.actionQuestions ?? [];
    return {
      id: r.id,
      name: r.name,
      accountName: r.accountName,
      email: r.email,
      updatedAt: r.updatedAt.toISOString(),
      flaggedFields: entry?.actionFields?.length ?? 0,
      questions: questions.length,
      answered: questions.filter((q) => q.answer && q.answer.trim()).length
    };
  });
}

// api/src/modules/admin/get-promotions.ts
import { adminStatusName as adminStatusName3 } from "@permitdesk/shared";
var ADMIN_PROMOTIONS_PAGE_SIZE = 10;
async function getPromotions(db, query) {
  const { rows, total } = await searchPromotions(db, { ...query, offset: (query.page - 1) * ADMIN_PROMOTIONS_PAGE_SIZE, limit: ADMIN_PROMOTIONS_PAGE_SIZE });
  const promotions2 = rows.map((r) => ({
    id: r.id,
    name: r.name,
    statusId: r.statusId,
    statusName: adminStatusName3(r.statusId),
    accountId: r.accountId,
    accountName: r.accountName,
    email: r.email,
    organisation: r.organisation,
    permitNumbers: Object.entries(r.permitNumbers ?? {}).map(([state, p]) => `${state} ${p.number}`),
    isTest: r.isTest,
    deleted: r.deleted,
    createdAt: r.createdAt.toISOString()
  }));
  return { promotions: promotions2, total, page: query.page, pageSize: ADMIN_PROMOTIONS_PAGE_SIZE };
}

// api/src/modules/admin/manage-users.ts
import { AppError as AppError20, MSG_EMAIL_IN_USE, MSG_EMAIL_INVALID_ADMIN, MSG_EMAIL_REQUIRED, MSG_FAILED_TO_UPDATE_EMAIL } from "@permitdesk/shared";
import { z as z6 } from "zod";
var USERS_PAGE_SIZE = 20;
async function getUsers(db, q, page2) {
  const { rows, total } = await searchUsers(db, q, (page2 - 1) * USERS_PAGE_SIZE, USERS_PAGE_SIZE);
  return { users: rows.map((u) => ({ ...u, createdAt: u.createdAt.toISOString() })), total, page: page2, pageSize: USERS_PAGE_SIZE };
}
var UpdateUserEmailSchema = z6.object({
  userId: RecordIdSchema,
  email: z6.string({ error: MSG_EMAIL_REQUIRED }).trim().min(1, { error: MSG_EMAIL_REQUIRED }).max(254, { error: MSG_EMAIL_INVALID_ADMIN }).pipe(z6.email({ error: MSG_EMAIL_INVALID_ADMIN })).transform((v) => v.toLowerCase())
});
async function updateUserEmail(deps, staff, input) {
  const db = deps.database.db;
  const { before } = await db.transaction(async (tx) => {
    const user = await findOwner(tx, input.userId);
    if (!user) throw new AppError20("NOT_FOUND", MSG_FAILED_TO_UPDATE_EMAIL);
    if (user.email === input.email) throw new AppError20("VALIDATION", MSG_FAILED_TO_UPDATE_EMAIL, { modelState: { email: [MSG_EMAIL_IN_USE] } });
    if (await findUserByEmail2(tx, input.email, user.id)) throw new AppError20("CONFLICT", MSG_EMAIL_IN_USE, { modelState: { email: [MSG_EMAIL_IN_USE] } });
    await setUserEmail(tx, user.id, input.email);
    await insertChange(tx, { promotionId: null, userId: staff.id, entity: "user", entityId: user.id, action: "update-email", changes: { email: { from: user.email, to: input.email } } });
    return { before: user };
  });
  const brand = brandFor(deps.config);
  const message = emailChangedTemplate(brand, { firstName: before.firstName, oldEmail: before.email, newEmail: input.email });
  await deps.mailer.send({ to: before.email, ...message });
  await deps.mailer.send({ to: input.email, ...message });
  return { userId: before.id, email: input.email };
}
async function endUserSessions2(db, staff, userId) {
  return db.transaction(async (tx) => {
    if (!await findOwner(tx, userId)) throw new AppError20("NOT_FOUND");
    const ended = await endUserCredentials(tx, userId, "ended_by_staff");
    await insertChange(tx, {
      promotionId: null,
      userId: staff.id,
      entity: "user",
      entityId: userId,
      action: "end-sessions",
      changes: { sessions: { from: ended.sessions, to: 0 }, apiKeys: { from: ended.apiKeys, to: 0 }, calendarFeed: { from: ended.calendarFeeds, to: 0 } }
    });
    return { ended: ended.sessions, apiKeysRevoked: ended.apiKeys, calendarFeedReplaced: ended.calendarFeeds > 0 };
  });
}
async function getUserLog(db, userId) {
  return (await findUserLog(db, userId)).map((e) => ({ ...e, at: e.at.toISOString() }));
}
async function getEmailUpdates(db, q, page2) {
  const { rows, total } = await findEmailChanges(db, q, (page2 - 1) * USERS_PAGE_SIZE, USERS_PAGE_SIZE);
  return {
    changes: rows.map((r) => ({ ...r, at: r.at.toISOString(), name: `${r.firstName} ${r.lastName}`.trim() })),
    total,
    page: page2,
    pageSize: USERS_PAGE_SIZE
  };
}

// api/src/modules/admin/promotion-activity.ts
import { AppError as AppError21 } from "@permitdesk/shared";
var OWNER_ACTIVE_WINDOW_MS = 2 * 60 * 1e3;
var recent = (at, now) => !!at && now.getTime() - at.getTime() < OWNER_ACTIVE_WINDOW_MS;
async function reportActivity(db, user, promotionId, now = /* @__PURE__ */ new Date()) {
  const asOwner = await touchOwnerActivity(db, promotionId, user.id);
  if (asOwner) return { ok: true, otherEditor: recent(asOwner.staffActiveAt, now) ? "staff" : null };
  if (!user.isStaff) throw new AppError21("NOT_FOUND");
  const asStaff = await touchStaffActivity(db, promotionId);
  if (!asStaff) throw new AppError21("NOT_FOUND");
  return { ok: true, otherEditor: recent(asStaff.ownerActiveAt, now) ? "owner" : null };
}
async function isPromotionActive(db, promotionId, now) {
  const row = await findPromotionById(db, promotionId);
  if (!row) throw new AppError21("NOT_FOUND");
  const lastActivity = row.ownerActiveAt;
  const active = recent(lastActivity, now);
  return { active, lastActivity: lastActivity?.toISOString() ?? null };
}

// api/src/modules/admin/promotion-status-actions.ts
import {
  AppError as AppError22,
  MSG_NEW_STATUS_REQUIRED,
  MSG_PROMOTION_ALREADY_DELETED,
  MSG_PROMOTION_ALREADY_LOCKED,
  MSG_PROMOTION_NOT_DELETED,
  MSG_PROMOTION_NOT_LOCKED,
  MSG_STATE_NOT_IN_PROMOTION,
  PERMIT_STATUS_IDS as PERMIT_STATUS_IDS4,
  requireTransition as requireTransition2
} from "@permitdesk/shared";

// api/src/modules/promotions/promotion-fields.ts
import {
  calculateFees,
  isSkillTcPaymentOption,
  normalizeAusStates
} from "@permitdesk/shared";
function ausStatesOfRow(row) {
  return normalizeAusStates({
    act: row.stateAct,
    nsw: row.stateNsw,
    sa: row.stateSa,
    vic: row.stateVic,
    nt: row.stateNt,
    wa: row.stateWa,
    qld: row.stateQld,
    tas: row.stateTas
  });
}
function formColumns(input) {
  const states = normalizeAusStates(input.ausStates);
  const skill = input.skillsBasedTC === true;
  const quiz = "hasNswAuthority" in input && !skill ? input : void 0;
  return {
    name: input.name,
    startDate: input.startDate ?? null,
    totalPrizeValue: input.totalPrizeValue,
    stateAct: states.act,
    stateNsw: states.nsw,
    stateSa: states.sa,
    stateVic: states.vic,
    stateNt: states.nt,
    stateWa: states.wa,
    stateQld: states.qld,
    stateTas: states.tas,
    includeNz: input.includeNz,
    managedSubmission: "managedSubmission" in input ? input.managedSubmission : true,
    randomDraw: "randomDraw" in input && !skill ? input.randomDraw : false,
    termsAndConditions: "termsAndConditions" in input && !skill ? input.termsAndConditions : false,
    abridgedTC: input.abridgedTC,
    hostedTC: input.hostedTC,
    skillsBasedTC: skill,
    hasNswAuthority: quiz?.hasNswAuthority ?? null,
    hasInstantWinPrizes: quiz?.hasInstantWinPrizes ?? null,
    winnersDrawnElectronically: quiz?.winnersDrawnElectronically ?? null,
    randomDrawMachineApproved: quiz?.randomDrawMachineApproved ?? null,
    usingRandomDrawsDotCom: quiz?.usingRandomDrawsDotCom ?? null
  };
}
function feeInputOf(columns) {
  return {
    ausStates: ausStatesOfRow(columns),
    includeNz: columns.includeNz,
    totalPrizeValue: columns.postSubmissionTotalPrizeValue ?? columns.totalPrizeValue,
    startDate: columns.startDate,
    hasNswAuthority: columns.hasNswAuthority,
    hasInstantWinPrizes: columns.hasInstantWinPrizes,
    winnersDrawnElectronically: columns.winnersDrawnElectronically,
    randomDrawMachineApproved: columns.randomDrawMachineApproved,
    managedSubmission: columns.managedSubmission,
    randomDraw: columns.randomDraw,
    termsAndConditions: columns.termsAndConditions,
    abridgedTC: columns.abridgedTC,
    hostedTC: columns.hostedTC,
    skillsBasedTC: columns.skillsBasedTC,
    skillsBasedTCPaymentOption: isSkillTcPaymentOption(columns.skillsTcPaymentOption) ? columns.skillsTcPaymentOption : null,
    saPremium: columns.details?.forceSaPremium === true,
    // Issue #30: the authority term the applicant asks for prices the NSW authority.
    nswAuthorityDuration: typeof columns.applicant?.nswAuthorityDuration === "number" ? columns.applicant.nswAuthorityDuration : null
  };
}
function computeFees(columns, ruleSet) {
  const b = calculateFees(feeInputOf(columns), ruleSet ? { ruleSet } : {});
  return {
    requiresPermits: b.requirements.requiresPermits,
    fees: {
      feeDue_ACT: b.feeDue_ACT,
      feeDue_NSW: b.feeDue_NSW,
      feeDue_SA: b.feeDue_SA,
      feeDue_Service: b.feeDue_Service,
      feeDue_AbridgedTC: b.feeDue_AbridgedTC,
      feeDue_HostedTC: b.feeDue_HostedTC,
      feeDue_RandomDraw: b.feeDue_RandomDraw,
      feeDue_SkillsBasedTC: b.feeDue_SkillsBasedTC,
      feeDue_TermsAndConditions: b.feeDue_TermsAndConditions,
      feeDue_CCSurcharge: b.feeDue_CCSurcharge,
      feeDue_GST: b.feeDue_GST,
      feeDue_Total: b.feeDue_Total,
      feeDue_GrandTotal: b.feeDue_GrandTotal,
      isNSWIncludedButNotRequired: b.isNSWIncludedButNotRequired,
      isACTIncludedButNotRequired: b.isACTIncludedButNotRequired,
      isSAIncludedButNotRequired: b.isSAIncludedButNotRequired,
      isSAFeePremium: b.isSAFeePremium,
      ruleSetId: b.ruleSetId
    }
  };
}

// api/src/modules/rules/pricing-rule-set.ts
import { findRuleSet, ruleSetInForce, sydneyDateOf } from "@permitdesk/shared";

// api/src/modules/rules/rules.repository.ts
import { and as and9, asc as asc4, eq as eq10, inArray as inArray4 } from "drizzle-orm";
async function findPublishedRuleSets(db) {
  const rows = await db.select().from(ruleSetPublications).orderBy(asc4(ruleSetPublications.effectiveFrom), asc4(ruleSetPublications.id));
  return rows.map((row) => ({ ...row.definition, id: row.ruleSetId, effectiveFrom: row.effectiveFrom }));
}
async function insertRuleSetPublication(db, ruleSet, publishedBy) {
  const inserted = await db.insert(ruleSetPublications).values({ ruleSetId: ruleSet.id, effectiveFrom: ruleSet.effectiveFrom, definition: ruleSet, publishedBy }).onConflictDoNothing({ target: ruleSetPublications.ruleSetId }).returning({ id: ruleSetPublications.id });
  return inserted.length > 0;
}
var OPEN_STATUS_IDS = [1, 2, 3];
async function findOpenPromotions(db, limit = 500) {
  return db.select().from(promotions).where(and9(inArray4(promotions.statusId, [...OPEN_STATUS_IDS]), eq10(promotions.deleted, false), eq10(promotions.isTest, false))).orderBy(asc4(promotions.id)).limit(limit);
}
async function findObligationProofs(db, promotionId) {
  return db.select().from(obligationProofs).where(eq10(obligationProofs.promotionId, promotionId));
}
async function upsertObligationProof(db, values) {
  await db.insert(obligationProofs).values(values).onConflictDoUpdate({
    target: [obligationProofs.promotionId, obligationProofs.code],
    set: { kind: values.kind, reference: values.reference, label: values.label, note: values.note, closedBy: values.closedBy, closedAt: /* @__PURE__ */ new Date() }
  });
}

// api/src/modules/rules/pricing-rule-set.ts
function sydneyToday(now = /* @__PURE__ */ new Date()) {
  return sydneyDateOf(now);
}
function isPricingOpen(statusId) {
  return OPEN_STATUS_IDS.includes(statusId);
}
async function pricingRuleSet(db, row, now = /* @__PURE__ */ new Date()) {
  const published = await findPublishedRuleSets(db);
  if (row && !isPricingOpen(row.statusId) && row.fees?.ruleSetId) {
    const locked = findRuleSet(row.fees.ruleSetId, published);
    if (locked) return locked;
  }
  return ruleSetInForce(sydneyToday(now), published);
}

// api/src/modules/admin/promotion-status-actions.ts
async function forcePromotionStatusChange(db, staff, id, newStatus) {
  const { after } = await writePromotionAsStaff(db, staff, id, "force-status", (row) => {
    if (newStatus === row.statusId) throw new AppError22("VALIDATION", MSG_NEW_STATUS_REQUIRED, { modelState: { newStatus: [MSG_NEW_STATUS_REQUIRED] } });
    const to = requireTransition2({ from: row.statusId, event: "ADMIN_FORCE", role: "admin", to: newStatus });
    return { statusId: to };
  });
  return after;
}
async function lockPromotion(db, staff, id) {
  const { after } = await writePromotionAsStaff(db, staff, id, "lock", (row) => {
    if (row.statusId === PERMIT_STATUS_IDS4.locked) throw new AppError22("CONFLICT", MSG_PROMOTION_ALREADY_LOCKED);
    const to = requireTransition2({ from: row.statusId, event: "ADMIN_FORCE", role: "admin", to: PERMIT_STATUS_IDS4.locked });
    return { statusId: to, statusBeforeLock: row.statusId };
  });
  return after;
}
async function unlockPromotion(db, staff, id) {
  const { after } = await writePromotionAsStaff(db, staff, id, "unlock", (row) => {
    if (row.statusId !== PERMIT_STATUS_IDS4.locked) throw new AppError22("CONFLICT", MSG_PROMOTION_NOT_LOCKED);
    const back = row.statusBeforeLock ?? PERMIT_STATUS_IDS4.incomplete;
    const to = requireTransition2({ from: row.statusId, event: "ADMIN_FORCE", role: "admin", to: back });
    return { statusId: to, statusBeforeLock: null };
  });
  return after;
}
async function setPromotionDeleted(db, staff, id, deleted) {
  const { after } = await writePromotionAsStaff(db, staff, id, deleted ? "delete" : "restore", (row) => {
    if (row.deleted === deleted) throw new AppError22("CONFLICT", deleted ? MSG_PROMOTION_ALREADY_DELETED : MSG_PROMOTION_NOT_DELETED);
    return { deleted };
  });
  return after;
}
async function approvePromotion(db, staff, id, sendToWA, today2) {
  const { after } = await writePromotionAsStaff(db, staff, id, "approve", (row) => {
    const to = requireTransition2({ from: row.statusId, event: "APPROVE_PROMOTION", role: "admin" });
    const amending = row.statusId === PERMIT_STATUS_IDS4.resubmitted;
    const started = !!row.startDate && row.startDate <= today2;
    const sendsToWA = sendToWA && !amending && !started && row.stateWa;
    return { statusId: to, details: { ...row.details, sentToWA: sendsToWA, approvedOn: today2 } };
  });
  return after;
}
async function setTestPromotion(db, staff, id, isTest) {
  const { after } = await writePromotionAsStaff(db, staff, id, isTest ? "mark-test" : "clear-test", () => ({ isTest }));
  return after;
}
var STATE_FLAGS = { ACT: "stateAct", NSW: "stateNsw", SA: "stateSa", VIC: "stateVic", NT: "stateNt", WA: "stateWa", QLD: "stateQld", TAS: "stateTas" };
function includesState(row, state) {
  const flag = STATE_FLAGS[state];
  return !!flag && row[flag] === true;
}
async function markFormsSubmitted(db, staff, id, state, now) {
  const { after } = await writePromotionAsStaff(db, staff, id, "mark-forms-submitted", (row) => {
    if (!includesState(row, state)) throw new AppError22("VALIDATION", MSG_STATE_NOT_IN_PROMOTION, { modelState: { state: [MSG_STATE_NOT_IN_PROMOTION] } });
    return { formsSubmitted: { ...row.formsSubmitted, [state]: now.toISOString() } };
  });
  return after;
}
async function forceSaPremium(db, staff, id, on) {
  const { after } = await writePromotionAsStaff(db, staff, id, "force-sa-premium", async (row, tx) => {
    if (!row.stateSa) throw new AppError22("VALIDATION", MSG_STATE_NOT_IN_PROMOTION, { modelState: { id: [MSG_STATE_NOT_IN_PROMOTION] } });
    const details = { ...row.details, forceSaPremium: on };
    const { fees, requiresPermits } = computeFees({ ...row, details }, await pricingRuleSet(tx, row));
    return { details, fees, requiresPermits };
  });
  return after;
}

// api/src/modules/admin/save-permit-number.ts
import { AppError as AppError23, createPermitNumberSaveSchema, isValidIsoDate, maxPermitExpiryDate, MSG_PERMIT_EXPIRY_TOO_FAR, MSG_STATE_NOT_IN_PROMOTION as MSG_STATE_NOT_IN_PROMOTION2, parseInput as parseInput2 } from "@permitdesk/shared";
import { z as z7 } from "zod";

// api/src/modules/upload/upload.repository.ts
import { and as and10, eq as eq11, inArray as inArray5, sql as sql13 } from "drizzle-orm";
async function insertUpload(db, values) {
  const [row] = await db.insert(uploads).values(values).returning();
  return row;
}
async function findUploadByServerName(db, serverFileName) {
  const [row] = await db.select().from(uploads).where(eq11(uploads.serverFileName, serverFileName)).limit(1);
  return row;
}
async function findUploadsOwnedBy(db, serverFileNames, userIds) {
  if (serverFileNames.length === 0) return [];
  return db.select().from(uploads).where(and10(inArray5(uploads.serverFileName, serverFileNames), inArray5(uploads.userId, userIds)));
}
async function totalUploadBytes(db, userId) {
  const [row] = await db.select({ total: sql13`coalesce(sum(${uploads.sizeBytes}), 0)` }).from(uploads).where(eq11(uploads.userId, userId));
  return Number(row?.total ?? 0);
}
async function transferUploads(db, serverFileNames, fromUserId, toUserId) {
  if (serverFileNames.length === 0 || fromUserId === toUserId) return 0;
  const moved = await db.update(uploads).set({ userId: toUserId }).where(and10(inArray5(uploads.serverFileName, serverFileNames), eq11(uploads.userId, fromUserId))).returning({ id: uploads.id });
  return moved.length;
}

// api/src/modules/admin/save-permit-number.ts
function permitNumberBodySchema(clock) {
  return createPermitNumberSaveSchema(clock).and(z7.object({ expiryDate: z7.string().nullish() }));
}
async function savePermitNumber(db, staff, body, clock) {
  const input = parseInput2(permitNumberBodySchema(clock), body);
  const expiryDate = input.expiryDate || null;
  if (expiryDate && (!isValidIsoDate(expiryDate) || expiryDate > maxPermitExpiryDate(clock))) {
    throw new AppError23("VALIDATION", MSG_PERMIT_EXPIRY_TOO_FAR, { modelState: { expiryDate: [MSG_PERMIT_EXPIRY_TOO_FAR] } });
  }
  const { after } = await writePromotionAsStaff(db, staff, Number(input.promotionId), "save-permit-number", async (row, tx) => {
    if (!includesState(row, input.state)) throw new AppError23("VALIDATION", MSG_STATE_NOT_IN_PROMOTION2, { modelState: { state: [MSG_STATE_NOT_IN_PROMOTION2] } });
    if (input.fileName) await transferUploads(tx, [input.fileName], staff.id, row.userId);
    return {
      permitNumbers: { ...row.permitNumbers, [input.state]: { number: input.number, approvalDate: input.approvalDate, expiryDate, fileName: input.fileName ?? null } },
      // The T&Cs' permit-numbers clause reads `details.permitNumber_{STATE}` (modules/terms).
      details: { ...row.details, [`permitNumber_${input.state}`]: input.number }
    };
  });
  return { id: after.id, permitNumbers: after.permitNumbers };
}

// api/src/modules/admin/send-permit-number-update.ts
import { AppError as AppError24 } from "@permitdesk/shared";
async function sendPermitNumberUpdate(deps, staff, promotionId) {
  const db = deps.database.db;
  const row = await findPromotionById(db, promotionId);
  if (!row) throw new AppError24("NOT_FOUND");
  const numbers = Object.entries(row.permitNumbers).map(([state, p]) => `${state}: ${p.number} (approved ${p.approvalDate}${p.expiryDate ? `, expires ${p.expiryDate}` : ""})`);
  if (numbers.length === 0) throw new AppError24("CONFLICT", "There are no permit numbers to send yet.");
  const owner = await findOwner(db, row.userId);
  if (!owner) throw new AppError24("NOT_FOUND");
  await deps.mailer.send({
    to: owner.email,
    ...permitNumberUpdateTemplate(brandFor(deps.config), { firstName: owner.firstName, promotionName: row.name || `Promotion ${row.id}`, url: `${deps.config.PUBLIC_URL}/promotions/`, numbers })
  });
  await insertChange(db, { promotionId: row.id, userId: staff.id, entity: "promotion", entityId: row.id, action: "send-permit-number-update", changes: { sentTo: { from: null, to: owner.email } } });
  return { sent: numbers.length };
}

// api/src/modules/terms/on-permit-numbers-changed.ts
import { checkTermsHtml, escapeHtml as escapeHtml2, MSG_TERMS_UPDATED_SUBJECT, permitNumbersText } from "@permitdesk/shared";

// api/src/modules/promotions/application-fields.ts
import { AppError as AppError25 } from "@permitdesk/shared";
var CUSTOMER_DETAIL_KEYS = [
  "prizeValueACT",
  "prizeValueNSW",
  "prizeValueSA",
  "prizeValueVIC",
  "prizeValueQLD",
  "prizeValueTAS",
  "prizeValueWA",
  "prizeValueNT",
  "prizeQuantityTotal",
  "prizeDescription",
  "prizeCategoriesValue",
  "prizeCategoriesOther",
  "maxPrizeValue",
  "prizePublicationACT",
  "prizePublicationDateACT",
  "letterOfAuthorityReused"
];
var STAFF_DETAIL_KEYS = ["attachmentsManualOverride", "attachmentsManuallyRequired"];
function applicationOf(row) {
  const details = row.details;
  return {
    id: row.id,
    name: row.name,
    startDate: row.startDate,
    ausStates: ausStatesOfRow(row),
    includeNz: row.includeNz,
    // 001 §3: after submission the post-submission value is the one that counts.
    totalPrizeValue: row.postSubmissionTotalPrizeValue ?? row.totalPrizeValue,
    managedSubmission: row.managedSubmission,
    randomDraw: row.randomDraw,
    termsAndConditions: row.termsAndConditions,
    abridgedTC: row.abridgedTC,
    hostedTC: row.hostedTC,
    skillsBasedTC: row.skillsBasedTC,
    usingRandomDrawsDotCom: row.usingRandomDrawsDotCom,
    winnersDrawnElectronically: row.winnersDrawnElectronically,
    hasNswAuthority: row.hasNswAuthority,
    hasInstantWinPrizes: row.hasInstantWinPrizes,
    randomDrawMachineApproved: row.randomDrawMachineApproved,
    requiresPermits: row.requiresPermits,
    ...details,
    attachments: row.attachments,
    permit: { ...row.permit, applicant: row.applicant ?? null }
  };
}
function mergeActionAnswers(stored, sent) {
  if (!stored) return void 0;
  const answers = sent?.actionQuestions ?? [];
  return {
    actionFields: stored.actionFields,
    actionQuestions: stored.actionQuestions.map((q, index16) => {
      const answer = answers[index16];
      return answer && answer.question === q.question ? { ...q, answer: answer.answer ?? null } : q;
    })
  };
}
function promotionIdOf(id) {
  const value = typeof id === "number" ? id : /^\d{1,9}$/.test(String(id ?? "").trim()) ? Number(String(id).trim()) : NaN;
  if (!Number.isSafeInteger(value) || value <= 0) throw new AppError25("NOT_FOUND");
  return value;
}

// api/src/modules/terms/terms-access.ts
import crypto6 from "node:crypto";
import { AppError as AppError26, fullTermsKind, isSkillTcPaymentOption as isSkillTcPaymentOption2, MSG_SKILL_TC_AMEND_WINDOW_CLOSED, skillTcEditWindowEnds } from "@permitdesk/shared";

// api/src/modules/terms/terms.repository.ts
import { and as and11, asc as asc5, desc as desc7, eq as eq12, inArray as inArray6, isNotNull as isNotNull2, isNull as isNull7, sql as sql14 } from "drizzle-orm";
async function findVersions(db, promotionId) {
  return db.select().from(termsVersions).where(eq12(termsVersions.promotionId, promotionId)).orderBy(asc5(termsVersions.number));
}
async function findLatestVersion(db, promotionId) {
  const [row] = await db.select().from(termsVersions).where(eq12(termsVersions.promotionId, promotionId)).orderBy(desc7(termsVersions.number)).limit(1);
  return row;
}
async function findApprovedVersions(db, promotionId) {
  return db.select().from(termsVersions).where(and11(eq12(termsVersions.promotionId, promotionId), isNotNull2(termsVersions.approvedAt))).orderBy(desc7(termsVersions.number));
}
async function insertVersion(db, values) {
  const [{ next }] = (await db.execute(sql14`select coalesce(max(number), 0) + 1 as next from app.terms_versions where promotion_id = ${values.promotionId}`)).rows;
  const [row] = await db.insert(termsVersions).values({ ...values, number: Number(next) }).returning();
  return row;
}
async function markApproved(db, id, userId, at) {
  const [row] = await db.update(termsVersions).set({ approvedAt: at, approvedBy: userId }).where(eq12(termsVersions.id, id)).returning();
  return row;
}
async function saveLibrarySnapshot(db, hash, clauses) {
  await db.insert(termsLibraries).values({ hash, clauses }).onConflictDoNothing();
}
async function findLibrarySnapshot(db, hash) {
  const [row] = await db.select({ clauses: termsLibraries.clauses }).from(termsLibraries).where(eq12(termsLibraries.hash, hash));
  return row?.clauses;
}
async function findLink(db, promotionId) {
  const [row] = await db.select().from(termsLinks).where(eq12(termsLinks.promotionId, promotionId));
  return row?.code;
}
async function insertLink(db, promotionId, code) {
  await db.insert(termsLinks).values({ promotionId, code }).onConflictDoNothing();
  return await findLink(db, promotionId);
}
async function findPromotionIdByCode(db, code) {
  const [row] = await db.select().from(termsLinks).where(eq12(termsLinks.code, code));
  return row?.promotionId;
}
async function findCmsClauses(db) {
  const exists = await db.execute(
    sql14`select 1 from information_schema.columns where table_schema = 'cms' and table_name = 'terms_clauses' and column_name = 'snapshot'`
  );
  if (exists.rows.length === 0) return [];
  const result = await db.execute(sql14`select snapshot from cms.terms_clauses where snapshot is not null order by "order" asc, key asc`);
  return result.rows.map((r) => r.snapshot);
}
function permitNumbersOf(row) {
  const result = [];
  for (const state of ["NSW", "ACT", "SA"]) {
    const value = row.permitNumbers?.[state]?.number;
    if (typeof value === "string" && value.trim()) result.push({ state, number: value.trim() });
  }
  return result;
}
async function findOwnerContact(db, userId) {
  const [row] = await db.select({ email: users.email, firstName: users.firstName }).from(users).where(eq12(users.id, userId));
  return row;
}
async function findFirstPaymentAt(db, promotionId) {
  const [row] = await db.select({ paidAt: invoices.paidAt }).from(invoices).where(and11(eq12(invoices.promotionId, promotionId), inArray6(invoices.purpose, ["submission", "additional"]), isNull7(invoices.cancelledAt), isNotNull2(invoices.paidAt))).orderBy(asc5(invoices.paidAt)).limit(1);
  return row?.paidAt ?? null;
}

// api/src/modules/terms/terms-access.ts
async function requirePromotion(db, actor, id, options = {}) {
  const row = await findPromotion(db, actor, id, options);
  if (!row || row.deleted && !actor.isStaff) throw new AppError26("NOT_FOUND");
  return row;
}
function hasTermsService(row) {
  return row.termsAndConditions || row.skillsBasedTC || row.abridgedTC || row.hostedTC;
}
function termsKindOf(row) {
  return fullTermsKind(row);
}
function skillOptionOf(row) {
  return isSkillTcPaymentOption2(row.skillsTcPaymentOption) ? row.skillsTcPaymentOption : null;
}
async function skillEditWindow(db, row, now) {
  if (termsKindOf(row) !== "skill") return null;
  const purchasedAt = await findFirstPaymentAt(db, row.id);
  if (!purchasedAt) return { purchasedAt: null, ends: null, open: true };
  const ends = skillTcEditWindowEnds(purchasedAt, skillOptionOf(row));
  return { purchasedAt, ends, open: now.getTime() <= ends.getTime() };
}
async function assertSkillAmendable(db, actor, row, now) {
  if (actor.isStaff || !row.skillsBasedTC) return;
  const window = await skillEditWindow(db, row, now);
  if (window && !window.open) throw new AppError26("CONFLICT", MSG_SKILL_TC_AMEND_WINDOW_CLOSED, { modelState: { "": [MSG_SKILL_TC_AMEND_WINDOW_CLOSED] } });
}
function newLinkCode() {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = crypto6.randomBytes(10);
  let code = "";
  for (const b of bytes) code += alphabet[b % alphabet.length];
  return code;
}
async function ensureLink(db, promotionId) {
  return await findLink(db, promotionId) ?? insertLink(db, promotionId, newLinkCode());
}
function hostedUrlFor(config, code) {
  const host = config.HOSTED_TERMS_HOSTS?.[0];
  const base = host ? `${new URL(config.PUBLIC_URL).protocol}//${host}` : config.PUBLIC_URL;
  return `${base}/t/${code}/`;
}

// api/src/modules/terms/on-permit-numbers-changed.ts
var STAFF = { userId: 0, isStaff: true };
function withPermitNumbers(html, text32) {
  const escaped = escapeHtml2(text32);
  const full = /(<li id="clause-permit-numbers">\s*<h2>[^<]*<\/h2>\s*<p>)[^<]*(<\/p>)/;
  if (full.test(html)) return html.replace(full, `$1${escaped}$2`);
  const abridged = /(<p data-clause="permit-numbers">)[^<]*(<\/p>)/;
  if (abridged.test(html)) return html.replace(abridged, `$1${escaped}$2`);
  return null;
}
async function onPermitNumbersChanged(deps, promotionId, now = /* @__PURE__ */ new Date()) {
  const result = await deps.database.db.transaction(async (tx) => {
    const row = await requirePromotion(tx, STAFF, promotionId, { forUpdate: true });
    const versions = await findVersions(tx, row.id);
    const latest = versions[versions.length - 1];
    if (!latest) return null;
    const text32 = permitNumbersText(applicationOf(row), permitNumbersOf(row));
    if (!text32) return null;
    const html = withPermitNumbers(latest.html, text32);
    if (!html || html === latest.html) return null;
    const defects = checkTermsHtml(html);
    if (defects.length) {
      deps.logger.warn("permit numbers: the T&C text check refused the new version", { promotionId, defects });
      return null;
    }
    const abridgedHtml = latest.abridgedHtml ? withPermitNumbers(latest.abridgedHtml, text32) ?? latest.abridgedHtml : null;
    const approved = Boolean(latest.approvedAt);
    const version = await insertVersion(tx, {
      promotionId: row.id,
      kind: latest.kind,
      html,
      abridgedHtml,
      reason: "permit-numbers",
      libraryHash: latest.libraryHash,
      createdBy: null,
      createdByStaff: true,
      approvedAt: approved ? now : null
    });
    await insertChange(tx, {
      promotionId: row.id,
      userId: null,
      entity: "promotion",
      entityId: row.id,
      action: "terms-permit-numbers",
      changes: { termsVersion: { from: latest.number, to: version.number } }
    });
    return { row, version, approved, code: await ensureLink(tx, row.id) };
  });
  if (!result) return null;
  if (result.approved) {
    const owner = await findOwnerContact(deps.database.db, result.row.userId);
    if (owner) {
      const brand = brandFor(deps.config);
      const url = hostedUrlFor(deps.config, result.code);
      const email = layout(brand, {
        subject: MSG_TERMS_UPDATED_SUBJECT,
        heading: MSG_TERMS_UPDATED_SUBJECT,
        paragraphs: [
          `Hi ${owner.firstName},`,
          `The permit numbers for ${result.row.name || "your promotion"} have been added to its terms and conditions (version ${result.version.number}). The hosted terms now show them.`
        ],
        action: { label: "View the terms and conditions", url }
      });
      try {
        await deps.mailer.send({ to: owner.email, ...email });
      } catch (error) {
        deps.logger.warn("could not send the terms update e-mail", { promotionId, error: String(error) });
      }
    }
  }
  return result.version.number;
}

// api/src/modules/admin/get-statistics.ts
import {
  adminStatusName as adminStatusName4,
  GOVERNMENT_FEES,
  OUTSTANDING_AGE_BUCKETS,
  OUTSTANDING_STATUS_IDS as OUTSTANDING_STATUS_IDS2,
  outstandingAgeBucket,
  percentage,
  percentile,
  PROVIDER_SERVICE_FEES,
  STATISTICS_STATES,
  SUBMITTED_OR_GENERATED_STATUS_IDS,
  toDollars as toDollars2
} from "@permitdesk/shared";
var PAID_STATUS_IDS = SUBMITTED_OR_GENERATED_STATUS_IDS;
var FEE_KEYS = [...PROVIDER_SERVICE_FEES.map((fee) => fee.key), ...GOVERNMENT_FEES.map((fee) => fee.key)];
async function getStatistics(db, query = { includeTest: false }) {
  const a = await findStatisticsAggregates(db, PAID_STATUS_IDS, OUTSTANDING_STATUS_IDS2, FEE_KEYS, query);
  const total = a.byStatus.reduce((sum, r) => sum + r.n, 0);
  const cents2 = (key) => Number(a.revenue[key] ?? 0);
  const providerTotal = PROVIDER_SERVICE_FEES.reduce((sum, fee) => sum + cents2(fee.key), 0);
  const governmentTotal = GOVERNMENT_FEES.reduce((sum, fee) => sum + cents2(fee.key), 0);
  return {
    filter: query,
    total,
    byStatus: a.byStatus.map((r) => ({ statusId: r.statusId, status: adminStatusName4(r.statusId), count: r.n, percentage: percentage(r.n, total) })),
    byState: STATISTICS_STATES.map((state) => ({ state, count: a.byState[state] ?? 0, percentage: percentage(a.byState[state] ?? 0, total) })),
    byMonth: a.byMonth.map((m) => ({ month: m.month, created: m.created, paid: m.paid })),
    /** The provider's own fees, ex GST: what the business earns. */
    revenueByService: PROVIDER_SERVICE_FEES.map((fee) => ({ service: fee.service, label: fee.label, amount: toDollars2(cents2(fee.key)), percentage: percentage(cents2(fee.key), providerTotal) })),
    revenueTotal: toDollars2(providerTotal),
    /** Government permit fees collected with invoices and paid on to the regulators: not revenue. */
    governmentFees: GOVERNMENT_FEES.map((fee) => ({ state: fee.state, label: fee.label, amount: toDollars2(cents2(fee.key)) })),
    governmentFeesTotal: toDollars2(governmentTotal),
    conversion: { created: a.conversion.created, paid: a.conversion.paid, percentage: percentage(a.conversion.paid, a.conversion.created) },
    turnaround: ["NSW", "ACT", "SA"].map((state) => {
      const days = a.turnaround.filter((t) => t.state === state).map((t) => t.days);
      return { state, measured: days.length, medianDays: percentile(days, 50), p90Days: percentile(days, 90) };
    }),
    outstandingByAge: OUTSTANDING_AGE_BUCKETS.map((bucket) => ({ label: bucket.label, tone: bucket.tone, count: a.outstanding.filter((o) => outstandingAgeBucket(o.days) === bucket.label).length })),
    averageDaysToApproval: a.approval.days === null ? null : Math.round(a.approval.days * 100) / 100,
    approvalsMeasured: a.approval.n
  };
}
var STATISTICS_MAX_AGE_MS = 6e4;
async function getStatisticsCached(db, query, cache, now = Date.now()) {
  const version = await findStatisticsVersion(db);
  const key = JSON.stringify([query, version]);
  const hit2 = cache.get(key);
  if (hit2 && now - hit2.at < STATISTICS_MAX_AGE_MS) return hit2.value;
  for (const [old, entry] of cache) if (now - entry.at >= STATISTICS_MAX_AGE_MS || cache.size > 100) cache.delete(old);
  const value = getStatistics(db, query).then((figures) => ({ ...figures, asOf: new Date(now).toISOString() }));
  cache.set(key, { at: now, value });
  value.catch(() => cache.delete(key));
  return value;
}

// api/src/modules/admin/voicemail.routes.ts
import { Router as Router3 } from "express";
import { z as z9 } from "zod";
import { AppError as AppError29, MSG_ADMIN_ONLY as MSG_ADMIN_ONLY2, UPLOAD_LIMIT_BYTES } from "@permitdesk/shared";

// api/src/modules/admin/voicemails.ts
import crypto7 from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import { AppError as AppError27, MSG_NO_SUCH_FILE, MSG_VOICEMAIL_CALLER_REQUIRED, MSG_VOICEMAIL_FILE_REQUIRED, MSG_VOICEMAIL_NOT_AUDIO } from "@permitdesk/shared";
import { z as z8 } from "zod";
var AUDIO = /* @__PURE__ */ new Map([
  ["audio/mpeg", "mp3"],
  ["audio/wav", "wav"],
  ["audio/vnd.wave", "wav"],
  ["audio/x-m4a", "m4a"],
  ["audio/mp4", "m4a"],
  ["audio/ogg", "ogg"],
  ["audio/opus", "opus"],
  ["audio/aac", "aac"],
  ["audio/amr", "amr"]
]);
var VOICEMAIL_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(mp3|wav|m4a|ogg|opus|aac|amr)$/;
var text25 = (max) => z8.string().trim().max(max).optional().transform((v) => v || null);
var VoicemailFieldsSchema = z8.object({
  name: text25(200),
  phone: text25(50),
  email: z8.union([z8.literal(""), z8.email({ error: "Please enter a valid e-mail address." })]).optional().transform((v) => v || null),
  message: text25(5e3),
  promotionRef: text25(50)
}).refine((v) => v.name || v.phone, { error: MSG_VOICEMAIL_CALLER_REQUIRED, path: ["phone"] });
async function createVoicemail({ db, storage: storage2 }, staff, fields, file, now) {
  if (!file) throw new AppError27("VALIDATION", MSG_VOICEMAIL_FILE_REQUIRED, { modelState: { file: [MSG_VOICEMAIL_FILE_REQUIRED] } });
  const detected = await fileTypeFromBuffer(file.buffer);
  const extension = detected && AUDIO.get(detected.mime);
  if (!detected || !extension) throw new AppError27("VALIDATION", MSG_VOICEMAIL_NOT_AUDIO, { modelState: { file: [MSG_VOICEMAIL_NOT_AUDIO] } });
  const voicemailFile = `${crypto7.randomUUID()}.${extension}`;
  await storage2.put(`voicemails/${voicemailFile}`, file.buffer);
  return db.transaction(async (tx) => {
    const row = await insertContact(tx, {
      kind: "voicemail",
      source: "phone",
      name: fields.name ?? fields.phone ?? "",
      email: fields.email ?? "",
      phone: fields.phone,
      message: fields.message ?? "",
      promotionRef: fields.promotionRef,
      voicemailFile,
      voicemailMimeType: detected.mime,
      receivedAt: now
    });
    await insertChange(tx, { promotionId: null, userId: staff.id, entity: "customer-contact", entityId: row.id, action: "record-voicemail", changes: { voicemailFile: { from: null, to: voicemailFile } } });
    return toContactView(row);
  });
}
async function openVoicemail({ db, storage: storage2 }, file) {
  if (!VOICEMAIL_FILE.test(file)) throw new AppError27("NOT_FOUND", MSG_NO_SUCH_FILE);
  const row = await findContactByVoicemail(db, file);
  if (!row) throw new AppError27("NOT_FOUND", MSG_NO_SUCH_FILE);
  const stream = await storage2.get(`voicemails/${file}`);
  if (!stream) throw new AppError27("NOT_FOUND", MSG_NO_SUCH_FILE);
  const received = row.receivedAt.toISOString().slice(0, 16).replace(/[T:]/g, "-");
  return { mimeType: row.voicemailMimeType ?? "application/octet-stream", stream, downloadName: `voicemail-${row.id}-${received}.${file.split(".").pop()}` };
}

// api/src/modules/upload/receive-upload.ts
import { PassThrough } from "node:stream";
import busboy from "busboy";
import { AppError as AppError28, MSG_UPLOAD_ERROR, MSG_UPLOAD_FILE_REQUIRED, MSG_UPLOAD_ONE_FILE } from "@permitdesk/shared";
var oneFile = () => new AppError28("VALIDATION", MSG_UPLOAD_ONE_FILE, { modelState: { file: [MSG_UPLOAD_FILE_REQUIRED] } });
var tooLarge = () => new AppError28("PAYLOAD_TOO_LARGE", MSG_UPLOAD_ERROR, { modelState: { file: [MSG_UPLOAD_ERROR] } });
function decodeFormDataName(name) {
  return name.replace(/%0A|%0D|%22/gi, (match) => match.toUpperCase() === "%0A" ? "\n" : match.toUpperCase() === "%0D" ? "\r" : '"');
}
function receiveOneFile(req, limitBytes, handle, fields) {
  return new Promise((resolve, reject) => {
    let parser;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: limitBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 } });
    } catch {
      return reject(new AppError28("VALIDATION", MSG_UPLOAD_FILE_REQUIRED, { modelState: { file: [MSG_UPLOAD_FILE_REQUIRED] } }));
    }
    let handling;
    let settled = false;
    const fail = (error) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume();
      reject(error);
    };
    if (fields) parser.on("field", (name, value) => void (fields[name] = value));
    parser.on("file", (field, source, info) => {
      if (field !== "file" || handling) {
        source.resume();
        return fail(oneFile());
      }
      const stream = new PassThrough();
      stream.on("error", () => {
      });
      source.on("limit", () => stream.destroy(tooLarge()));
      source.on("error", (error) => stream.destroy(error));
      source.pipe(stream);
      handling = handle({ originalname: decodeFormDataName(info.filename ?? ""), stream });
      handling.catch((error) => {
        source.unpipe(stream);
        source.resume();
        fail(error);
      });
    });
    parser.on("filesLimit", () => fail(oneFile()));
    parser.on("partsLimit", () => fail(oneFile()));
    parser.on("error", () => fail(new AppError28("VALIDATION", MSG_UPLOAD_FILE_REQUIRED, { modelState: { file: [MSG_UPLOAD_FILE_REQUIRED] } })));
    parser.on("close", () => {
      if (settled) return;
      if (!handling) {
        settled = true;
        return resolve(void 0);
      }
      handling.then(
        (value) => {
          if (settled) return;
          settled = true;
          resolve(value);
        },
        fail
      );
    });
    req.on("aborted", () => fail(new AppError28("VALIDATION", MSG_UPLOAD_FILE_REQUIRED)));
    req.pipe(parser);
  });
}

// api/src/storage/storage.ts
import fs3 from "node:fs";
import path5 from "node:path";
import { pipeline } from "node:stream/promises";
function assertSafeKey(key) {
  if (!/^[a-zA-Z0-9][a-zA-Z0-9/_.-]*$/.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
}
var LocalFileStorage = class {
  constructor(root) {
    this.root = root;
  }
  root;
  pathOf(key) {
    assertSafeKey(key);
    return path5.join(this.root, key);
  }
  async put(key, data) {
    const target = this.pathOf(key);
    await fs3.promises.mkdir(path5.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    await fs3.promises.writeFile(temporary, data, { mode: 384 });
    await fs3.promises.rename(temporary, target);
  }
  async putStream(key, data) {
    const target = this.pathOf(key);
    await fs3.promises.mkdir(path5.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    let bytes = 0;
    try {
      await pipeline(
        data,
        async function* (source) {
          for await (const chunk of source) {
            bytes += chunk.length;
            yield chunk;
          }
        },
        fs3.createWriteStream(temporary, { mode: 384 })
      );
      await fs3.promises.rename(temporary, target);
    } catch (error) {
      await fs3.promises.rm(temporary, { force: true });
      throw error;
    }
    return bytes;
  }
  async get(key) {
    const target = this.pathOf(key);
    try {
      await fs3.promises.access(target);
    } catch {
      return void 0;
    }
    return fs3.createReadStream(target);
  }
  async getFrom(key, start, end) {
    const target = this.pathOf(key);
    try {
      await fs3.promises.access(target);
    } catch {
      return void 0;
    }
    return fs3.createReadStream(target, { start, ...end === void 0 ? {} : { end }, highWaterMark: end === void 0 ? 256 * 1024 : Math.min(256 * 1024, Math.max(1, end - start + 1)) });
  }
  async exists(key) {
    try {
      await fs3.promises.access(this.pathOf(key));
      return true;
    } catch {
      return false;
    }
  }
  async delete(key) {
    await fs3.promises.rm(this.pathOf(key), { force: true });
  }
  async list(prefix) {
    const start = this.pathOf(prefix.replace(/\/+$/, ""));
    const keys3 = [];
    const walk = async (dir) => {
      let entries;
      try {
        entries = await fs3.promises.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const entry of entries) {
        const full = path5.join(dir, entry.name);
        if (entry.isDirectory()) await walk(full);
        else if (!entry.name.endsWith(".tmp")) keys3.push(path5.relative(this.root, full).split(path5.sep).join("/"));
      }
    };
    await walk(start);
    return keys3;
  }
};
async function putStream(storage2, key, data) {
  if (storage2.putStream) return storage2.putStream(key, data);
  const buffer = await streamToBuffer(data);
  await storage2.put(key, buffer);
  return buffer.length;
}
async function streamToBuffer(stream) {
  const chunks = [];
  await pipeline(stream, async function* (source) {
    for await (const chunk of source) chunks.push(Buffer.from(chunk));
  });
  return Buffer.concat(chunks);
}

// api/src/modules/admin/voicemail.routes.ts
async function receiveForm(req) {
  const fields = {};
  const file = await receiveOneFile(req, UPLOAD_LIMIT_BYTES, async ({ stream }) => ({ buffer: await streamToBuffer(stream) }), fields);
  return { file, fields };
}
var VoicemailFormSchema = z9.object({
  file: z9.string().meta({ format: "binary" }).describe("the recording (MP3, WAV, M4A, OGG, AMR; at most 10MB)"),
  name: z9.string().optional().describe("the caller's name"),
  phone: z9.string().optional().describe("the caller's number (name or number required)"),
  email: z9.string().optional(),
  message: z9.string().optional().describe("what the caller said, in short"),
  promotionRef: z9.string().optional().describe("the promotion the caller asked about")
});
function voicemailApiRoutes(deps) {
  return [
    route({
      method: "post",
      path: "/admin/createVoicemail",
      summary: "Record a phone message: the recording and the caller's details become a customer contact (kind voicemail).",
      access: "staff",
      multipart: true,
      status: 201,
      body: VoicemailFormSchema,
      response: z9.object({ id: z9.number(), kind: z9.string(), voicemailFile: z9.string().nullable() }).passthrough(),
      handler: async ({ req, user }) => {
        const { file, fields } = await receiveForm(req);
        return createVoicemail({ db: deps.database.db, storage: deps.storage }, user, parseInput(VoicemailFieldsSchema, fields), file, /* @__PURE__ */ new Date());
      }
    })
  ];
}
function voicemailDownloadRoutes(deps) {
  const router = Router3({ caseSensitive: false });
  router.get("/download/voicemail/:file", async (req, res) => {
    const user = res.locals.user;
    if (!user) throw new AppError29("UNAUTHENTICATED");
    if (!user.isStaff || user.staffRole !== "admin" || res.locals.apiKey) throw new AppError29("FORBIDDEN", MSG_ADMIN_ONLY2);
    const { mimeType, stream, downloadName } = await openVoicemail({ db: deps.database.db, storage: deps.storage }, String(req.params.file));
    res.set("Content-Type", mimeType);
    res.set("Content-Disposition", `attachment; filename="${downloadName}"`);
    res.set("Cache-Control", "private, no-store");
    stream.pipe(res);
  });
  return router;
}

// api/src/modules/admin/staff-resources.repository.ts
import { sql as sql15 } from "drizzle-orm";
async function findStaffResources(db) {
  const exists = await db.execute(sql15`select 1 from information_schema.tables where table_schema = 'cms' and table_name = 'staff_resources'`);
  if (exists.rows.length === 0) return [];
  const result = await db.execute(sql15`
    select r.id, r.title, r.category::text as category, r.kind::text as kind, r.url, r.description, coalesce(r."order", 0)::float8 as "order", r.updated_at as "updatedAt",
           d.filename, d.mime_type as "mimeType", d.filesize::float8 as "fileSize"
    from cms.staff_resources r left join cms.staff_documents d on d.id = r.document_id
    order by coalesce(r."order", 0) asc, lower(r.title) asc, r.id asc`);
  return result.rows;
}

// api/src/modules/admin/get-staff-resources.ts
var CATEGORY_ORDER = ["regulators", "forms", "guides", "internal"];
async function getStaffResources(db) {
  const rows = await findStaffResources(db);
  const rank = (category) => (CATEGORY_ORDER.indexOf(category) + CATEGORY_ORDER.length + 1) % (CATEGORY_ORDER.length + 1);
  return rows.map((r, index16) => ({ r, index: index16 })).sort((a, b) => rank(a.r.category) - rank(b.r.category) || a.index - b.index).map(({ r }) => ({
    id: r.id,
    title: r.title,
    category: r.category,
    kind: r.kind,
    description: r.description || null,
    href: r.kind === "link" ? r.url : r.filename ? `/cms-api/staff-documents/file/${encodeURIComponent(r.filename)}` : null,
    fileName: r.kind === "document" ? r.filename : null,
    mimeType: r.kind === "document" ? r.mimeType : null,
    fileSize: r.kind === "document" && r.fileSize !== null ? Number(r.fileSize) : null,
    updatedAt: new Date(r.updatedAt).toISOString()
  }));
}

// api/src/modules/admin/admin.routes.ts
var bool2 = z10.union([z10.boolean(), z10.enum(["true", "false", "1", "0"])]).transform((v) => v === true || v === "true" || v === "1");
var IdQuery = z10.object({ id: RecordIdSchema });
var IdBody = z10.object({ id: RecordIdSchema });
var PromotionIdBody = z10.object({ id: RecordIdSchema.optional(), promotionId: RecordIdSchema.optional() }).refine((v) => v.id ?? v.promotionId, { error: "Please give a valid id.", path: ["id"] });
var pidOf = (b) => b.id ?? b.promotionId;
var StatusOut = z10.object({ id: z10.number(), statusId: z10.number(), statusName: z10.string() }).passthrough();
var Page = z10.coerce.number().int().min(1).max(1e5).default(1);
var StatesList = z10.array(z10.enum(["ACT", "NSW", "SA", "VIC", "NT", "WA", "QLD", "TAS"]));
var OutstandingFilters = z10.object({ statusIds: z10.array(z10.number().int().min(1).max(15)).optional(), states: z10.array(z10.string()).optional() });
var Anything = z10.unknown();
var EmailChange = z10.object({ id: z10.number(), at: z10.string(), userId: z10.number().nullable(), name: z10.string(), currentEmail: z10.string(), from: z10.string().nullable(), to: z10.string().nullable(), changedById: z10.number().nullable(), changedByEmail: z10.string().nullable() }).passthrough();
var statusOf = (row) => ({ id: row.id, statusId: row.statusId, statusName: adminStatusName5(row.statusId), deleted: row.deleted });
var staffOf = (user) => ({ id: user.id, email: user.email });
function promotionActions(deps) {
  const db = deps.database.db;
  const lock = (path8) => route({ method: "post", path: path8, summary: 'Lock a promotion (status "Locked by administrator"); unlock returns it to its previous status.', access: "staff", body: PromotionIdBody, response: StatusOut, handler: async ({ body, user }) => statusOf(await lockPromotion(db, user, pidOf(body))) });
  const unlock = (path8) => route({ method: "post", path: path8, summary: "Unlock a locked promotion (back to the status it had).", access: "staff", body: PromotionIdBody, response: StatusOut, handler: async ({ body, user }) => statusOf(await unlockPromotion(db, user, pidOf(body))) });
  return [
    lock("/admin/lockPromotion"),
    unlock("/admin/unlockPromotion"),
    lock("/promotion/lock"),
    unlock("/promotion/unlock"),
    route({
      method: "post",
      path: "/admin/forcePromotionStatusChange",
      summary: "Force a promotion into any status other than its current one.",
      access: "staff",
      body: z10.object({ id: RecordIdSchema, newStatus: z10.coerce.number({ error: "Please choose a status." }).int().min(1, { error: "Please choose a status." }).max(15, { error: "Please choose a status." }) }),
      response: StatusOut,
      handler: async ({ body, user }) => statusOf(await forcePromotionStatusChange(db, user, body.id, body.newStatus))
    }),
    route({ method: "post", path: "/admin/deletePromotion", summary: "Delete a promotion (the customer no longer sees it).", access: "staff", body: IdBody, response: StatusOut, handler: async ({ body, user }) => statusOf(await setPromotionDeleted(db, user, body.id, true)) }),
    route({ method: "post", path: "/admin/restorePromotion", summary: "Restore a deleted promotion.", access: "staff", body: IdBody, response: StatusOut, handler: async ({ body, user }) => statusOf(await setPromotionDeleted(db, user, body.id, false)) }),
    // 001 §7 names approvePromotion both in the admin service and under /api/promotion/: one call, two paths.
    ...["/admin/approvePromotion", "/promotion/approvePromotion"].map(
      (path8) => route({
        method: "post",
        path: path8,
        summary: "Approve a submitted promotion (sendToWA when not amending and not yet started).",
        access: "staff",
        body: z10.object({ promotionId: RecordIdSchema, sendToWA: z10.boolean().default(false) }),
        response: StatusOut,
        handler: async ({ body, user }) => statusOf(await approvePromotion(db, user, body.promotionId, body.sendToWA, today({ now: /* @__PURE__ */ new Date() })))
      })
    ),
    route({
      method: "post",
      path: "/admin/setTestPromotion",
      summary: "Mark a promotion as staff's test (or clear the mark): test promotions are left out of search, outstanding work and statistics unless asked for.",
      access: "staff",
      body: z10.object({ id: RecordIdSchema, isTest: z10.boolean({ error: "Please say whether this is a test promotion." }) }),
      response: z10.object({ id: z10.number(), isTest: z10.boolean() }),
      handler: async ({ body, user }) => {
        const after = await setTestPromotion(db, user, body.id, body.isTest);
        return { id: after.id, isTest: after.isTest };
      }
    }),
    route({
      method: "post",
      path: "/promotion/markFormsSubmitted",
      summary: "Record that a state's forms were submitted to the regulator.",
      access: "staff",
      body: z10.object({ id: RecordIdSchema, state: z10.enum(["ACT", "NSW", "SA", "VIC", "NT", "WA", "QLD", "TAS"], { error: "Please choose a state." }) }),
      response: z10.object({ id: z10.number(), formsSubmitted: z10.record(z10.string(), z10.string()) }),
      handler: async ({ body, user }) => {
        const row = await markFormsSubmitted(db, user, body.id, body.state, /* @__PURE__ */ new Date());
        return { id: row.id, formsSubmitted: row.formsSubmitted };
      }
    }),
    route({
      method: "post",
      path: "/promotion/forceSaPremium",
      summary: "Charge the SA permit at the premium fee whatever the prize value (or stop doing so); the fees are recomputed.",
      access: "staff",
      body: z10.object({ id: RecordIdSchema, on: z10.boolean().default(true) }),
      response: z10.object({ id: z10.number(), forceSaPremium: z10.boolean(), isSAFeePremium: z10.boolean(), feeDue_SA: z10.number(), feeDue_Total: z10.number(), feeDue_GrandTotal: z10.number() }),
      handler: async ({ body, user }) => {
        const row = await forceSaPremium(db, user, body.id, body.on);
        return {
          id: row.id,
          forceSaPremium: row.details.forceSaPremium === true,
          isSAFeePremium: row.fees.isSAFeePremium === true,
          feeDue_SA: toDollars3(row.fees.feeDue_SA),
          feeDue_Total: toDollars3(row.fees.feeDue_Total),
          feeDue_GrandTotal: toDollars3(row.fees.feeDue_GrandTotal)
        };
      }
    }),
    route({
      method: "post",
      path: "/promotion/savePermitNumber",
      summary: "Save a permit number (promotionId, state, number, approvalDate, fileName, expiryDate).",
      access: "staff",
      body: z10.object({ promotionId: RecordIdSchema }).passthrough(),
      response: z10.object({ id: z10.number(), permitNumbers: z10.record(z10.string(), Anything) }),
      handler: async ({ req, user }) => {
        const saved = await savePermitNumber(db, user, req.body, { now: /* @__PURE__ */ new Date() });
        await onPermitNumbersChanged(deps, saved.id).catch((error) => deps.logger.error("permit numbers: T&Cs update failed", { promotionId: saved.id, error: String(error) }));
        return saved;
      }
    }),
    route({
      method: "post",
      path: "/promotion/sendPermitNumberUpdate",
      summary: "E-mail the customer the saved permit numbers.",
      access: "staff",
      body: PromotionIdBody,
      response: z10.object({ sent: z10.number() }),
      handler: ({ body, user }) => sendPermitNumberUpdate(deps, user, pidOf(body))
    }),
    route({
      method: "get",
      path: "/admin/isPromotionActive",
      summary: "Whether the promotion's owner was active in the wizard in the last two minutes.",
      access: "staff",
      query: IdQuery,
      response: z10.object({ active: z10.boolean(), lastActivity: z10.string().nullable() }),
      handler: ({ query }) => isPromotionActive(db, query.id, /* @__PURE__ */ new Date())
    }),
    route({
      method: "get",
      path: "/admin/getInvoiceBlock",
      summary: "Why a new invoice cannot be created for a promotion now (the tooltip), or null.",
      access: "staff",
      query: IdQuery,
      response: z10.object({ blockedReason: z10.string().nullable() }),
      handler: ({ query }) => getInvoiceBlock(db, query.id)
    }),
    route({ method: "get", path: "/admin/getActionFields", summary: "The application sections staff can flag in an action entry.", access: "staff", response: z10.array(z10.object({ slug: z10.string(), name: z10.string() })), handler: () => getActionFields() }),
    route({
      method: "post",
      path: "/admin/createActionEntry",
      summary: 'Flag fields with comments and ask questions: the promotion becomes "Action required" and the customer is e-mailed.',
      access: "staff",
      body: ActionEntryBodySchema,
      response: z10.object({ id: z10.number(), statusId: z10.number() }),
      handler: ({ body, user }) => createActionEntry(deps, user, body)
    })
  ];
}
function queries(deps) {
  const db = deps.database.db;
  const statisticsCache = /* @__PURE__ */ new Map();
  const changelog2 = (path8) => route({ method: "get", path: path8, summary: "A promotion's changelog, newest first (who, when, what, from \u2192 to).", access: "staff", query: IdQuery, response: z10.array(Anything), handler: ({ query }) => getChangelog(db, query.id) });
  const outstanding = (path8) => route({
    method: "get",
    path: path8,
    summary: "Outstanding permit applications, oldest first, with row colours; without filters, the staff member's saved defaults.",
    access: "staff",
    query: z10.object({ status: z10.string().optional(), states: z10.string().optional(), useSaved: bool2.default(true) }),
    response: z10.object({ rows: z10.array(Anything), filters: OutstandingFilters }),
    handler: async ({ query, user }) => {
      const given = query.status !== void 0 || query.states !== void 0;
      const filters = given || !query.useSaved ? { statusIds: query.status ? query.status.split(",").map(Number).filter((n) => Number.isInteger(n)) : void 0, states: query.states ? StatesList.catch([]).parse(query.states.split(",")) : void 0 } : await findOutstandingFilters(db, user.id);
      return { rows: await getOutstanding(db, filters, /* @__PURE__ */ new Date()), filters };
    }
  });
  return [
    changelog2("/admin/getChangelog"),
    changelog2("/promotion/getChangelog"),
    outstanding("/promotion/getOutstanding"),
    outstanding("/admin/getOutstanding"),
    route({ method: "post", path: "/admin/saveOutstandingFilters", summary: "Save the staff member's default filters of the outstanding list.", access: "staff", body: OutstandingFilters, response: OutstandingFilters, handler: async ({ body, user }) => (await saveOutstandingFilters(db, user.id, body), body) }),
    route({ method: "get", path: "/promotion/getActionsRequired", summary: 'Promotions in "Action required", with how many questions the customer answered.', access: "staff", response: z10.array(Anything), handler: () => getActionsRequired(db) }),
    route({
      method: "get",
      path: "/admin/getPromotions",
      summary: "Search promotions (page size 10): account_id, promotion_id, note_id, free text; test promotions hidden unless asked.",
      access: "staff",
      query: z10.object({ q: z10.string().trim().max(200).optional(), account_id: RecordIdSchema.optional(), promotion_id: RecordIdSchema.optional(), note_id: RecordIdSchema.optional(), showTest: bool2.default(false), showDeleted: bool2.default(true), page: Page }),
      response: z10.object({ promotions: z10.array(Anything), total: z10.number(), page: z10.number(), pageSize: z10.number() }),
      handler: ({ query }) => getPromotions(db, { q: query.q || void 0, accountId: query.account_id, promotionId: query.promotion_id, noteId: query.note_id, showTest: query.showTest, showDeleted: query.showDeleted, page: query.page })
    }),
    route({ method: "get", path: "/admin/getPromotion", summary: "Promotion Detail: one promotion with its owner and staff-set fields (deleted ones too).", access: "staff", query: IdQuery, response: z10.object({ id: z10.number(), statusId: z10.number() }).passthrough(), handler: ({ query }) => getAdminPromotion(db, query.id) }),
    route({ method: "get", path: "/admin/getStaff", summary: "Staff members (task assignees).", access: "staff", response: z10.array(Anything), handler: async () => (await findStaffMembers(db)).map((s) => ({ id: s.id, name: `${s.firstName} ${s.lastName}`.trim(), email: s.email })) }),
    route({
      method: "get",
      path: "/admin/statistics",
      summary: "Promotions by status, state and month; the provider's revenue by service (ex GST) with government fees apart; conversion; turnaround per state; outstanding work by age. Filters: from, to (created, Sydney dates), state, service, includeTest (default false).",
      access: "staff",
      query: StatisticsQuerySchema,
      response: Anything,
      handler: ({ query }) => getStatisticsCached(db, query, statisticsCache)
    }),
    route({
      method: "get",
      path: "/admin/getResources",
      summary: "Links and documents for staff, edited in the CMS (Staff resources), by category and order.",
      access: "staff",
      response: z10.array(z10.object({ id: z10.number(), title: z10.string(), category: z10.string(), kind: z10.enum(["link", "document"]), description: z10.string().nullable(), href: z10.string().nullable(), fileName: z10.string().nullable(), mimeType: z10.string().nullable(), fileSize: z10.number().nullable(), updatedAt: z10.string() })),
      handler: () => getStaffResources(db)
    }),
    route({ method: "get", path: "/promotion/statistics", summary: "The same statistics as /api/admin/statistics, with the same filters.", access: "staff", query: StatisticsQuerySchema, response: Anything, handler: ({ query }) => getStatisticsCached(db, query, statisticsCache) })
  ];
}
function users2(deps) {
  const db = deps.database.db;
  return [
    route({ method: "get", path: "/admin/getUsers", summary: "Users, page size 20, with search over e-mail, names and account.", access: "staff", query: z10.object({ q: z10.string().trim().max(200).optional(), page: Page }), response: z10.object({ users: z10.array(Anything), total: z10.number(), page: z10.number(), pageSize: z10.number() }), handler: ({ query }) => getUsers(db, query.q || void 0, query.page) }),
    route({ method: "get", path: "/admin/getUserLog", summary: "A user's log (e-mail changes, sessions ended), newest first.", access: "staff", query: IdQuery, response: z10.array(Anything), handler: ({ query }) => getUserLog(db, query.id) }),
    route({ method: "post", path: "/admin/updateUserEmail", summary: "Change a user's e-mail address (unused address; logged; both addresses told).", access: "staff", body: UpdateUserEmailSchema, response: z10.object({ userId: z10.number(), email: z10.string() }), handler: ({ body, user }) => updateUserEmail(deps, user, body) }),
    route({
      method: "get",
      path: "/admin/updateEmails",
      summary: "Every change of a user's e-mail address, newest first (page size 20), searchable by the old, new or current address.",
      access: "staff",
      query: z10.object({ q: z10.string().trim().max(200).optional(), page: Page }),
      response: z10.object({ changes: z10.array(EmailChange), total: z10.number(), page: z10.number(), pageSize: z10.number() }),
      handler: ({ query }) => getEmailUpdates(db, query.q || void 0, query.page)
    }),
    route({ method: "post", path: "/admin/endUserSessions", summary: "End every credential of a user: live sessions, API keys (revoked) and the calendar feed address (they must sign in again).", access: "staff", body: z10.object({ userId: RecordIdSchema }), response: z10.object({ ended: z10.number(), apiKeysRevoked: z10.number(), calendarFeedReplaced: z10.boolean() }), handler: ({ body, user }) => endUserSessions2(db, user, body.userId) })
  ];
}
function contacts(deps) {
  const db = deps.database.db;
  return [
    route({ method: "get", path: "/admin/getCustomerContacts", summary: "Messages from the site's contact, agency and law-firm forms.", access: "staff", query: z10.object({ resolved: z10.enum(["true", "false", "all"]).default("false"), contact_id: RecordIdSchema.optional(), page: Page }), response: z10.object({ contacts: z10.array(Anything), total: z10.number(), page: z10.number(), pageSize: z10.number() }), handler: ({ query }) => getCustomerContacts(db, { resolved: query.resolved, contactId: query.contact_id, page: query.page }) }),
    route({ method: "get", path: "/admin/getCustomerContact", summary: "One customer contact message.", access: "staff", query: IdQuery, response: Anything, handler: ({ query }) => getCustomerContact(db, query.id) }),
    route({ method: "post", path: "/admin/claimCustomerContact", summary: "Claim a customer contact message.", access: "staff", body: IdBody, response: Anything, handler: ({ body, user }) => claimCustomerContact(db, staffOf(user), body.id) }),
    route({ method: "post", path: "/admin/resolveCustomerContact", summary: "Resolve a customer contact message.", access: "staff", body: IdBody, response: Anything, handler: ({ body, user }) => resolveCustomerContact(db, staffOf(user), body.id) })
  ];
}
function adminRoutes(deps) {
  return staffOnly([...promotionActions(deps), ...queries(deps), ...users2(deps), ...contacts(deps), ...voicemailApiRoutes(deps)]);
}

// api/src/modules/admin-notes/admin-notes.routes.ts
import { z as z12 } from "zod";

// api/src/modules/admin-notes/admin-notes.ts
import { AppError as AppError30, IsoDateSchema, MSG_ADMIN_NOTE_REQUIRED, MSG_ADMIN_NOTE_TARGET, MSG_TASK_DUE_DATE_REQUIRED, taskSourceLabel } from "@permitdesk/shared";
import { z as z11 } from "zod";

// api/src/modules/admin-notes/admin-notes.repository.ts
import { and as and12, desc as desc8, eq as eq13, isNotNull as isNotNull3, isNull as isNull8, sql as sql16 } from "drizzle-orm";
import { alias as alias2 } from "drizzle-orm/pg-core";
var assignee = alias2(users, "assignee");
var creator = alias2(users, "creator");
async function findNotes(db, filter) {
  const where2 = [];
  if (filter.assignedTo === "me") where2.push(eq13(staffTasks.assignedTo, filter.me));
  else if (filter.assignedTo === "unassigned") where2.push(isNull8(staffTasks.assignedTo));
  else if (typeof filter.assignedTo === "number") where2.push(eq13(staffTasks.assignedTo, filter.assignedTo));
  if (filter.resolved === true) where2.push(isNotNull3(staffTasks.resolvedAt));
  if (filter.resolved === false) where2.push(isNull8(staffTasks.resolvedAt));
  if (filter.promotionId) where2.push(eq13(staffTasks.promotionId, filter.promotionId));
  if (filter.customerContactId) where2.push(eq13(staffTasks.customerContactId, filter.customerContactId));
  if (filter.isTask !== void 0) where2.push(eq13(staffTasks.isTask, filter.isTask));
  return db.select({ task: staffTasks, promotionName: promotions.name, assigneeFirst: assignee.firstName, assigneeLast: assignee.lastName, creatorFirst: creator.firstName, creatorLast: creator.lastName }).from(staffTasks).leftJoin(promotions, eq13(promotions.id, staffTasks.promotionId)).leftJoin(assignee, eq13(assignee.id, staffTasks.assignedTo)).leftJoin(creator, eq13(creator.id, staffTasks.createdBy)).where(and12(...where2)).orderBy(sql16`${staffTasks.resolvedAt} is not null`, desc8(staffTasks.createdAt), desc8(staffTasks.id)).limit(filter.limit);
}
async function findNote(db, id, { forUpdate = false } = {}) {
  const query = db.select().from(staffTasks).where(eq13(staffTasks.id, id));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}
async function findNoteView(db, id) {
  const [row] = await db.select({ task: staffTasks, promotionName: promotions.name, assigneeFirst: assignee.firstName, assigneeLast: assignee.lastName, creatorFirst: creator.firstName, creatorLast: creator.lastName }).from(staffTasks).leftJoin(promotions, eq13(promotions.id, staffTasks.promotionId)).leftJoin(assignee, eq13(assignee.id, staffTasks.assignedTo)).leftJoin(creator, eq13(creator.id, staffTasks.createdBy)).where(eq13(staffTasks.id, id));
  return row;
}
async function insertNote(db, values) {
  const [row] = await db.insert(staffTasks).values(values).returning();
  return row;
}
async function updateNote(db, id, values) {
  const [row] = await db.update(staffTasks).set({ ...values, updatedAt: /* @__PURE__ */ new Date() }).where(eq13(staffTasks.id, id)).returning();
  return row;
}
async function deleteNote(db, id) {
  await db.delete(staffTasks).where(eq13(staffTasks.id, id));
}
async function isStaffMember(db, id) {
  const [row] = await db.select({ id: users.id }).from(users).where(and12(eq13(users.id, id), eq13(users.isStaff, true)));
  return !!row;
}
async function promotionExists(db, id) {
  const [row] = await db.select({ id: promotions.id }).from(promotions).where(eq13(promotions.id, id));
  return !!row;
}

// api/src/modules/admin-notes/admin-notes.ts
var ADMIN_NOTES_PAGE_SIZE = 1e3;
var NoteText = z11.string({ error: MSG_ADMIN_NOTE_REQUIRED }).trim().min(1, { error: MSG_ADMIN_NOTE_REQUIRED }).max(4e3, { error: "A note can be at most 4000 characters." });
var AdminNoteCreateSchema = z11.object({
  note: NoteText,
  promotionId: RecordIdSchema.nullish(),
  customerContactId: RecordIdSchema.nullish(),
  assignedTo: RecordIdSchema.nullish(),
  /** Issue 26: a note stays a note unless staff make it a task, with the date it is due. */
  makeTask: z11.boolean().default(false),
  dueDate: IsoDateSchema.nullish()
}).refine((v) => !(v.promotionId && v.customerContactId), { error: MSG_ADMIN_NOTE_TARGET, path: ["promotionId"] }).refine((v) => !v.makeTask || !!v.dueDate, { error: MSG_TASK_DUE_DATE_REQUIRED, path: ["dueDate"] });
var AdminNoteUpdateSchema = z11.object({ id: RecordIdSchema, note: NoteText });
var AdminNoteIdSchema = z11.object({ id: RecordIdSchema });
var AdminNoteResolveSchema = z11.object({ id: RecordIdSchema, resolved: z11.boolean().default(true) });
var AdminNoteAssignSchema = z11.object({ id: RecordIdSchema, assignedTo: RecordIdSchema.nullable() });
var AdminNoteMakeTaskSchema = z11.object({ id: RecordIdSchema, dueDate: IsoDateSchema.nullish(), assignedTo: RecordIdSchema.nullish() }).refine((v) => !!v.dueDate, { error: MSG_TASK_DUE_DATE_REQUIRED, path: ["dueDate"] });
var TasksQuerySchema = z11.object({
  assignedTo: z11.union([z11.enum(["me", "anyone", "unassigned"]), RecordIdSchema]).default("anyone"),
  resolved: z11.enum(["true", "false", "all"]).default("false"),
  promotionId: RecordIdSchema.optional(),
  customerContactId: RecordIdSchema.optional(),
  /** The main list shows tasks; a promotion or contact shows its notes and tasks together (`all`). */
  kind: z11.enum(["tasks", "notes", "all"]).default("tasks")
});
function toView2({ task, promotionName, assigneeFirst, assigneeLast, creatorFirst, creatorLast }) {
  return {
    id: task.id,
    kind: task.kind,
    isTask: task.isTask,
    dueDate: task.dueDate ?? null,
    source: taskSourceLabel(task.kind, task.createdBy ? `${creatorFirst ?? ""} ${creatorLast ?? ""}`.trim() || null : null),
    note: task.note,
    promotionId: task.promotionId,
    promotionName: promotionName ?? null,
    customerContactId: task.customerContactId,
    assignedTo: task.assignedTo,
    assignedToName: task.assignedTo ? `${assigneeFirst ?? ""} ${assigneeLast ?? ""}`.trim() : null,
    createdBy: task.createdBy,
    resolved: task.resolvedAt !== null,
    resolvedAt: task.resolvedAt?.toISOString() ?? null,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString()
  };
}
async function viewOf(db, id) {
  const found = await findNoteView(db, id);
  if (!found) throw new AppError30("NOT_FOUND");
  return toView2(found);
}
async function log(tx, staff, note, action, changes) {
  await insertChange(tx, { promotionId: note.promotionId, userId: staff.id, entity: "staff-task", entityId: note.id, action, changes });
}
async function getAdminNote(db, id) {
  return viewOf(db, id);
}
async function getTasks(db, staff, query) {
  const rows = await findNotes(db, {
    me: staff.id,
    assignedTo: query.assignedTo === "anyone" ? void 0 : query.assignedTo,
    resolved: query.resolved === "all" ? void 0 : query.resolved === "true",
    promotionId: query.promotionId,
    customerContactId: query.customerContactId,
    isTask: query.kind === "all" ? void 0 : query.kind === "tasks",
    limit: ADMIN_NOTES_PAGE_SIZE
  });
  return rows.map(toView2);
}
async function assertAssignee(tx, id) {
  if (id && !await isStaffMember(tx, id)) throw new AppError30("VALIDATION", "Tasks can only be assigned to staff.", { modelState: { assignedTo: ["Tasks can only be assigned to staff."] } });
}
async function createAdminNote(db, staff, input) {
  return db.transaction(async (tx) => {
    if (input.promotionId && !await promotionExists(tx, input.promotionId)) throw new AppError30("NOT_FOUND");
    await assertAssignee(tx, input.assignedTo);
    const row = await insertNote(tx, {
      kind: "admin-note",
      note: input.note,
      promotionId: input.promotionId ?? null,
      customerContactId: input.customerContactId ?? null,
      assignedTo: input.assignedTo ?? null,
      createdBy: staff.id,
      isTask: input.makeTask,
      dueDate: input.makeTask ? input.dueDate ?? null : null
    });
    await log(tx, staff, row, "create", { note: { from: null, to: row.note }, ...row.assignedTo ? { assignedTo: { from: null, to: row.assignedTo } } : {} });
    return viewOf(tx, row.id);
  });
}
async function change2(db, staff, id, action, compute, tx0) {
  const run = async (tx) => {
    const before = await findNote(tx, id, { forUpdate: true });
    if (!before) throw new AppError30("NOT_FOUND");
    const values = await compute(before);
    const after = await updateNote(tx, id, values);
    const changes = {};
    for (const key of Object.keys(values)) {
      if (key === "resolvedBy") continue;
      const from = before[key] instanceof Date ? before[key].toISOString() : before[key];
      const to = after[key] instanceof Date ? after[key].toISOString() : after[key];
      if (from !== to) changes[key] = { from, to };
    }
    await log(tx, staff, after, action, changes);
    return viewOf(tx, id);
  };
  return tx0 ? run(tx0) : db.transaction(run);
}
function updateAdminNote(db, staff, input) {
  return change2(db, staff, input.id, "modify", () => ({ note: input.note }));
}
function resolveAdminNote(db, staff, input) {
  return change2(db, staff, input.id, input.resolved ? "resolve" : "reopen", () => input.resolved ? { resolvedAt: /* @__PURE__ */ new Date(), resolvedBy: staff.id } : { resolvedAt: null, resolvedBy: null });
}
function assignAdminNote(db, staff, input) {
  return db.transaction(async (tx) => {
    await assertAssignee(tx, input.assignedTo);
    return change2(db, staff, input.id, "assign", () => ({ assignedTo: input.assignedTo }), tx);
  });
}
function makeTaskOfNote(db, staff, input) {
  return db.transaction(async (tx) => {
    await assertAssignee(tx, input.assignedTo);
    return change2(db, staff, input.id, "make-task", () => ({ isTask: true, dueDate: input.dueDate, assignedTo: input.assignedTo ?? null }), tx);
  });
}
async function deleteAdminNote(db, staff, id) {
  return db.transaction(async (tx) => {
    const before = await findNote(tx, id, { forUpdate: true });
    if (!before) throw new AppError30("NOT_FOUND");
    await deleteNote(tx, id);
    await log(tx, staff, before, "delete", { note: { from: before.note, to: null } });
    return { id };
  });
}

// api/src/modules/admin-notes/admin-notes.routes.ts
var NoteOut = z12.object({ id: z12.number(), note: z12.string(), resolved: z12.boolean() }).passthrough();
function adminNoteRoutes({ database }) {
  const db = database.db;
  return staffOnly([
    route({ method: "get", path: "/adminNote/get", summary: "One admin note.", tag: "adminNote", access: "staff", query: AdminNoteIdSchema, response: NoteOut, handler: ({ query }) => getAdminNote(db, query.id) }),
    route({ method: "get", path: "/adminNote/getTasks", summary: "Admin notes (tasks), at most 1000: assigned to me, anyone, unassigned or one staff member; open, resolved or all.", tag: "adminNote", access: "staff", query: TasksQuerySchema, response: z12.array(NoteOut), handler: ({ query, user }) => getTasks(db, user, query) }),
    route({ method: "post", path: "/adminNote/create", summary: "Create an admin note on a promotion, a customer contact, or neither.", tag: "adminNote", access: "staff", idempotent: true, body: AdminNoteCreateSchema, response: NoteOut, handler: ({ body, user }) => createAdminNote(db, user, body) }),
    route({ method: "post", path: "/adminNote/update", summary: "Edit an admin note's text.", tag: "adminNote", access: "staff", body: AdminNoteUpdateSchema, response: NoteOut, handler: ({ body, user }) => updateAdminNote(db, user, body) }),
    route({ method: "post", path: "/adminNote/delete", summary: "Delete an admin note.", tag: "adminNote", access: "staff", body: AdminNoteIdSchema, response: z12.object({ id: z12.number() }), handler: ({ body, user }) => deleteAdminNote(db, user, body.id) }),
    route({ method: "post", path: "/adminNote/resolve", summary: "Resolve (or reopen with resolved: false) an admin note.", tag: "adminNote", access: "staff", body: AdminNoteResolveSchema, response: NoteOut, handler: ({ body, user }) => resolveAdminNote(db, user, body) }),
    route({ method: "post", path: "/adminNote/makeTask", summary: "Make an admin note a task: a due date, and a staff member (or anyone); it then shows on the main list.", tag: "adminNote", access: "staff", body: AdminNoteMakeTaskSchema, response: NoteOut, handler: ({ body, user }) => makeTaskOfNote(db, user, body) }),
    route({ method: "post", path: "/admin/assign", summary: "Assign an admin note to a staff member (null: anyone).", access: "staff", body: AdminNoteAssignSchema, response: NoteOut, handler: ({ body, user }) => assignAdminNote(db, user, body) })
  ]);
}

// api/src/modules/admin/staff-promotion.routes.ts
import { z as z13 } from "zod";
function staffPromotionRoutes({ database }) {
  return [
    route({
      method: "post",
      path: "/promotion/reportActivity",
      summary: "Someone is working on this promotion in the wizard: the owner (staff see a warning before editing) or staff (the owner sees a notice). Answers who else is editing now (otherEditor: owner, staff or null).",
      access: "session",
      body: z13.object({ id: RecordIdSchema }),
      response: z13.object({ ok: z13.boolean(), otherEditor: z13.enum(["owner", "staff"]).nullable() }),
      handler: ({ body, user }) => reportActivity(database.db, user, body.id)
    })
  ];
}

// api/src/modules/api-keys/api-keys.routes.ts
import { z as z14 } from "zod";
import { MSG_API_KEY_NAME_REQUIRED } from "@permitdesk/shared";
var ApiKeyViewSchema = z14.object({
  id: z14.number().int(),
  name: z14.string(),
  prefix: z14.string(),
  createdAt: z14.string(),
  lastUsedAt: z14.string().nullable(),
  revokedAt: z14.string().nullable(),
  revokedReason: z14.enum(["revoked", "password_changed", "password_reset", "ended_by_staff"]).nullable().describe("why the key stopped: revoked by its owner, or ended with every credential of the account")
});
var CreateBodySchema = z14.object({
  name: z14.string({ error: MSG_API_KEY_NAME_REQUIRED }).trim().min(1, { error: MSG_API_KEY_NAME_REQUIRED }).max(100, { error: MSG_API_KEY_NAME_REQUIRED })
});
function apiKeyRoutes({ database }) {
  const db = database.db;
  return [
    route({
      method: "get",
      path: "/apiKey/list",
      access: "session",
      summary: "The account's API keys (never the keys themselves): live ones first, then revoked ones with the reason.",
      response: z14.array(ApiKeyViewSchema),
      handler: ({ user }) => listApiKeys(db, user.id)
    }),
    route({
      method: "post",
      path: "/apiKey/create",
      access: "session",
      summary: "Create an API key (at most 10); the answer shows the key once.",
      body: CreateBodySchema,
      response: ApiKeyViewSchema.extend({ key: z14.string().describe("shown only now") }),
      idempotent: true,
      handler: ({ user, body }) => createApiKey(db, user.id, body.name)
    }),
    route({
      method: "post",
      path: "/apiKey/revoke",
      access: "session",
      summary: "Revoke an API key: calls with it get 401 at once.",
      body: z14.object({ id: RecordIdSchema }),
      response: z14.object({ id: z14.number().int(), revoked: z14.literal(true) }),
      handler: ({ user, body }) => revokeUserApiKey(db, user.id, body.id)
    })
  ];
}

// api/src/modules/idempotency/idempotency.ts
import crypto8 from "node:crypto";
import { AppError as AppError31, MSG_IDEMPOTENCY_IN_PROGRESS, MSG_IDEMPOTENCY_KEY_INVALID, MSG_IDEMPOTENCY_KEY_REUSED } from "@permitdesk/shared";

// api/src/modules/idempotency/idempotency.repository.ts
import { and as and13, eq as eq14, isNull as isNull9, lt, sql as sql17 } from "drizzle-orm";

// api/src/db/notifications.ts
import pg from "pg";
var CONNECTION_IDENTITY_SQL = `pid::text || ':' || (extract(epoch from backend_start) * 1000000)::bigint::text`;

// api/src/modules/idempotency/idempotency.repository.ts
var where = (id) => and13(eq14(idempotencyKeys.userId, id.userId), eq14(idempotencyKeys.route, id.route), eq14(idempotencyKeys.key, id.key));
async function claimIdempotencyKey(db, id, bodyHash, ttlMs, claimedBy = null) {
  await db.delete(idempotencyKeys).where(and13(where(id), lt(idempotencyKeys.expiresAt, /* @__PURE__ */ new Date())));
  const rows = await db.insert(idempotencyKeys).values({ ...id, bodyHash, claimedBy, expiresAt: sql17`now() + ${ttlMs} * interval '1 millisecond'` }).onConflictDoNothing().returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}
async function findIdempotencyKey(db, id) {
  const [row] = await db.select().from(idempotencyKeys).where(where(id)).limit(1);
  return row;
}
async function storeIdempotentAnswer(db, id, status, answer) {
  await db.update(idempotencyKeys).set({ status, answer }).where(where(id));
}
async function releaseIdempotencyKey(db, id) {
  await db.delete(idempotencyKeys).where(where(id));
}
async function releaseAbandonedClaim(db, id, orphanAfterMs) {
  const released = await db.delete(idempotencyKeys).where(
    and13(
      where(id),
      isNull9(idempotencyKeys.status),
      sql17`case when ${idempotencyKeys.claimedBy} is null then ${idempotencyKeys.createdAt} < now() - ${orphanAfterMs} * interval '1 millisecond'
                 else not exists (select 1 from pg_stat_activity where ${sql17.raw(CONNECTION_IDENTITY_SQL)} = ${idempotencyKeys.claimedBy}) end`
    )
  ).returning({ key: idempotencyKeys.key });
  return released.length > 0;
}

// api/src/modules/idempotency/idempotency.ts
var IDEMPOTENCY_TTL_MS = 24 * 60 * 6e4;
var IDEMPOTENCY_ORPHAN_MS = 10 * 6e4;
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
var hashBody = (body) => crypto8.createHash("sha256").update(canonical(body ?? {})).digest("hex");
function idempotencyHook(db, notifications) {
  return async (spec, req, res, run) => {
    const header = req.get("idempotency-key");
    const user = res.locals.user;
    if (header === void 0 || !user) return run();
    if (header.length < 1 || header.length > 200) throw new AppError31("VALIDATION", MSG_IDEMPOTENCY_KEY_INVALID, { modelState: { "Idempotency-Key": [MSG_IDEMPOTENCY_KEY_INVALID] } });
    const id = { userId: user.id, route: `${spec.method.toUpperCase()} ${spec.path.toLowerCase()}`, key: header };
    const bodyHash = hashBody(req.body);
    const claim = async () => claimIdempotencyKey(db, id, bodyHash, IDEMPOTENCY_TTL_MS, notifications?.identity ?? null);
    let claimed = await claim();
    if (!claimed && await releaseAbandonedClaim(db, id, IDEMPOTENCY_ORPHAN_MS)) claimed = await claim();
    if (claimed) {
      let answer;
      try {
        answer = await run();
      } catch (error) {
        await releaseIdempotencyKey(db, id);
        throw error;
      }
      await storeIdempotentAnswer(db, id, spec.status ?? 200, answer ?? { ok: true });
      return answer;
    }
    const stored = await findIdempotencyKey(db, id);
    if (!stored) return run();
    if (stored.bodyHash !== bodyHash) throw new AppError31("IDEMPOTENCY_MISMATCH", MSG_IDEMPOTENCY_KEY_REUSED);
    if (stored.status === null) throw new AppError31("CONFLICT", MSG_IDEMPOTENCY_IN_PROGRESS);
    res.set("Idempotent-Replayed", "true");
    return stored.answer;
  };
}

// api/src/modules/bot-check/bot-check.routes.ts
import { BotCheckChallengeResponseSchema, BotCheckConfigResponseSchema } from "@permitdesk/shared";
function botCheckRoutes(deps) {
  return [
    route({
      method: "get",
      path: "/botcheck/config",
      access: "public",
      summary: "Which bot check the forms show ({mode, siteKey}).",
      response: BotCheckConfigResponseSchema,
      handler: () => ({ mode: deps.config.BOT_CHECK, ...deps.config.BOT_CHECK === "recaptcha" ? { siteKey: deps.config.RECAPTCHA_SITE_KEY } : {} })
    }),
    route({
      method: "get",
      path: "/botcheck/challenge",
      access: "public",
      summary: "An altcha proof-of-work challenge.",
      response: BotCheckChallengeResponseSchema,
      handler: async () => ({ ...await createBotCheckChallenge(deps) })
    })
  ];
}

// api/src/modules/contact/contact.routes.ts
import { ContactResponseSchema } from "@permitdesk/shared";

// api/src/modules/contact/contact.schema.ts
import { z as z15 } from "zod";
import {
  MSG_CONTACT_MESSAGE_REQUIRED,
  MSG_CONTACT_NAME_REQUIRED,
  MSG_CONTACT_ORGANISATION_REQUIRED,
  MSG_CONTACT_SOURCE_INVALID,
  MSG_CONTACT_TOO_LONG,
  MSG_PHONE_INVALID
} from "@permitdesk/shared/messages";
import { EmailSchema } from "@permitdesk/shared/validation/common";
var text26 = (required, max) => z15.string({ error: required }).trim().min(1, { error: required }).max(max, { error: MSG_CONTACT_TOO_LONG });
var phone = z15.string({ error: MSG_PHONE_INVALID }).trim().max(30, { error: MSG_PHONE_INVALID }).refine((value) => /^\+?[\d\s()-]+$/.test(value) && value.replace(/\D/g, "").length >= 6 && value.replace(/\D/g, "").length <= 15, { error: MSG_PHONE_INVALID });
var optional = (schema) => z15.preprocess((value) => typeof value === "string" && value.trim() === "" ? void 0 : value, schema.optional());
var HelpContactSchema = z15.object({
  name: text26(MSG_CONTACT_NAME_REQUIRED, 200),
  email: EmailSchema.max(254),
  phone: optional(phone),
  message: text26(MSG_CONTACT_MESSAGE_REQUIRED, 5e3),
  promotion: optional(z15.string().trim().max(50)),
  recaptchaResponse: z15.string().optional()
});
var CONTACT_SOURCES = ["agencies", "law-firms"];
var AgencyLawFirmContactSchema = z15.object({
  name: text26(MSG_CONTACT_NAME_REQUIRED, 200),
  organisation: text26(MSG_CONTACT_ORGANISATION_REQUIRED, 200),
  email: EmailSchema.max(254),
  phone,
  message: text26(MSG_CONTACT_MESSAGE_REQUIRED, 5e3),
  source: z15.enum(CONTACT_SOURCES, { error: MSG_CONTACT_SOURCE_INVALID }),
  recaptchaResponse: z15.string().optional()
});

// api/src/modules/contact/create-customer-contact.ts
import { msgContactReceived } from "@permitdesk/shared/messages";

// api/src/modules/contact/contact.repository.ts
async function insertCustomerContact(db, contact) {
  const [row] = await db.insert(customerContacts).values(contact).returning();
  return row;
}

// api/src/modules/contact/create-customer-contact.ts
var escapeHtml3 = (value) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
var KIND_LABEL = { help: "Contact form", agency: "Agency enquiry", "law-firm": "Law firm enquiry" };
async function createCustomerContact(deps, input, meta2 = {}) {
  await hitOrThrow(deps.db, `contact:address:${meta2.clientAddress ?? "unknown"}`, RATE_LIMITS.contactPerAddress);
  await hitOrThrow(deps.db, `contact:email:${input.email.toLowerCase()}`, RATE_LIMITS.contactPerEmail);
  const contact = await insertCustomerContact(deps.db, {
    kind: input.kind,
    source: input.kind === "help" ? "contact" : input.source,
    name: input.name,
    organisation: input.kind === "help" ? null : input.organisation,
    email: input.email,
    phone: input.phone ?? null,
    message: input.message,
    promotionRef: input.kind === "help" ? input.promotion ?? null : null,
    userId: meta2.userId ?? null,
    clientAddress: meta2.clientAddress?.slice(0, 100),
    userAgent: meta2.userAgent?.slice(0, 500)
  });
  const rows = [
    ["Name", contact.name],
    ["Organisation", contact.organisation],
    ["Email", contact.email],
    ["Phone", contact.phone],
    ["Promotion", contact.promotionRef],
    ["Sent from", contact.source]
  ];
  const present = rows.filter((row) => Boolean(row[1]));
  const subject = `${KIND_LABEL[input.kind]} #${contact.id} from ${contact.name}`;
  try {
    await deps.mailer.send({
      to: deps.supportEmail,
      subject,
      text: `${present.map(([k, v]) => `${k}: ${v}`).join("\n")}

${contact.message}

Open the staff console to reply: ${deps.publicUrl}/
`,
      html: `<table>${present.map(([k, v]) => `<tr><th align="left">${escapeHtml3(k)}</th><td>${escapeHtml3(v)}</td></tr>`).join("")}</table><p style="white-space:pre-wrap">${escapeHtml3(contact.message)}</p>`
    });
  } catch (error) {
    deps.logger.error("contact e-mail failed", { contactId: contact.id, error: error instanceof Error ? error.message : String(error) });
  }
  return { contact, message: msgContactReceived(contact.email) };
}

// api/src/modules/contact/contact.routes.ts
function supportAddress(deps) {
  const from = deps.config.MAIL_FROM;
  const match = from ? /<([^>]+)>/.exec(from)?.[1] ?? from : void 0;
  return match ?? `support@${new URL(deps.config.PUBLIC_URL).hostname}`;
}
var meta = (req, userId) => ({ userId: userId ?? null, clientAddress: req.ip, userAgent: req.get("user-agent") });
function contactRoutes(deps) {
  const useCaseDeps = () => ({ db: deps.database.db, mailer: deps.mailer, logger: deps.logger, supportEmail: supportAddress(deps), publicUrl: deps.config.PUBLIC_URL });
  return [
    route({
      method: "post",
      path: "/Contact/CreateHelpContact",
      access: "public",
      status: 201,
      summary: "The contact form.",
      body: HelpContactSchema,
      response: ContactResponseSchema,
      handler: async ({ body, req, user }) => {
        await assertBotCheck(deps, body.recaptchaResponse);
        const { contact, message } = await createCustomerContact(useCaseDeps(), { kind: "help", ...body }, meta(req, user?.id));
        return { id: contact.id, message };
      }
    }),
    route({
      method: "post",
      path: "/Contact/CreateAgencyLawFirmContact",
      access: "public",
      status: 201,
      summary: "The agencies and law firms contact form.",
      body: AgencyLawFirmContactSchema,
      response: ContactResponseSchema,
      handler: async ({ body, req, user }) => {
        await assertBotCheck(deps, body.recaptchaResponse);
        const kind = body.source === "agencies" ? "agency" : "law-firm";
        const { contact, message } = await createCustomerContact(useCaseDeps(), { kind, ...body }, meta(req, user?.id));
        return { id: contact.id, message };
      }
    })
  ];
}

// api/src/modules/error-report/error-report.routes.ts
import express2, { Router as Router4 } from "express";
import { AppError as AppError32, MSG_TOO_MANY_ERROR_REPORTS } from "@permitdesk/shared";

// api/src/modules/error-report/error-report.schema.ts
import { z as z16 } from "zod";
import { MSG_ERROR_REPORT_MESSAGE_REQUIRED } from "@permitdesk/shared";
var clip = (max) => z16.preprocess((value) => value === void 0 || value === null ? void 0 : String(value).slice(0, max), z16.string().optional());
var int = z16.preprocess((value) => {
  const n = Number(value);
  return Number.isFinite(n) ? Math.max(0, Math.min(Math.trunc(n), 2147483647)) : void 0;
}, z16.number().int().optional());
var JsErrorReportSchema = z16.object({
  message: z16.preprocess((value) => value === void 0 || value === null ? value : String(value).slice(0, 2e3), z16.string({ error: MSG_ERROR_REPORT_MESSAGE_REQUIRED }).trim().min(1, { error: MSG_ERROR_REPORT_MESSAGE_REQUIRED })),
  source: clip(2e3),
  line: int,
  column: int,
  error: clip(8e3),
  console: clip(4e3)
});

// api/src/modules/error-report/record-js-error.ts
import { TIMINGS } from "@permitdesk/shared/constants";

// api/src/modules/error-report/error-report.repository.ts
import { sql as sql18 } from "drizzle-orm";
async function insertJsError(db, row) {
  await db.insert(jsErrors).values(row);
}
async function countInWindow(db, key, windowMs) {
  const { rows } = await db.execute(sql18`
    insert into app.rate_limits as r (key, count, reset_at) values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count`);
  return Number(rows[0].count);
}

// api/src/modules/error-report/record-js-error.ts
async function recordJsError(db, report, client) {
  const count7 = await countInWindow(db, `js-error:${client.address}`, TIMINGS.errorReportWindowMs);
  if (count7 > TIMINGS.errorReportLimit) return "limited";
  await insertJsError(db, { ...report, pageUrl: client.pageUrl?.slice(0, 2e3), userAgent: client.userAgent?.slice(0, 500), clientAddress: client.address.slice(0, 100) });
  return "stored";
}

// api/src/modules/error-report/error-report.routes.ts
function errorReportRoutes(deps) {
  const router = Router4({ caseSensitive: false });
  router.use(express2.urlencoded({ extended: false, limit: "64kb" }));
  router.use(express2.json({ limit: "64kb" }));
  router.use(sameOrigin(deps.config.publicOrigin));
  router.post(["/js", "/js/"], async (req, res) => {
    res.set("Cache-Control", "no-store");
    const report = parseInput(JsErrorReportSchema, req.body);
    const outcome = await recordJsError(deps.database.db, report, { address: req.ip ?? "unknown", userAgent: req.get("user-agent"), pageUrl: req.get("referer") });
    if (outcome === "limited") throw new AppError32("RATE_LIMITED", MSG_TOO_MANY_ERROR_REPORTS);
    res.status(204).end();
  });
  return router;
}

// api/src/modules/health/health.routes.ts
import { z as z17 } from "zod";
import { HealthResponseSchema, MSG_DATABASE_UNAVAILABLE } from "@permitdesk/shared";

// api/src/modules/health/health.repository.ts
var inFlight = /* @__PURE__ */ new WeakMap();
var answeredAt = /* @__PURE__ */ new WeakMap();
var YES = Promise.resolve(true);
var HEALTH_ANSWER_MS = 1e3;
function checkDatabase(database, now = Date.now()) {
  const at = answeredAt.get(database.pool);
  if (at !== void 0 && now - at < HEALTH_ANSWER_MS) return YES;
  const pending = inFlight.get(database.pool);
  if (pending) return pending;
  const check2 = database.pool.query("select 1").then(
    () => {
      answeredAt.set(database.pool, Date.now());
      return true;
    },
    () => {
      answeredAt.delete(database.pool);
      return false;
    }
  );
  inFlight.set(database.pool, check2);
  void check2.finally(() => inFlight.delete(database.pool));
  return check2;
}

// api/src/modules/health/health.routes.ts
function healthRoutes({ database, cmsState }) {
  return [
    route({
      method: "get",
      path: "/health",
      access: "public",
      summary: "Liveness: 200 while the database answers, 503 otherwise; lists the CMS admin as building, ready or failed.",
      response: z17.union([HealthResponseSchema, z17.object({ status: z17.literal("unavailable"), message: z17.string() })]),
      handler: async ({ res }) => {
        if (await checkDatabase(database)) return cmsState ? { status: "ok", cms: cmsState() } : { status: "ok" };
        res.status(503).json({ status: "unavailable", message: MSG_DATABASE_UNAVAILABLE });
      }
    })
  ];
}

// api/src/modules/promotions/promotions.routes.ts
import {
  ArchiveResponseSchema,
  DeleteResponseSchema,
  IdResponseSchema,
  LawyerContactResponseSchema,
  PermitSaveSchema,
  PromotionCreateSchema,
  PromotionListResponseSchema,
  PromotionReuseListResponseSchema,
  PromotionViewSchema,
  SaveAttachmentsSchema,
  SaveNswAuthoritySchema
} from "@permitdesk/shared";

// api/src/modules/promotions/archive-promotion.ts
import { AppError as AppError33 } from "@permitdesk/shared";
async function archivePromotion(db, owner, id, archived) {
  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, owner, id, { forUpdate: true });
    if (!before) throw new AppError33("NOT_FOUND");
    if (before.archived !== archived) {
      await updatePromotion(tx, id, { archived });
      await insertChange(tx, {
        promotionId: id,
        userId: owner.userId,
        entity: "promotion",
        entityId: id,
        action: archived ? "archive" : "unarchive",
        changes: { archived: { from: before.archived, to: archived } }
      });
    }
    return { id, archived };
  });
}

// api/src/modules/promotions/create-promotion.ts
async function createPromotion(db, userId, input) {
  const columns = formColumns(input);
  const { fees, requiresPermits } = computeFees(columns, await pricingRuleSet(db));
  return db.transaction(async (tx) => {
    const row = await insertPromotion(tx, { ...columns, userId, fees, requiresPermits });
    await insertChange(tx, {
      promotionId: row.id,
      userId,
      entity: "promotion",
      entityId: row.id,
      action: "create",
      changes: diffFields(null, { ...columns, requiresPermits, feeDue_GrandTotal: fees.feeDue_GrandTotal })
    });
    return { id: row.id };
  });
}

// api/src/modules/promotions/delete-promotion.ts
import { AppError as AppError34 } from "@permitdesk/shared";
async function deletePromotion(db, owner, id) {
  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, owner, id, { forUpdate: true });
    if (!before) throw new AppError34("NOT_FOUND");
    const deleted = !before.deleted;
    await updatePromotion(tx, id, { deleted });
    await insertChange(tx, {
      promotionId: id,
      userId: owner.userId,
      entity: "promotion",
      entityId: id,
      action: deleted ? "delete" : "restore",
      changes: { deleted: { from: before.deleted, to: deleted } }
    });
    return { id, deleted };
  });
}

// api/src/modules/promotions/get-promotion.ts
import { AppError as AppError40 } from "@permitdesk/shared";

// api/src/modules/payments/get-invoices.ts
import { AppError as AppError37, cardTotal as cardTotal3, toDollars as toDollars5 } from "@permitdesk/shared";

// api/src/modules/payments/invoice-view.ts
import { cardTotal, toDollars as toDollars4 } from "@permitdesk/shared";
function toInvoiceView(row, options) {
  const total = row.amount + row.gst + row.ccSurcharge;
  return {
    invoiceNumber: row.invoiceNumber,
    promotionId: row.promotionId,
    ...options.promotionName !== void 0 ? { promotionName: options.promotionName } : {},
    purpose: row.purpose,
    lines: row.lines.map((line) => ({ ...line, amount: toDollars4(line.amount) })),
    amount: toDollars4(row.amount),
    gst: toDollars4(row.gst),
    ccSurcharge: toDollars4(row.ccSurcharge),
    total: toDollars4(total),
    cardTotal: toDollars4(row.paidAt ? total : cardTotal(row.amount, row.gst).total),
    method: row.method,
    crn: row.crn,
    billerCode: row.method === "bpay" ? options.billerCode : null,
    testMode: row.testMode,
    status: row.cancelledAt ? "cancelled" : row.paidAt ? "paid" : "awaiting payment",
    dateCreated: row.createdAt.toISOString(),
    datePaid: row.paidAt ? row.paidAt.toISOString() : null,
    dateCancelled: row.cancelledAt ? row.cancelledAt.toISOString() : null
  };
}

// api/src/modules/payments/submit-permit-application.ts
import {
  AppError as AppError36,
  checkCard as checkCard2,
  crnForInvoice,
  getPermitStatus as getPermitStatus2,
  cardTotal as cardTotal2,
  MSG_CARD_MAY_HAVE_BEEN_CHARGED,
  MSG_CONFIRM_PAYMENT_FIELDS,
  MSG_NOT_READY_FOR_PAYMENT,
  MSG_RAW_CARD_REFUSED,
  PERMIT_STATUS_IDS as S,
  requireTransition as requireTransition3,
  resolveTransition
} from "@permitdesk/shared";

// api/src/modules/payments/payment-gateway.ts
import crypto9 from "node:crypto";
import {
  cardBrand,
  cardLast4,
  checkCard,
  cardDigits,
  MSG_CARD_AUTHENTICATION_FAILED,
  MSG_CARD_AUTHENTICATION_REQUIRED,
  MSG_CARD_DECLINED,
  MSG_PAYMENT_NOT_FOR_INVOICE
} from "@permitdesk/shared";

// api/src/modules/payments/sandbox-gateway.repository.ts
import { and as and14, eq as eq15, sql as sql19 } from "drizzle-orm";
async function recordSandboxAnswer(db, idempotencyKey, answer, intent) {
  return db.transaction(async (tx) => {
    const inserted = await tx.insert(sandboxCharges).values({ idempotencyKey, answer }).onConflictDoNothing().returning({ key: sandboxCharges.idempotencyKey });
    if (inserted.length > 0) {
      if (intent) await tx.insert(sandboxIntents).values(intent);
      return answer;
    }
    const [first] = await tx.select({ answer: sandboxCharges.answer }).from(sandboxCharges).where(eq15(sandboxCharges.idempotencyKey, idempotencyKey));
    return first.answer;
  });
}
async function findSandboxAnswer(db, idempotencyKey) {
  const [row] = await db.select({ answer: sandboxCharges.answer }).from(sandboxCharges).where(eq15(sandboxCharges.idempotencyKey, idempotencyKey));
  return row?.answer;
}
async function findSandboxIntent(db, id) {
  const [row] = await db.select().from(sandboxIntents).where(eq15(sandboxIntents.id, id));
  return row;
}
async function findSandboxIntentBySecret(db, clientSecret) {
  const [row] = await db.select().from(sandboxIntents).where(eq15(sandboxIntents.clientSecret, clientSecret));
  return row;
}
async function decideSandboxIntent(db, clientSecret, status) {
  await db.update(sandboxIntents).set({ status, decidedAt: sql19`now()` }).where(and14(eq15(sandboxIntents.clientSecret, clientSecret), eq15(sandboxIntents.status, "requires_action")));
  return findSandboxIntentBySecret(db, clientSecret);
}

// api/src/modules/payments/payment-gateway.ts
var SANDBOX_DECLINED = "4000000000000002";
var SANDBOX_REQUIRES_AUTHENTICATION = "4000002760003184";
var SandboxGateway = class {
  constructor(db) {
    this.db = db;
  }
  db;
  name = "sandbox";
  acceptsRawCards = true;
  async charge(request, now) {
    if (request.paymentIntentId) return this.afterChallenge(request);
    const previous = await findSandboxAnswer(this.db, request.idempotencyKey);
    if (previous) return previous;
    const { answer, intent } = this.decide(request, now);
    return recordSandboxAnswer(this.db, request.idempotencyKey, answer, intent);
  }
  decide(request, now) {
    const card = request.card;
    if (!card) return { answer: { status: "failed", ref: null, message: MSG_CARD_DECLINED, brand: null, last4: null } };
    const brand = cardBrand(card.number);
    const last4 = cardLast4(card.number);
    if (Object.keys(checkCard(card, now)).length > 0) return { answer: { status: "failed", ref: null, message: MSG_CARD_DECLINED, brand, last4 } };
    const unique2 = `${Date.now().toString(36)}_${crypto9.randomBytes(6).toString("hex")}`;
    const ref = `sandbox_ch_${unique2}`;
    const digits = cardDigits(card.number);
    if (digits === SANDBOX_DECLINED) return { answer: { status: "failed", ref, message: MSG_CARD_DECLINED, brand, last4 } };
    if (digits === SANDBOX_REQUIRES_AUTHENTICATION) {
      const intentId = `sandbox_pi_${unique2}`;
      const clientSecret = `${intentId}_secret_${crypto9.randomBytes(12).toString("hex")}`;
      return {
        answer: { status: "requires_action", ref: intentId, clientSecret, message: MSG_CARD_AUTHENTICATION_REQUIRED, brand, last4 },
        intent: { id: intentId, clientSecret, status: "requires_action", amount: request.amount, invoiceNumber: request.metadata.invoiceNumber, brand, last4 }
      };
    }
    return { answer: { status: "succeeded", ref, brand, last4 } };
  }
  async afterChallenge(request) {
    const id = request.paymentIntentId;
    const intent = await findSandboxIntent(this.db, id);
    if (!intent || intent.amount !== request.amount || intent.invoiceNumber !== request.metadata.invoiceNumber) {
      return { status: "failed", ref: intent ? id : null, message: MSG_PAYMENT_NOT_FOR_INVOICE, brand: null, last4: null };
    }
    const card = { brand: intent.brand, last4: intent.last4 };
    if (intent.status === "succeeded") return { status: "succeeded", ref: id, ...card };
    if (intent.status === "failed") return { status: "failed", ref: id, message: MSG_CARD_AUTHENTICATION_FAILED, ...card };
    return { status: "requires_action", ref: id, clientSecret: intent.clientSecret, message: MSG_CARD_AUTHENTICATION_REQUIRED, ...card };
  }
  async intentOfSecret(clientSecret) {
    return (await findSandboxIntentBySecret(this.db, clientSecret))?.id ?? null;
  }
  async completeChallenge(clientSecret, outcome) {
    const intent = await decideSandboxIntent(this.db, clientSecret, outcome === "complete" ? "succeeded" : "failed");
    if (!intent) return null;
    return { paymentIntentId: intent.id, status: intent.status };
  }
};
function isTestMode(gateway) {
  return gateway.name === "sandbox";
}

// api/src/modules/payments/owed-invoice.ts
import { AppError as AppError35, dollarsToCents, invoiceLinesOf, MSG_PAYMENT_TOTAL_CHANGED } from "@permitdesk/shared";
function owedDifference(row, paid) {
  const invoicedAmount = paid.reduce((sum, invoice) => sum + invoice.amount, 0);
  const invoicedGst = paid.reduce((sum, invoice) => sum + invoice.gst, 0);
  return { amount: Math.max(0, row.fees.feeDue_Total - invoicedAmount), gst: Math.max(0, row.fees.feeDue_GST - invoicedGst) };
}
function invoiceDueNow(row, paid) {
  const fees = row.fees;
  if (paid.length === 0) {
    if (fees.feeDue_Total + fees.feeDue_GST <= 0) return null;
    return { purpose: "submission", lines: invoiceLinesOf(fees), amount: fees.feeDue_Total, gst: fees.feeDue_GST };
  }
  const { amount, gst } = owedDifference(row, paid);
  if (amount + gst <= 0) return null;
  return { purpose: "additional", lines: [{ description: "Additional fees after a change to the application", amount, taxable: gst > 0 }], amount, gst };
}
function isCurrent(invoice, due) {
  if (due === null || invoice.purpose !== due.purpose || invoice.amount !== due.amount || invoice.gst !== due.gst) return false;
  const lines = invoice.lines ?? [];
  return lines.length === due.lines.length && lines.every((line, i) => {
    const want = due.lines[i];
    return line.description === want.description && line.amount === want.amount && line.taxable === want.taxable;
  });
}
async function cancelStaleInvoices(tx, row, actorUserId, now = /* @__PURE__ */ new Date()) {
  const live = await findSubmissionInvoices(tx, row.id);
  const due = invoiceDueNow(row, live.filter((invoice) => invoice.paidAt));
  let current = null;
  for (const invoice of live.filter((i) => !i.paidAt)) {
    if (!current && isCurrent(invoice, due)) {
      current = invoice;
      continue;
    }
    if (!await cancelUnpaidInvoice(tx, invoice.id, now)) continue;
    await insertChange(tx, {
      promotionId: row.id,
      userId: actorUserId,
      entity: "promotion",
      entityId: row.id,
      action: "cancelInvoice",
      changes: { invoice: { from: `${invoice.invoiceNumber} awaiting payment`, to: `${invoice.invoiceNumber} cancelled: the fees changed` } }
    });
  }
  return { current, due };
}
async function ensureOwedInvoice(tx, row, { actorUserId = row.userId, now = /* @__PURE__ */ new Date(), testMode }) {
  const { current, due } = await cancelStaleInvoices(tx, row, actorUserId, now);
  if (current) return current;
  if (!due) return null;
  const n = await countInvoices(tx, row.id, due.purpose);
  const purposeKey = due.purpose === "submission" ? n === 0 ? "submission" : `submission-${n + 1}` : `additional-${n + 1}`;
  return insertInvoice(tx, {
    invoiceNumber: await nextInvoiceNumber(tx, { testMode }),
    testMode,
    promotionId: row.id,
    userId: row.userId,
    purpose: due.purpose,
    purposeKey,
    lines: due.lines,
    amount: due.amount,
    gst: due.gst
  });
}
function assertStillOwed(invoice, named) {
  const owed = invoice ? invoice.amount + invoice.gst : 0;
  const staleNumber = named.invoiceNumber != null && invoice?.invoiceNumber !== named.invoiceNumber;
  const staleTotal = named.expectedTotal !== void 0 && dollarsToCents(named.expectedTotal) !== owed;
  if (staleNumber || staleTotal) {
    throw new AppError35("CONFLICT", MSG_PAYMENT_TOTAL_CHANGED, {
      modelState: { expectedTotal: [MSG_PAYMENT_TOTAL_CHANGED] },
      internalMessage: `payment named ${named.invoiceNumber ?? "-"} / ${named.expectedTotal ?? "-"}, owed ${invoice?.invoiceNumber ?? "-"} / ${owed} cents`
    });
  }
}

// api/src/modules/payments/submit-permit-application.ts
var PAYABLE = /* @__PURE__ */ new Set([S.readySubmission, S.readyResubmission, S.readyGenerate, S.readyRegenerate]);
var AFTER_PAYMENT = /* @__PURE__ */ new Set([S.submitted, S.resubmitted, S.generated, S.regenerated, S.awaitingSubmission]);
function termsBought(row) {
  return row.termsAndConditions || row.skillsBasedTC;
}
async function chargeInvoiceByCard(tx, deps, row, invoice, input, now) {
  const card = { name: input.cardName ?? "", number: input.cardNumber ?? "", cvc: input.cardSecurityCode ?? "", expiry: input.cardExpiry ?? "" };
  if (deps.gateway.acceptsRawCards && !input.paymentIntentId) {
    const errors = checkCard2(card, now);
    if (Object.keys(errors).length > 0) throw new AppError36("VALIDATION", MSG_CONFIRM_PAYMENT_FIELDS, { modelState: errors });
  } else if (!input.paymentMethodId && !input.paymentIntentId) {
    throw new AppError36("VALIDATION", MSG_CONFIRM_PAYMENT_FIELDS, { modelState: { paymentMethodId: [MSG_CONFIRM_PAYMENT_FIELDS] } });
  }
  const { surcharge, total } = cardTotal2(invoice.amount, invoice.gst);
  const earlier = input.paymentIntentId ? await findPaymentByRef(tx, input.paymentIntentId) : void 0;
  if (input.paymentIntentId && (!earlier || earlier.invoiceId !== invoice.id)) {
    throw new AppError36("VALIDATION", MSG_CONFIRM_PAYMENT_FIELDS, { modelState: { paymentIntentId: [MSG_CONFIRM_PAYMENT_FIELDS] } });
  }
  const attempt = await countUnsuccessfulAttempts(tx, invoice.id) + 1;
  const idempotencyKey = earlier?.idempotencyKey ?? `permitdesk-promotion-${row.id}-${invoice.purposeKey}-attempt-${attempt}`;
  let result;
  try {
    result = await deps.gateway.charge(
      {
        amount: total,
        idempotencyKey,
        description: `Invoice ${invoice.invoiceNumber} (promotion ${row.id})`,
        metadata: { invoiceNumber: invoice.invoiceNumber, promotionId: row.id },
        ...deps.gateway.acceptsRawCards && !input.paymentIntentId ? { card } : {},
        ...input.paymentMethodId ? { paymentMethodId: input.paymentMethodId } : {},
        ...input.paymentIntentId ? { paymentIntentId: input.paymentIntentId } : {}
      },
      now
    );
  } catch (error) {
    throw new AppError36("PAYMENT_FAILED", MSG_CARD_MAY_HAVE_BEEN_CHARGED, { cause: error, internalMessage: `gateway error for ${idempotencyKey}` });
  }
  const record = {
    gatewayRef: result.ref,
    status: result.status,
    brand: result.brand,
    last4: result.last4,
    message: result.status === "succeeded" ? null : result.message,
    isReattempt: input.isReattempt
  };
  const payment = earlier ? await updatePayment(tx, earlier.id, record) : await insertPayment(tx, { ...record, invoiceId: invoice.id, promotionId: row.id, gateway: deps.gateway.name, idempotencyKey, amount: total });
  if (result.status === "requires_action" && result.clientSecret) {
    return { kind: "requires_action", clientSecret: result.clientSecret, paymentIntentId: result.ref, paymentId: payment.id };
  }
  if (result.status !== "succeeded") return { kind: "failed", message: result.message };
  const paid = await updateInvoice(tx, invoice.id, { method: "card", ccSurcharge: surcharge, paidAt: now });
  return { kind: "paid", invoice: paid, card: { brand: result.brand, last4: result.last4 } };
}
function statusView(statusId) {
  const status = getPermitStatus2(statusId);
  return { id: status.id, name: status.name, slug: status.slug };
}
async function submitPermitApplication(deps, actor, input, prepare) {
  const now = deps.now?.() ?? /* @__PURE__ */ new Date();
  const byCard = !input.isBPAY || input.isCardAfterBpay;
  const rawCard = Boolean(input.cardNumber || input.cardSecurityCode || input.cardExpiry);
  if (byCard && rawCard && !deps.gateway.acceptsRawCards) {
    throw new AppError36("VALIDATION", MSG_RAW_CARD_REFUSED, { modelState: { cardNumber: [MSG_RAW_CARD_REFUSED] } });
  }
  const outcome = await deps.db.transaction(async (tx) => {
    const found = await findPromotion(tx, actor, input.id, { forUpdate: true });
    if (!found) throw new AppError36("NOT_FOUND");
    const row = prepare ? await prepare(tx, found) : found;
    const role = actor.isStaff ? "admin" : "customer";
    if (!PAYABLE.has(row.statusId) && row.statusId !== S.pendingPaymentClearance) {
      const paid = (await findSubmissionInvoices(tx, row.id)).filter((invoice2) => invoice2.paidAt).at(-1);
      if (paid && AFTER_PAYMENT.has(row.statusId)) return { kind: "done", row, invoice: paid, card: null, fresh: false };
      throw new AppError36("CONFLICT", MSG_NOT_READY_FOR_PAYMENT);
    }
    if (row.statusId === S.pendingPaymentClearance && !byCard) {
      const pending = (await findSubmissionInvoices(tx, row.id)).find((invoice2) => !invoice2.paidAt && invoice2.method === "bpay");
      return { kind: "done", row, invoice: pending ?? null, card: null, fresh: false };
    }
    const event = row.statusId === S.pendingPaymentClearance ? "PAY_CARD_AFTER_BPAY" : byCard ? "SUBMIT_CARD" : "SUBMIT_BPAY";
    const invoice = await ensureOwedInvoice(tx, row, { actorUserId: actor.userId, now, testMode: isTestMode(deps.gateway) });
    assertStillOwed(invoice, input);
    const firstSubmission = invoice?.purpose === "submission" || invoice === null && row.statusId === S.readySubmission;
    const context = {
      managedSubmission: row.managedSubmission,
      termsAwaitingApproval: firstSubmission && row.managedSubmission && termsBought(row),
      resubmission: row.statusId === S.readyResubmission || row.statusId === S.readyRegenerate || invoice !== null && invoice.purpose !== "submission"
    };
    const effectiveEvent = invoice === null && event === "SUBMIT_BPAY" ? "SUBMIT_CARD" : event;
    const check2 = resolveTransition({ from: row.statusId, event: effectiveEvent, role, ...context });
    if (!check2.ok) throw new AppError36("CONFLICT", MSG_NOT_READY_FOR_PAYMENT);
    if (invoice === null && check2.to === row.statusId) {
      const paid = (await findSubmissionInvoices(tx, row.id)).filter((i) => i.paidAt).at(-1);
      if (paid) return { kind: "done", row, invoice: paid, card: null, fresh: false };
    }
    let paidInvoice = invoice;
    let charged = null;
    if (invoice && effectiveEvent === "SUBMIT_BPAY") {
      paidInvoice = await updateInvoice(tx, invoice.id, { method: "bpay", crn: crnForInvoice(invoice.invoiceNumber), ccSurcharge: 0 });
    } else if (invoice) {
      const result = await chargeInvoiceByCard(tx, deps, row, invoice, input, now);
      if (result.kind === "failed") return result;
      if (result.kind === "requires_action") return { kind: "requires_action", row, invoice, clientSecret: result.clientSecret, paymentIntentId: result.paymentIntentId };
      paidInvoice = result.invoice;
      charged = result.card;
    }
    const to = requireTransition3({ from: row.statusId, event: effectiveEvent, role, ...context });
    const after = await updatePromotion(tx, row.id, { statusId: to });
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: "permit",
      entityId: row.id,
      action: "submitPermitApplication",
      changes: {
        statusId: { from: row.statusId, to },
        ...paidInvoice ? { invoice: { from: null, to: `${paidInvoice.invoiceNumber} ${paidInvoice.paidAt ? "paid by card" : "awaiting BPAY"}` } } : {}
      }
    });
    await publishEvent(tx, "promotion.submitted", { promotionId: row.id, statusId: to });
    if (paidInvoice?.paidAt) await publishEvent(tx, "promotion.paid", { promotionId: row.id, invoiceNumber: paidInvoice.invoiceNumber });
    return { kind: "done", row: after, invoice: paidInvoice, card: charged, fresh: true };
  });
  if (outcome.kind === "failed") throw new AppError36("PAYMENT_FAILED", outcome.message);
  if (outcome.kind === "requires_action") {
    return {
      id: outcome.row.id,
      permitStatus: statusView(outcome.row.statusId),
      invoice: toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }),
      card: null,
      requiresAction: { clientSecret: outcome.clientSecret, paymentIntentId: outcome.paymentIntentId }
    };
  }
  if (outcome.fresh && deps.afterCommit) {
    const invoice = outcome.invoice;
    deps.afterCommit({
      kind: !invoice ? "submitted-only" : invoice.paidAt ? "paid" : "bpay",
      promotionId: outcome.row.id,
      promotionName: outcome.row.name,
      statusId: outcome.row.statusId,
      userId: outcome.row.userId,
      invoiceNumber: invoice?.invoiceNumber ?? null
    });
  }
  return {
    id: outcome.row.id,
    permitStatus: statusView(outcome.row.statusId),
    invoice: outcome.invoice ? toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }) : null,
    card: outcome.card
  };
}

// api/src/modules/payments/get-invoices.ts
async function getInvoice(db, viewer, invoiceNumber, billerCode) {
  const row = await findInvoiceByNumber(db, viewer, invoiceNumber);
  if (!row) throw new AppError37("NOT_FOUND");
  return toInvoiceView(row, { billerCode });
}
async function getInvoices(db, viewer, filter, billerCode) {
  if (filter.promotionId !== void 0 && !await findPromotion(db, viewer, filter.promotionId)) throw new AppError37("NOT_FOUND");
  const { rows, total } = await listInvoices(db, viewer, filter);
  return {
    invoices: rows.map(({ invoice, promotionName }) => toInvoiceView(invoice, { billerCode, promotionName })),
    invoiceCount: total,
    page: filter.page,
    count: filter.count
  };
}
async function pendingInvoicesOf(db, row) {
  const unpaid = await findUnpaidInvoices(db, row.id);
  const wire = (invoiceNumber, amount, gst, method) => ({
    invoiceNumber,
    amount: toDollars5(amount),
    gst: toDollars5(gst),
    // BPAY invoices carry no surcharge; otherwise the 1.5% a card payment adds (001 §9).
    ccSurcharge: toDollars5(method === "bpay" ? 0 : cardTotal3(amount, gst).surcharge)
  });
  const pick2 = (purposes) => {
    const invoice = unpaid.find((i) => purposes.includes(i.purpose));
    return invoice ? wire(invoice.invoiceNumber, invoice.amount, invoice.gst, invoice.method) : null;
  };
  let pendingSubmissionInvoice = pick2(["submission", "additional"]);
  if (!pendingSubmissionInvoice) {
    const live = await findSubmissionInvoices(db, row.id);
    if (live.some((i) => i.paidAt)) {
      const { amount, gst } = owedDifference(row, live);
      if (amount + gst > 0) pendingSubmissionInvoice = wire(null, amount, gst, null);
    }
  }
  return { pendingSubmissionInvoice, pendingCustomInvoice: pick2(["custom"]) };
}

// api/src/modules/reminders/promotion-reminders.ts
import {
  AppError as AppError39,
  daysLeft,
  MSG_LIST_NOT_FOUND as MSG_LIST_NOT_FOUND2,
  MSG_REMINDER_NO_DATE,
  MSG_REMINDER_PAST,
  planReminders,
  promotionKeyDates,
  REMINDER_KINDS
} from "@permitdesk/shared";

// api/src/modules/reminders/distribution-lists.ts
import { parse } from "csv-parse/sync";
import {
  AppError as AppError38,
  EMAIL_PATTERN,
  MSG_LIST_CSV_INVALID,
  MSG_LIST_EMAILS_REQUIRED,
  MSG_LIST_NOT_FOUND,
  MSG_LIST_ROW_INVALID
} from "@permitdesk/shared";
function distributionListView(row) {
  return { id: row.id, name: row.name, emails: row.emails };
}
function normaliseEmail(value) {
  return value.trim().toLowerCase();
}
function parseEmailRows(text32, { csv = false } = {}) {
  let records;
  try {
    records = parse(text32.replace(/;/g, ","), { relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, info: true, bom: true });
  } catch {
    throw new AppError38("VALIDATION", MSG_LIST_CSV_INVALID, { modelState: { csv: [MSG_LIST_CSV_INVALID] } });
  }
  const emails = [];
  const rejected = [];
  for (const { record, info } of records) {
    const cells = record.map((cell) => cell.trim()).filter(Boolean);
    if (cells.length === 0) continue;
    if (csv && info.lines === 1 && !cells.some((cell) => cell.includes("@"))) continue;
    const candidates = cells.filter((cell) => cell.includes("@"));
    if (candidates.length === 0) {
      rejected.push({ line: info.lines, value: cells.join(", "), message: MSG_LIST_ROW_INVALID(info.lines, cells.join(", ")) });
      continue;
    }
    for (const cell of candidates) {
      if (EMAIL_PATTERN.test(cell)) emails.push(normaliseEmail(cell));
      else rejected.push({ line: info.lines, value: cell, message: MSG_LIST_ROW_INVALID(info.lines, cell) });
    }
  }
  return { emails, rejected };
}
async function getDistributionLists(db, owner) {
  return (await listDistributionLists(db, owner.userId)).map(distributionListView);
}
async function createDistributionList(db, owner, name) {
  return distributionListView(await insertDistributionList(db, owner.userId, name));
}
async function addDistributionListEmails(db, owner, id, input) {
  const { emails, rejected } = input.text !== void 0 ? parseEmailRows(input.text, { csv: input.csv }) : { emails: [normaliseEmail(input.email ?? "")], rejected: [] };
  if (emails.length === 0) {
    const messages = rejected.length > 0 ? rejected.map((row) => row.message) : [MSG_LIST_EMAILS_REQUIRED];
    throw new AppError38("VALIDATION", messages[0], { modelState: { emails: messages } });
  }
  return db.transaction(async (tx) => {
    const list = await findDistributionList(tx, owner.userId, id, { forUpdate: true });
    if (!list) throw new AppError38("NOT_FOUND", MSG_LIST_NOT_FOUND);
    const merged = [.../* @__PURE__ */ new Set([...list.emails, ...emails])];
    const added = merged.length - list.emails.length;
    const row = await updateDistributionListEmails(tx, id, merged);
    return { ...distributionListView(row), added, rejected };
  });
}
async function removeDistributionListEmail(db, owner, id, email) {
  return db.transaction(async (tx) => {
    const list = await findDistributionList(tx, owner.userId, id, { forUpdate: true });
    if (!list) throw new AppError38("NOT_FOUND", MSG_LIST_NOT_FOUND);
    const target = normaliseEmail(email);
    return distributionListView(await updateDistributionListEmails(tx, id, list.emails.filter((e) => e !== target)));
  });
}
async function removeDistributionList(db, owner, id) {
  return db.transaction(async (tx) => {
    const list = await findDistributionList(tx, owner.userId, id, { forUpdate: true });
    if (!list) throw new AppError38("NOT_FOUND", MSG_LIST_NOT_FOUND);
    await deleteDistributionList(tx, id);
    return { id };
  });
}

// api/src/modules/reminders/promotion-reminders.ts
function datesSourceOf(row) {
  return { permit: row.permit, details: row.details, applicant: row.applicant, states: { act: row.stateAct, sa: row.stateSa, nsw: row.stateNsw } };
}
function choicesOf(rows) {
  return rows.filter((row) => REMINDER_KINDS.includes(row.kind)).map((row) => ({
    kind: row.kind,
    accountHolder: row.accountHolder,
    distributionListIds: row.distributionListIds,
    daysBefore: row.daysBefore ?? void 0
  }));
}
function plannedView(planned, sent) {
  const wasSent = planned.reminderDate !== null && sent.has(`${planned.kind}:${planned.reminderDate}`);
  const status = wasSent ? "sent" : planned.status;
  return {
    kind: planned.kind,
    label: planned.label,
    date: planned.date,
    daysBefore: planned.daysBefore,
    businessDays: planned.businessDays,
    reminderDate: planned.reminderDate,
    sendAt: planned.sendAt?.toISOString() ?? null,
    status,
    message: status === "past" ? MSG_REMINDER_PAST : status === "no-date" ? MSG_REMINDER_NO_DATE : null,
    accountHolder: planned.accountHolder,
    distributionListIds: planned.distributionListIds
  };
}
async function getPromotionReminders(db, owner, promotionId) {
  const promotion = await findPromotion(db, owner, promotionId);
  if (!promotion) throw new AppError39("NOT_FOUND");
  return remindersView(db, promotion);
}
async function remindersView(db, promotion) {
  const clock = { now: /* @__PURE__ */ new Date() };
  const rows = await findPromotionReminders(db, promotion.id);
  const deliveries = await deliveriesOf(db, promotion.id);
  const unsubscribed = await unsubscribedEmails(db, promotion.id);
  const lists = await listDistributionLists(db, promotion.userId);
  const sent = new Set(deliveries.map((d) => `${d.kind}:${d.reminderDate}`));
  const ownerEmail = await ownerEmailOf(db, promotion.userId);
  return {
    promotionId: promotion.id,
    unsubscribed: ownerEmail ? unsubscribed.has(ownerEmail.toLowerCase()) : false,
    dates: promotionKeyDates(datesSourceOf(promotion)).map((date5) => ({ ...date5, daysLeft: daysLeft(date5.date, clock) })),
    reminders: planReminders(choicesOf(rows), datesSourceOf(promotion), clock).map((planned) => plannedView(planned, sent)),
    distributionLists: lists.map(distributionListView)
  };
}
async function ownerEmailOf(db, userId) {
  return findUserEmail(db, userId);
}
async function saveReminders(db, owner, input) {
  return db.transaction(async (tx) => {
    const promotion = await findPromotion(tx, owner, input.promotionId, { forUpdate: true });
    if (!promotion) throw new AppError39("NOT_FOUND");
    const byKind = /* @__PURE__ */ new Map();
    for (const choice of input.reminders) byKind.set(choice.kind, { ...choice, distributionListIds: [...new Set(choice.distributionListIds)] });
    const listIds = [...new Set([...byKind.values()].flatMap((choice) => choice.distributionListIds))];
    const lists = await distributionListsByIds(tx, promotion.userId, listIds);
    if (lists.length !== listIds.length) throw new AppError39("NOT_FOUND", MSG_LIST_NOT_FOUND2);
    const before = choicesOf(await findPromotionReminders(tx, promotion.id));
    const rows = [...byKind.values()].map((choice) => ({
      kind: choice.kind,
      daysBefore: choice.daysBefore ?? null,
      accountHolder: choice.accountHolder,
      distributionListIds: choice.distributionListIds
    }));
    await replacePromotionReminders(tx, promotion.id, rows);
    await insertChange(tx, {
      promotionId: promotion.id,
      userId: owner.userId,
      entity: "promotion",
      entityId: promotion.id,
      action: "save-reminders",
      changes: { reminders: { from: before, to: [...byKind.values()] } }
    });
    await publishEvent(tx, "reminders.saved", { promotionId: promotion.id });
    return remindersView(tx, promotion);
  });
}
async function reminderStateOf(db, promotion) {
  const rows = await findPromotionReminders(db, promotion.id);
  const unsubscribed = await unsubscribedEmails(db, promotion.id);
  const ownerEmail = await ownerEmailOf(db, promotion.userId);
  return {
    unsubscribed: ownerEmail ? unsubscribed.has(ownerEmail.toLowerCase()) : false,
    reminders: rows.map((row) => ({ kind: row.kind, daysBefore: row.daysBefore, accountHolder: row.accountHolder, distributionListIds: row.distributionListIds }))
  };
}

// api/src/modules/promotions/promotion-view.ts
import {
  durationString,
  getPermitStatus as getPermitStatus3,
  promotionToWire,
  isSubmittedOrGenerated
} from "@permitdesk/shared";
import { deriveApplicationState } from "@permitdesk/shared";
function permitStatusOf(statusId) {
  const s = getPermitStatus3(statusId);
  return { id: s.id, name: s.name, slug: s.slug };
}
function flags(row) {
  const hasTermsAndConditions = row.termsAndConditions || row.abridgedTC || row.hostedTC || row.skillsBasedTC;
  const hasRandomDraw = row.randomDraw;
  const hasWinnerPublication = Boolean(row.permit.winnerPublication);
  return { hasTermsAndConditions, hasRandomDraw, hasWinnerPublication };
}
function servicesStringOf(row) {
  const parts2 = [];
  if (!row.skillsBasedTC) parts2.push(row.managedSubmission ? "Managed permit submission" : "Self submission");
  if (row.randomDraw) parts2.push("Random draw");
  if (row.termsAndConditions) parts2.push("Terms and conditions (game of chance)");
  if (row.skillsBasedTC) parts2.push("Terms and conditions (game of skill)");
  if (row.abridgedTC) parts2.push("Abridged terms and conditions");
  if (row.hostedTC) parts2.push("Hosted terms and conditions");
  return parts2.join(", ");
}
function durationStringOf(row) {
  const permit = row.permit;
  if (!permit.startDate || !permit.endDate) return "";
  const days = Math.round((Date.parse(`${permit.endDate}T00:00:00Z`) - Date.parse(`${permit.startDate}T00:00:00Z`)) / 864e5) + 1;
  return days > 0 ? durationString(days) : "";
}
function toListItem(row) {
  return promotionToWire(listItemOf(row));
}
function listItemOf(row) {
  return {
    id: row.id,
    name: row.name,
    permitStatus: permitStatusOf(row.statusId),
    startDate: row.startDate,
    ausStates: ausStatesOfRow(row),
    includeNz: row.includeNz,
    totalPrizeValue: row.totalPrizeValue,
    postSubmissionTotalPrizeValue: row.postSubmissionTotalPrizeValue,
    isSubmittedOrGenerated: isSubmittedOrGenerated(row.statusId),
    managedSubmission: row.managedSubmission,
    skillsBasedTC: row.skillsBasedTC,
    hasTermsAndConditions: flags(row).hasTermsAndConditions,
    archived: row.archived,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString()
  };
}
function toPromotion(row, notes) {
  const f = flags(row);
  const permitStatus = permitStatusOf(row.statusId);
  const { ruleSetId, ...fees } = row.fees;
  const application = applicationOf(row);
  const { completedSections, applicationComplete, ...derived } = deriveApplicationState(application, { now: /* @__PURE__ */ new Date() });
  const { permit: _permit, ...applicationFields } = application;
  return promotionToWire({
    ...applicationFields,
    attachments: row.attachments,
    ...listItemOf(row),
    usingRandomDrawsDotCom: row.usingRandomDrawsDotCom,
    winnersDrawnElectronically: row.winnersDrawnElectronically,
    hasNswAuthority: row.hasNswAuthority,
    hasInstantWinPrizes: row.hasInstantWinPrizes,
    randomDrawMachineApproved: row.randomDrawMachineApproved,
    randomDraw: row.randomDraw,
    termsAndConditions: row.termsAndConditions,
    abridgedTC: row.abridgedTC,
    hostedTC: row.hostedTC,
    requiresPermits: row.requiresPermits,
    lawyerContactRequested: row.lawyerContactRequested,
    ...f,
    serviceLineCount: [f.hasTermsAndConditions, f.hasRandomDraw, f.hasWinnerPublication].filter(Boolean).length,
    servicesString: servicesStringOf(row),
    durationString: durationStringOf(row),
    ...notes,
    ...derived,
    permit: { ...row.permit, applicant: row.applicant, completedSections, applicationComplete, permitStatus, ...fees, isSAFeePremium: fees.isSAFeePremium === true, feeRuleSetId: ruleSetId },
    permitApplicant: row.applicant,
    versionNumber: row.version,
    // documentFileName: the permit document staff uploaded with the number, now the customer's upload (issue 25).
    permitNumbers: Object.entries(row.permitNumbers ?? {}).map(([state, p]) => ({ state, number: p.number, approvalDate: p.approvalDate, expiryDate: p.expiryDate, documentFileName: p.fileName ?? null }))
  });
}

// api/src/modules/promotions/get-promotion.ts
async function getPromotion(db, owner, id) {
  const row = await findPromotion(db, owner, id);
  if (!row) throw new AppError40("NOT_FOUND");
  const notes = await notesSummary(db, row.id);
  const window = await skillEditWindow(db, row, /* @__PURE__ */ new Date());
  return {
    ...toPromotion(row, notes),
    ...await pendingInvoicesOf(db, row),
    ...await reminderStateOf(db, row),
    skillsBasedTCEditWindow: window?.ends ? window.ends.toISOString() : null
  };
}

// api/src/modules/promotions/get-reuse-list.ts
async function getReuseList(db, owner, search, exclude) {
  const rows = await findReuseList(db, owner, search, exclude);
  return rows.map(toListItem);
}

// api/src/modules/promotions/list-promotions.ts
async function listPromotions2(db, owner, query) {
  const direction = query.direction ?? (query.sort === "date" ? "desc" : "asc");
  const { rows, total } = await listPromotions(db, { ...query, owner, direction });
  return { promotions: rows.map(toListItem), promotionCount: total };
}

// api/src/modules/promotions/modify-promotion.ts
import {
  AppError as AppError41,
  deriveApplicationState as deriveApplicationState2,
  isEditableStatus,
  isSubmittedOrGenerated as isSubmittedOrGenerated2,
  MSG_PROMOTION_FIXED_AFTER_SUBMISSION,
  MSG_PROMOTION_NOT_MODIFIABLE,
  statusAfterSave
} from "@permitdesk/shared";
var FIXED_AFTER_SUBMISSION = ["stateAct", "stateNsw", "stateSa", "stateVic", "stateNt", "stateWa", "stateQld", "stateTas", "includeNz", "managedSubmission", "skillsBasedTC"];
async function modifyPromotion(db, owner, body) {
  const { id, ...input } = body;
  const promotionId = Number(id);
  if (!Number.isInteger(promotionId) || promotionId <= 0) throw new AppError41("NOT_FOUND");
  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, owner, promotionId, { forUpdate: true });
    if (!before) throw new AppError41("NOT_FOUND");
    if (!isEditableStatus(before.statusId)) throw new AppError41("CONFLICT", MSG_PROMOTION_NOT_MODIFIABLE, { modelState: { "": [MSG_PROMOTION_NOT_MODIFIABLE] } });
    await assertSkillAmendable(tx, owner, before, /* @__PURE__ */ new Date());
    const columns = formColumns(input);
    if (isSubmittedOrGenerated2(before.statusId)) {
      const changed = FIXED_AFTER_SUBMISSION.filter((key) => columns[key] !== before[key]);
      if (changed.length > 0) {
        throw new AppError41("CONFLICT", MSG_PROMOTION_FIXED_AFTER_SUBMISSION, {
          modelState: Object.fromEntries(changed.map((key) => [key.startsWith("state") ? "ausStates" : key, [MSG_PROMOTION_FIXED_AFTER_SUBMISSION]]))
        });
      }
      columns.postSubmissionTotalPrizeValue = columns.totalPrizeValue;
      columns.totalPrizeValue = before.totalPrizeValue;
    }
    const { fees, requiresPermits } = computeFees({ ...columns, skillsTcPaymentOption: before.skillsTcPaymentOption, postSubmissionTotalPrizeValue: columns.postSubmissionTotalPrizeValue ?? before.postSubmissionTotalPrizeValue, details: before.details }, await pricingRuleSet(tx, before));
    const state = deriveApplicationState2(applicationOf({ ...before, ...columns, fees, requiresPermits }), { now: /* @__PURE__ */ new Date() });
    const statusId = statusAfterSave(before.statusId, state.applicationComplete, columns.managedSubmission ?? before.managedSubmission);
    const after = await updatePromotion(tx, before.id, { ...columns, fees, requiresPermits, statusId });
    await cancelStaleInvoices(tx, after, owner.userId);
    await publishEvent(tx, "promotion.saved", { promotionId: after.id, statusId: after.statusId });
    const changes = diffFields(pick(before), pick(after));
    await insertChange(tx, { promotionId: before.id, userId: owner.userId, entity: "promotion", entityId: before.id, action: "modify", changes });
    return { id: before.id };
  });
}
function pick(row) {
  const { id: _id, userId: _u, createdAt: _c, updatedAt: _up, version: _v, permit: _p, applicant: _a, fees, ...rest } = row;
  return { ...rest, feeDue_GrandTotal: fees.feeDue_GrandTotal };
}

// api/src/modules/payments/send-payment-mails.ts
import { customerStatusName, promotionTitle, statusNextStep } from "@permitdesk/shared";

// api/src/mail/payment-templates.ts
import { formatCurrency } from "@permitdesk/shared";
function paymentReceiptTemplate(brand, { firstName, invoiceNumber, total, promotionName, dashboardUrl, method }) {
  return layout(brand, {
    subject: `Payment received: tax invoice ${invoiceNumber}`,
    heading: `Thank you, ${firstName}`,
    paragraphs: [
      `We received your ${method === "bpay" ? "BPAY" : "card"} payment of ${formatCurrency(total)} for ${promotionName}.`,
      `Your tax invoice ${invoiceNumber} is attached.`
    ],
    action: { label: "Open the promotion", url: dashboardUrl }
  });
}
function bpayInstructionsTemplate(brand, { firstName, invoiceNumber, total, promotionName, dashboardUrl, billerCode, crn }) {
  return layout(brand, {
    subject: `BPAY payment details for invoice ${invoiceNumber}`,
    heading: `Hello ${firstName}`,
    paragraphs: [
      `To pay for ${promotionName} by BPAY, use these details in your bank's BPAY service:`,
      `Biller code: ${billerCode}`,
      `Reference number (CRN): ${crn}`,
      `Amount: ${formatCurrency(total)}`,
      'Your application waits in "Pending payment clearance" and is submitted once the payment clears. You can also pay by card instead from the promotion.',
      `Tax invoice ${invoiceNumber} is attached.`
    ],
    action: { label: "Open the promotion", url: dashboardUrl }
  });
}
function submittedTemplate(brand, { firstName, promotionName, statusName, nextStep, dashboardUrl }) {
  return layout(brand, {
    subject: `${promotionName}: ${statusName}`,
    heading: `Hello ${firstName}`,
    paragraphs: [`Thank you: we have received your payment for ${promotionName}. Its status is now "${statusName}".`, nextStep],
    action: { label: "Open the promotion", url: dashboardUrl }
  });
}
function invoiceCopyTemplate(brand, { firstName, invoiceNumber, promotionName, dashboardUrl }) {
  return layout(brand, {
    subject: `Tax invoice ${invoiceNumber}`,
    heading: `Hello ${firstName}`,
    paragraphs: [`As requested, tax invoice ${invoiceNumber} for ${promotionName} is attached.`],
    action: { label: "Open the promotion", url: dashboardUrl }
  });
}
function amendmentStartedTemplate(brand, { firstName, promotionName, editUrl }) {
  return layout(brand, {
    subject: `${promotionName}: amendment started`,
    heading: `Hello ${firstName}`,
    paragraphs: [
      `You started an amendment of the permit application for ${promotionName}. It is now "Amendments in progress".`,
      "Make your changes and submit the application again. If the changes raise the fees, only the difference is charged."
    ],
    action: { label: "Continue the amendment", url: editUrl }
  });
}
function additionalPaymentDueTemplate(brand, { firstName, promotionName, total, dashboardUrl }) {
  return layout(brand, {
    subject: `${promotionName}: additional payment due`,
    heading: `Hello ${firstName}`,
    paragraphs: [`The changes to ${promotionName} raised its fees. An additional payment of ${formatCurrency(total)} (including GST) is due; only the difference is charged.`],
    action: { label: "Pay the additional fees", url: dashboardUrl }
  });
}

// api/src/modules/payments/get-invoice-pdf.ts
import { AppError as AppError42 } from "@permitdesk/shared";

// api/src/documents/tax-invoice.tsx
import { formatCurrency as formatCurrency2, formatDate, MSG_TEST_MODE as MSG_TEST_MODE2 } from "@permitdesk/shared";

// api/src/documents/document-shell.tsx
import { renderToStaticMarkup } from "react-dom/server";
import { jsx, jsxs } from "react/jsx-runtime";
var PRINT_CSS = `
  * { box-sizing: border-box; }
  body { font-family: 'Liberation Sans', Arial, sans-serif; font-size: 10.5pt; color: #14213d; margin: 0; }
  h1 { font-size: 18pt; margin: 0 0 2mm; }
  h2 { font-size: 12.5pt; margin: 7mm 0 2mm; padding-bottom: 1mm; border-bottom: 1.5px solid #0b6e4f; break-after: avoid; }
  h3 { font-size: 11pt; margin: 4mm 0 1mm; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; vertical-align: top; padding: 1.2mm 2mm; border-bottom: 0.5px solid #d4d6d9; }
  th { width: 38%; font-weight: 600; color: #3b4252; }
  thead th { width: auto; border-bottom: 1px solid #9aa0a6; }
  tr { break-inside: avoid; }
  .muted { color: #5c6370; }
  .missing { color: #b42318; font-style: italic; }
  .banner { background: #fff4e5; border: 1px solid #f5a623; padding: 3mm; margin: 3mm 0; }
  .header { display: flex; justify-content: space-between; align-items: flex-start; }
  .money { text-align: right; font-variant-numeric: tabular-nums; }
`;
function renderDocument(title, body) {
  const markup = renderToStaticMarkup(
    /* @__PURE__ */ jsxs("html", { lang: "en-AU", children: [
      /* @__PURE__ */ jsxs("head", { children: [
        /* @__PURE__ */ jsx("meta", { charSet: "utf-8" }),
        /* @__PURE__ */ jsx("title", { children: title }),
        /* @__PURE__ */ jsx("style", { children: PRINT_CSS })
      ] }),
      /* @__PURE__ */ jsx("body", { children: body })
    ] })
  );
  return `<!doctype html>${markup}`;
}

// api/src/documents/tax-invoice.tsx
import { Fragment, jsx as jsx2, jsxs as jsxs2 } from "react/jsx-runtime";
function renderTaxInvoice(invoice, provider) {
  const total = invoice.amount + invoice.gst + invoice.ccSurcharge;
  const status = invoice.cancelledAt ? `Cancelled ${formatDate(invoice.cancelledAt)}` : invoice.paidAt ? `Paid ${formatDate(invoice.paidAt)}${invoice.method ? ` by ${invoice.method === "bpay" ? "BPAY" : "card"}` : ""}` : "Awaiting payment";
  return renderDocument(
    `Tax invoice ${invoice.invoiceNumber}`,
    /* @__PURE__ */ jsxs2(Fragment, { children: [
      invoice.testMode && /* @__PURE__ */ jsx2("p", { style: { margin: "0 0 12px", padding: "6px", background: "#8a4b00", color: "#fff", textAlign: "center", fontWeight: 700 }, "data-test-mode": "true", children: MSG_TEST_MODE2 }),
      /* @__PURE__ */ jsxs2("div", { className: "header", children: [
        /* @__PURE__ */ jsxs2("div", { children: [
          /* @__PURE__ */ jsx2("h1", { children: "Tax invoice" }),
          /* @__PURE__ */ jsxs2("p", { children: [
            "Invoice number ",
            /* @__PURE__ */ jsx2("strong", { children: invoice.invoiceNumber }),
            /* @__PURE__ */ jsx2("br", {}),
            "Date of issue ",
            formatDate(invoice.createdAt),
            /* @__PURE__ */ jsx2("br", {}),
            status
          ] })
        ] }),
        /* @__PURE__ */ jsxs2("div", { children: [
          /* @__PURE__ */ jsx2("strong", { children: provider.name }),
          /* @__PURE__ */ jsx2("br", {}),
          "ABN ",
          provider.abn ?? "(not set in the site settings)",
          provider.address && /* @__PURE__ */ jsxs2(Fragment, { children: [
            /* @__PURE__ */ jsx2("br", {}),
            provider.address
          ] }),
          provider.email && /* @__PURE__ */ jsxs2(Fragment, { children: [
            /* @__PURE__ */ jsx2("br", {}),
            provider.email
          ] })
        ] })
      ] }),
      /* @__PURE__ */ jsx2("h2", { children: "Bill to" }),
      /* @__PURE__ */ jsxs2("p", { children: [
        invoice.customer.accountName || `${invoice.customer.name}`,
        /* @__PURE__ */ jsx2("br", {}),
        invoice.customer.name,
        " (",
        invoice.customer.email,
        ")",
        /* @__PURE__ */ jsx2("br", {}),
        "Promotion ",
        invoice.promotion.id,
        ": ",
        invoice.promotion.name || "Untitled permit"
      ] }),
      /* @__PURE__ */ jsx2("h2", { children: "Services" }),
      /* @__PURE__ */ jsxs2("table", { children: [
        /* @__PURE__ */ jsx2("thead", { children: /* @__PURE__ */ jsxs2("tr", { children: [
          /* @__PURE__ */ jsx2("th", { children: "Description" }),
          /* @__PURE__ */ jsx2("th", { className: "money", children: "GST" }),
          /* @__PURE__ */ jsx2("th", { className: "money", children: "Amount (ex GST)" })
        ] }) }),
        /* @__PURE__ */ jsxs2("tbody", { children: [
          invoice.lines.map((line, i) => /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("td", { children: line.description }),
            /* @__PURE__ */ jsx2("td", { className: "money", children: line.taxable ? "10%" : "GST-free" }),
            /* @__PURE__ */ jsx2("td", { className: "money", children: formatCurrency2(line.amount) })
          ] }, i)),
          /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("td", { children: "Subtotal (ex GST)" }),
            /* @__PURE__ */ jsx2("td", {}),
            /* @__PURE__ */ jsx2("td", { className: "money", children: formatCurrency2(invoice.amount) })
          ] }),
          /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("td", { children: "GST" }),
            /* @__PURE__ */ jsx2("td", {}),
            /* @__PURE__ */ jsx2("td", { className: "money", "data-field": "gst", children: formatCurrency2(invoice.gst) })
          ] }),
          invoice.ccSurcharge > 0 && /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("td", { children: "Card surcharge (1.5%)" }),
            /* @__PURE__ */ jsx2("td", {}),
            /* @__PURE__ */ jsx2("td", { className: "money", children: formatCurrency2(invoice.ccSurcharge) })
          ] }),
          /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("td", { children: /* @__PURE__ */ jsx2("strong", { children: "Total (including GST)" }) }),
            /* @__PURE__ */ jsx2("td", {}),
            /* @__PURE__ */ jsx2("td", { className: "money", children: /* @__PURE__ */ jsx2("strong", { children: formatCurrency2(total) }) })
          ] })
        ] })
      ] }),
      invoice.method === "bpay" && invoice.crn && /* @__PURE__ */ jsxs2(Fragment, { children: [
        /* @__PURE__ */ jsx2("h2", { children: "Pay by BPAY" }),
        /* @__PURE__ */ jsx2("table", { children: /* @__PURE__ */ jsxs2("tbody", { children: [
          /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("th", { children: "Biller code" }),
            /* @__PURE__ */ jsx2("td", { children: invoice.billerCode })
          ] }),
          /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("th", { children: "Reference number (CRN)" }),
            /* @__PURE__ */ jsx2("td", { children: invoice.crn })
          ] }),
          /* @__PURE__ */ jsxs2("tr", { children: [
            /* @__PURE__ */ jsx2("th", { children: "Amount" }),
            /* @__PURE__ */ jsx2("td", { children: formatCurrency2(total) })
          ] })
        ] }) })
      ] })
    ] })
  );
}

// api/src/modules/payments/provider-details.ts
import fs4 from "node:fs";
import { DEFAULT_PRODUCT_NAME as DEFAULT_PRODUCT_NAME2 } from "@permitdesk/shared/site-content";
function providerDetails(dataDir) {
  try {
    const { settings } = JSON.parse(fs4.readFileSync(contentFileFor(dataDir), "utf8"));
    const a = settings.address;
    const address2 = a ? [a.streetAddress, a.locality, a.region, a.postalCode].filter(Boolean).join(", ") : "";
    return { name: settings.legalName || settings.productName || DEFAULT_PRODUCT_NAME2, abn: settings.abn ?? null, address: address2 || null, email: settings.email ?? null };
  } catch {
    return { name: DEFAULT_PRODUCT_NAME2, abn: null, address: null, email: null };
  }
}

// api/src/modules/payments/get-invoice-pdf.ts
async function taxInvoiceHtml(deps, viewer, invoiceNumber) {
  const invoice = await findInvoiceByNumber(deps.db, viewer, invoiceNumber);
  if (!invoice) throw new AppError42("NOT_FOUND");
  const promotion = await findPromotion(deps.db, { userId: invoice.userId, isStaff: true }, invoice.promotionId);
  const customer = await findUserById(deps.db, invoice.userId);
  if (!promotion || !customer) throw new AppError42("NOT_FOUND");
  const html = renderTaxInvoice(
    {
      ...invoice,
      billerCode: deps.billerCode,
      customer: { name: `${customer.firstName} ${customer.lastName}`.trim(), accountName: customer.accountName, email: customer.email },
      promotion: { id: promotion.id, name: promotion.name }
    },
    providerDetails(deps.dataDir)
  );
  return { invoice, html };
}
async function getInvoicePdf(deps, viewer, invoiceNumber) {
  const { html } = await taxInvoiceHtml(deps, viewer, invoiceNumber);
  return deps.pdf().render(html);
}

// api/src/modules/payments/send-payment-mails.ts
var SUBMITTED_STATUSES = /* @__PURE__ */ new Set([4, 5, 11, 13, 15]);
async function sendPaymentMails(deps, event) {
  const user = await findUserById(deps.db, event.userId);
  if (!user) return;
  const brand = brandFor(deps.config);
  const dashboardUrl = `${deps.config.PUBLIC_URL}/promotions/edit/${event.promotionId}/`;
  const promotionName = promotionTitle(event.promotionName);
  if (event.invoiceNumber !== null && event.kind !== "submitted-only") {
    const { invoice, html } = await taxInvoiceHtml({ db: deps.db, billerCode: deps.config.BPAY_BILLER_CODE, dataDir: deps.config.DATA_DIR }, { userId: user.id, isStaff: true }, event.invoiceNumber);
    const pdf = await deps.pdf().render(html);
    const attachments = [{ filename: `tax-invoice-${invoice.invoiceNumber}.pdf`, content: pdf, contentType: "application/pdf" }];
    const facts2 = { firstName: user.firstName, invoiceNumber: invoice.invoiceNumber, total: invoice.amount + invoice.gst + invoice.ccSurcharge, promotionName, dashboardUrl };
    const email = event.kind === "bpay" ? bpayInstructionsTemplate(brand, { ...facts2, billerCode: deps.config.BPAY_BILLER_CODE, crn: invoice.crn ?? "" }) : paymentReceiptTemplate(brand, { ...facts2, method: invoice.method === "bpay" ? "bpay" : "card" });
    await deps.mailer.send({ to: user.email, ...email, attachments });
  }
  if (event.kind !== "bpay" && SUBMITTED_STATUSES.has(event.statusId)) {
    await deps.mailer.send({ to: user.email, ...submittedTemplate(brand, { firstName: user.firstName, promotionName, statusName: customerStatusName(event.statusId), nextStep: statusNextStep(event.statusId), dashboardUrl }) });
  }
}
function sendPaymentMailsLater(deps, event) {
  sendPaymentMails(deps, event).catch(
    (error) => deps.logger.error("payment mail failed", { promotionId: event.promotionId, invoiceNumber: event.invoiceNumber, error: error instanceof Error ? error.message : String(error) })
  );
}
function sendAmendmentStartedLater(deps, row) {
  const send = async () => {
    const user = await findUserById(deps.db, row.userId);
    if (!user) return;
    const email = amendmentStartedTemplate(brandFor(deps.config), { firstName: user.firstName, promotionName: promotionTitle(row.name), editUrl: `${deps.config.PUBLIC_URL}/permit/edit/${row.id}/` });
    await deps.mailer.send({ to: user.email, ...email });
  };
  send().catch((error) => deps.logger.error("amendment mail failed", { promotionId: row.id, error: error instanceof Error ? error.message : String(error) }));
}
async function owedAfterPayment(db, promotionId) {
  const row = await findPromotion(db, { userId: 0, isStaff: true }, promotionId);
  if (!row) return 0;
  const live = await findSubmissionInvoices(db, row.id);
  if (!live.some((i) => i.paidAt)) return 0;
  const unpaid = live.filter((i) => !i.paidAt).reduce((sum, i) => sum + i.amount + i.gst, 0);
  const { amount, gst } = owedDifference(row, live);
  return unpaid + amount + gst;
}
function sendAdditionalPaymentDueLater(deps, promotionId, before) {
  const send = async () => {
    const after = await owedAfterPayment(deps.db, promotionId);
    if (after <= before) return;
    const row = await findPromotion(deps.db, { userId: 0, isStaff: true }, promotionId);
    const user = row ? await findUserById(deps.db, row.userId) : void 0;
    if (!row || !user) return;
    const email = additionalPaymentDueTemplate(brandFor(deps.config), {
      firstName: user.firstName,
      promotionName: promotionTitle(row.name),
      total: after,
      dashboardUrl: `${deps.config.PUBLIC_URL}/promotions/edit/${row.id}/`
    });
    await deps.mailer.send({ to: user.email, ...email });
  };
  send().catch((error) => deps.logger.error("additional payment mail failed", { promotionId, error: error instanceof Error ? error.message : String(error) }));
}

// api/src/modules/promotions/request-lawyer-contact.ts
import { AppError as AppError43, MSG_LAWYER_CONTACT_NEXT_STEPS, promotionTitle as promotionTitle2 } from "@permitdesk/shared";
async function requestLawyerContact(db, owner, id) {
  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, owner, id, { forUpdate: true });
    if (!before) throw new AppError43("NOT_FOUND");
    if (!before.lawyerContactRequested) {
      await updatePromotion(tx, id, { lawyerContactRequested: true });
      const task = await insertStaffTask(tx, {
        kind: "lawyer-contact",
        note: `Lawyer contact requested for promotion #${id} (${promotionTitle2(before.name)}).`,
        promotionId: id,
        requestedBy: owner.userId
      });
      await insertChange(tx, {
        promotionId: id,
        userId: owner.userId,
        entity: "promotion",
        entityId: id,
        action: "request-lawyer-contact",
        changes: { lawyerContactRequested: { from: false, to: true }, staffTaskId: { from: null, to: task.id } }
      });
    }
    return { id, lawyerContactRequested: true, message: MSG_LAWYER_CONTACT_NEXT_STEPS };
  });
}

// api/src/modules/promotions/resolve-attachments.ts
import {
  AppError as AppError44,
  getAttachmentType,
  MSG_ATTACHMENT_FILE_UNKNOWN,
  MSG_ATTACHMENT_REUSE_UNAVAILABLE,
  MSG_ATTACHMENT_TYPE_UNKNOWN
} from "@permitdesk/shared";
async function resolveAttachments(db, context, sent) {
  const modelState = {};
  const fail = (index16, field, message) => {
    modelState[`attachments.${index16}.${field}`] = [message];
  };
  const uploaded = await findUploadsOwnedBy(
    db,
    sent.filter((a) => a.fileName && a.reuseFromPromotion == null).map((a) => a.fileName),
    [.../* @__PURE__ */ new Set([context.ownerId, context.actorId])]
  );
  const uploadsByName = new Map(uploaded.map((u) => [u.serverFileName, u]));
  const sources = /* @__PURE__ */ new Map();
  const result = /* @__PURE__ */ new Map();
  for (const [index16, attachment] of sent.entries()) {
    const type = getAttachmentType(attachment.attachmentType.code.toUpperCase());
    if (!type) {
      fail(index16, "attachmentType", MSG_ATTACHMENT_TYPE_UNKNOWN);
      continue;
    }
    const base = { attachmentType: { code: type.code, slug: type.slug, name: type.name, isAddendum: type.isAddendum }, uploaded: false, isUploading: false };
    if (attachment.reuseFromPromotion != null && attachment.shouldReuse !== false) {
      const sourceId = Number(attachment.reuseFromPromotion);
      if (!sources.has(sourceId)) {
        const source = !Number.isSafeInteger(sourceId) || sourceId <= 0 || sourceId === context.promotionId ? void 0 : await findPromotion(db, { userId: context.ownerId, isStaff: false }, sourceId);
        sources.set(sourceId, source ? source.attachments : null);
      }
      const original = sources.get(sourceId)?.find((a) => a.attachmentType.code === type.code && a.exists && a.fileName);
      if (!original) {
        fail(index16, "reuseFromPromotion", MSG_ATTACHMENT_REUSE_UNAVAILABLE);
        continue;
      }
      result.set(type.code, {
        ...base,
        exists: true,
        reuseFromPromotion: sourceId,
        shouldReuse: true,
        fileName: original.fileName,
        userFileName: original.userFileName,
        fileExtension: original.fileExtension,
        uploadDate: original.uploadDate
      });
      continue;
    }
    if (!attachment.fileName) continue;
    const upload = uploadsByName.get(attachment.fileName);
    if (!upload) {
      fail(index16, "fileName", MSG_ATTACHMENT_FILE_UNKNOWN);
      continue;
    }
    result.set(type.code, {
      ...base,
      exists: true,
      reuseFromPromotion: null,
      shouldReuse: false,
      fileName: upload.serverFileName,
      userFileName: upload.headerFileName,
      fileExtension: upload.fileExtension,
      uploadDate: upload.createdAt.toISOString(),
      submitDate: attachment.submitDate ?? null
    });
  }
  if (Object.keys(modelState).length > 0) {
    throw new AppError44("VALIDATION", Object.values(modelState)[0][0], { modelState });
  }
  const attached = [...result.values()];
  const actorsFiles = uploaded.filter((u) => u.userId === context.actorId && attached.some((a) => a.fileName === u.serverFileName && !a.reuseFromPromotion));
  await transferUploads(db, actorsFiles.map((u) => u.serverFileName), context.actorId, context.ownerId);
  return attached;
}

// api/src/modules/promotions/save-promotion.ts
import {
  AppError as AppError45,
  deriveApplicationState as deriveApplicationState3,
  isEditableStatus as isEditableStatus2,
  MSG_PERMIT_NOT_EDITABLE,
  MSG_SAVE_VERSION_CONFLICT,
  statusAfterSave as statusAfterSave2
} from "@permitdesk/shared";
async function lockForEdit(tx, actor, id, versionNumber) {
  const row = await findPromotion(tx, actor, id, { forUpdate: true });
  if (!row) throw new AppError45("NOT_FOUND");
  if (!isEditableStatus2(row.statusId)) throw new AppError45("CONFLICT", MSG_PERMIT_NOT_EDITABLE, { modelState: { "": [MSG_PERMIT_NOT_EDITABLE] } });
  await assertSkillAmendable(tx, actor, row, /* @__PURE__ */ new Date());
  if (versionNumber !== void 0 && versionNumber !== row.version) {
    throw new AppError45("CONFLICT", MSG_SAVE_VERSION_CONFLICT, {
      modelState: { versionNumber: [MSG_SAVE_VERSION_CONFLICT] },
      internalMessage: `save of promotion ${id} based on version ${versionNumber}, current ${row.version}`
    });
  }
  return row;
}
async function writeApplication(tx, actor, before, values, action) {
  const merged = { ...before, ...values };
  const { fees, requiresPermits } = computeFees(merged, await pricingRuleSet(tx, before));
  const application = applicationOf({ ...merged, fees, requiresPermits });
  const state = deriveApplicationState3(application, { now: /* @__PURE__ */ new Date() });
  const statusId = statusAfterSave2(before.statusId, state.applicationComplete, before.managedSubmission);
  const after = await updatePromotion(tx, before.id, { ...values, fees, requiresPermits, statusId });
  await publishEvent(tx, "promotion.saved", { promotionId: after.id, statusId: after.statusId });
  await cancelStaleInvoices(tx, after, actor.userId);
  const changed = Object.keys(values).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  if (changed.length > 0 || statusId !== before.statusId) {
    await insertChange(tx, {
      promotionId: before.id,
      userId: actor.userId,
      entity: "permit",
      entityId: before.id,
      action,
      changes: {
        ...Object.fromEntries(changed.map((key) => [key, { from: summarise(before[key]), to: summarise(after[key]) }])),
        ...statusId !== before.statusId ? { statusId: { from: before.statusId, to: statusId } } : {}
      }
    });
  }
  return after;
}
function summarise(value) {
  if (value === null || typeof value !== "object") return value;
  return "(changed)";
}
async function promotionResponse(db, row) {
  const notes = await notesSummary(db, row.id);
  return toPromotion(row, notes);
}
async function savePromotion(db, actor, input) {
  return db.transaction(async (tx) => {
    const before = await lockForEdit(tx, actor, promotionIdOf(input.id), input.versionNumber);
    const after = await writeApplication(tx, actor, before, await applicationValues(tx, actor, before, input), "save");
    return promotionResponse(tx, after);
  });
}
async function applicationValues(tx, actor, before, input) {
  const { applicant, ...permit } = input.permit;
  const stored = before.details;
  const details = { ...stored };
  for (const key of CUSTOMER_DETAIL_KEYS) details[key] = input[key] ?? null;
  for (const key of STAFF_DETAIL_KEYS) details[key] = actor.isStaff ? input[key] ?? null : stored[key] ?? null;
  details.actionEntry = actor.isStaff ? input.actionEntry ?? void 0 : mergeActionAnswers(stored.actionEntry, input.actionEntry);
  const attachments = await resolveAttachments(tx, { promotionId: before.id, ownerId: before.userId, actorId: actor.userId }, input.attachments);
  return {
    name: (input.name ?? "").trim(),
    startDate: permit.startDate || before.startDate,
    hasNswAuthority: input.hasNswAuthority ?? before.hasNswAuthority,
    permit,
    applicant: applicant ? stripIds(applicant) : null,
    details,
    attachments
  };
}
function stripIds(applicant) {
  const { id: _id, promotionId: _promotionId, ...rest } = applicant;
  return rest;
}

// api/src/modules/promotions/save-attachments.ts
async function saveAttachments(db, actor, input) {
  return db.transaction(async (tx) => {
    const before = await lockForEdit(tx, actor, promotionIdOf(input.id), input.versionNumber);
    const attachments = await resolveAttachments(tx, { promotionId: before.id, ownerId: before.userId, actorId: actor.userId }, input.attachments);
    const after = await writeApplication(tx, actor, before, { attachments }, "saveAttachments");
    return promotionResponse(tx, after);
  });
}

// api/src/modules/promotions/save-nsw-authority.ts
import {
  AppError as AppError46,
  createNswAuthoritySchema,
  getPermitRequirements
} from "@permitdesk/shared";
async function saveNswAuthority(db, actor, input) {
  return db.transaction(async (tx) => {
    const before = await lockForEdit(tx, actor, promotionIdOf(input.id), input.versionNumber);
    const application = applicationOf(before);
    const requirements = getPermitRequirements({ ...application, hasNswAuthority: input.hasNswAuthority, startDate: application.permit?.startDate ?? before.startDate });
    const rules = createNswAuthoritySchema({ nswRequired: requirements.nsw.required, hasNswAuthority: input.hasNswAuthority, endDate: application.permit?.endDate });
    const checked = rules.safeParse({
      nswAuthorityNumber: input.nswAuthorityNumber || null,
      nswAuthorityExpiration: input.nswAuthorityExpiration || null,
      nswAuthorityDuration: input.nswAuthorityDuration ?? null
    });
    if (!checked.success) {
      const modelState = Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join("."), [issue.message]]));
      throw new AppError46("VALIDATION", checked.error.issues[0].message, { modelState });
    }
    const applicant = {
      ...before.applicant ?? {},
      nswAuthorityNumber: input.hasNswAuthority ? input.nswAuthorityNumber || null : null,
      nswAuthorityExpiration: input.hasNswAuthority ? input.nswAuthorityExpiration || null : null,
      nswAuthorityDuration: input.nswAuthorityDuration ?? null
    };
    const after = await writeApplication(tx, actor, before, { hasNswAuthority: input.hasNswAuthority, applicant }, "saveNswAuthority");
    return promotionResponse(tx, after);
  });
}

// api/src/modules/promotions/promotions.routes.ts
function promotionRoutes(deps) {
  const db = deps.database.db;
  return [
    route({
      method: "post",
      path: "/promotion/create",
      access: "user",
      summary: "Create a promotion (the create form: name, states, total prize value, quiz, services).",
      body: PromotionCreateSchema,
      response: IdResponseSchema,
      idempotent: true,
      handler: ({ user, body }) => createPromotion(db, user.id, body)
    }),
    route({
      method: "post",
      path: "/promotion/modify",
      access: "user",
      summary: "Change the services, states and total prize value of a promotion.",
      body: PromotionModifyBodySchema,
      bodyDoc: PromotionModifyBodyDoc,
      response: IdResponseSchema,
      idempotent: true,
      handler: async ({ owner, body }) => {
        const id = Number(body.id);
        const owedBefore = Number.isSafeInteger(id) ? await owedAfterPayment(db, id) : 0;
        const answer = await modifyPromotion(db, owner, body);
        sendAdditionalPaymentDueLater({ db, mailer: deps.mailer, pdf: deps.pdf, config: deps.config, logger: deps.logger }, answer.id, owedBefore);
        return answer;
      }
    }),
    route({
      method: "post",
      path: "/promotion/save",
      access: "user",
      summary: "Save the promotion with its permit application; send back what get returned, with versionNumber.",
      body: PermitSaveSchema,
      response: PromotionViewSchema,
      idempotent: true,
      handler: ({ owner, body }) => savePromotion(db, owner, body)
    }),
    route({
      method: "post",
      path: "/promotion/saveNswAuthority",
      access: "user",
      summary: "Save the NSW authority answer (number, expiry, duration).",
      body: SaveNswAuthoritySchema,
      response: PromotionViewSchema,
      idempotent: true,
      handler: ({ owner, body }) => saveNswAuthority(db, owner, body)
    }),
    route({
      method: "post",
      path: "/promotion/saveAttachments",
      access: "user",
      summary: "Save the attachment list alone.",
      body: SaveAttachmentsSchema,
      response: PromotionViewSchema,
      idempotent: true,
      handler: ({ owner, body }) => saveAttachments(db, owner, body)
    }),
    route({
      method: "get",
      path: "/promotion/get",
      access: "user",
      summary: "One promotion with its permit application and fees.",
      query: PromotionIdQuerySchema,
      response: PromotionViewSchema,
      handler: ({ owner, query }) => getPromotion(db, owner, query.id)
    }),
    route({
      method: "get",
      path: "/promotion/list",
      access: "user",
      summary: "My Promotions: one page, sorted and searched.",
      query: PromotionListQuerySchema,
      response: PromotionListResponseSchema,
      // An API key never acts as staff (DESIGN §4), so it lists its owner's promotions only.
      handler: ({ owner, query, res }) => listPromotions2(db, { ...owner, isStaff: owner.isStaff && !res.locals.apiKey }, query)
    }),
    route({
      method: "get",
      path: "/promotion/getReuseList",
      access: "user",
      summary: "The user's promotions to copy details from.",
      query: ReuseListQuerySchema,
      response: PromotionReuseListResponseSchema,
      handler: ({ owner, query }) => getReuseList(db, owner, query.search, query.exclude)
    }),
    route({
      method: "post",
      path: "/promotion/archive",
      access: "user",
      summary: "Archive (default) or un-archive a promotion.",
      body: ArchiveBodySchema,
      response: ArchiveResponseSchema,
      handler: ({ owner, body }) => archivePromotion(db, owner, body.id, body.archived)
    }),
    route({
      method: "post",
      path: "/promotion/delete",
      access: "user",
      summary: "Delete a promotion (toggles the deleted flag).",
      body: PromotionIdBodySchema,
      response: DeleteResponseSchema,
      handler: ({ owner, body }) => deletePromotion(db, owner, body.id)
    }),
    route({
      method: "post",
      path: "/promotion/requestLawyerContact",
      access: "user",
      summary: "Ask for a lawyer to contact the customer about the promotion.",
      body: PromotionIdBodySchema,
      response: LawyerContactResponseSchema,
      handler: ({ owner, body }) => requestLawyerContact(db, owner, body.id)
    })
  ];
}

// api/src/modules/promotion-notes/promotion-notes.routes.ts
import { z as z19 } from "zod";
import { IdResponseSchema as IdResponseSchema2, PromotionNoteViewSchema } from "@permitdesk/shared";

// api/src/modules/promotion-notes/promotion-notes.ts
import { AppError as AppError47, MSG_NOTE_REQUIRED } from "@permitdesk/shared";
import { z as z18 } from "zod";

// api/src/modules/promotion-notes/promotion-notes.repository.ts
import { and as and15, asc as asc6, eq as eq16 } from "drizzle-orm";
async function findNote2(db, owner, noteId) {
  const [row] = await db.select({ note: promotionNotes }).from(promotionNotes).innerJoin(promotions, eq16(promotions.id, promotionNotes.promotionId)).where(owner.isStaff ? eq16(promotionNotes.id, noteId) : and15(eq16(promotionNotes.id, noteId), eq16(promotions.userId, owner.userId), eq16(promotions.deleted, false)));
  return row?.note;
}
async function findNotes2(db, promotionId) {
  return db.select().from(promotionNotes).where(eq16(promotionNotes.promotionId, promotionId)).orderBy(asc6(promotionNotes.id));
}
async function insertNote2(db, values) {
  const [row] = await db.insert(promotionNotes).values(values).returning();
  return row;
}
async function updateNote2(db, id, note) {
  const [row] = await db.update(promotionNotes).set({ note, updatedAt: /* @__PURE__ */ new Date() }).where(eq16(promotionNotes.id, id)).returning();
  return row;
}
async function deleteNote2(db, id) {
  await db.delete(promotionNotes).where(eq16(promotionNotes.id, id));
}

// api/src/modules/promotion-notes/promotion-notes.ts
var NOTE_MAX_LENGTH = 4e3;
var PromotionNoteSaveSchema = z18.object({
  id: RecordIdSchema.nullish(),
  note: z18.string({ error: MSG_NOTE_REQUIRED }).trim().min(1, { error: MSG_NOTE_REQUIRED }).max(NOTE_MAX_LENGTH, { error: `A note can be at most ${NOTE_MAX_LENGTH} characters.` }),
  promotion_id: RecordIdSchema
});
var PromotionNoteIdSchema = z18.object({ id: RecordIdSchema });
function toView3(row) {
  return { id: row.id, note: row.note, promotion_id: row.promotionId, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
async function getPromotionNotes(db, owner, promotionId) {
  const promotion = await findPromotion(db, owner, promotionId);
  if (!promotion) throw new AppError47("NOT_FOUND");
  return (await findNotes2(db, promotionId)).map(toView3);
}
async function savePromotionNote(db, owner, input) {
  return db.transaction(async (tx) => {
    const promotion = await findPromotion(tx, owner, input.promotion_id);
    if (!promotion) throw new AppError47("NOT_FOUND");
    if (input.id) {
      const before = await findNote2(tx, owner, input.id);
      if (!before || before.promotionId !== promotion.id) throw new AppError47("NOT_FOUND");
      const after = await updateNote2(tx, before.id, input.note);
      await insertChange(tx, { promotionId: promotion.id, userId: owner.userId, entity: "promotion-note", entityId: before.id, action: "modify", changes: { note: { from: before.note, to: after.note } } });
      return toView3(after);
    }
    const row = await insertNote2(tx, { promotionId: promotion.id, userId: owner.userId, note: input.note });
    await insertChange(tx, { promotionId: promotion.id, userId: owner.userId, entity: "promotion-note", entityId: row.id, action: "create", changes: { note: { from: null, to: row.note } } });
    return toView3(row);
  });
}
async function deletePromotionNote(db, owner, { id }) {
  return db.transaction(async (tx) => {
    const before = await findNote2(tx, owner, id);
    if (!before) throw new AppError47("NOT_FOUND");
    await deleteNote2(tx, id);
    await insertChange(tx, { promotionId: before.promotionId, userId: owner.userId, entity: "promotion-note", entityId: id, action: "delete", changes: { note: { from: before.note, to: null } } });
    return { id };
  });
}

// api/src/modules/promotion-notes/promotion-notes.routes.ts
function promotionNoteRoutes({ database }) {
  const db = database.db;
  return [
    route({
      method: "get",
      path: "/promotionNote/get",
      access: "user",
      summary: "A promotion's notes (id is the promotion id).",
      query: PromotionIdQuerySchema,
      response: z19.array(PromotionNoteViewSchema),
      handler: ({ owner, query }) => getPromotionNotes(db, owner, query.id)
    }),
    route({
      method: "post",
      path: "/promotionNote/save",
      access: "user",
      summary: "Add a note (no id) or change one (id).",
      body: PromotionNoteSaveSchema,
      response: PromotionNoteViewSchema,
      idempotent: true,
      handler: ({ owner, body }) => savePromotionNote(db, owner, body)
    }),
    route({
      method: "post",
      path: "/promotionNote/delete",
      access: "user",
      summary: "Delete a note.",
      body: PromotionNoteIdSchema,
      response: IdResponseSchema2,
      handler: ({ owner, body }) => deletePromotionNote(db, owner, body)
    })
  ];
}

// api/src/modules/applicants/applicants.routes.ts
import { z as z20 } from "zod";
import {
  ApplicantGetQuerySchema,
  ApplicantLatestQuerySchema,
  ApplicantReuseItemSchema,
  ApplicantReuseListQuerySchema,
  ApplicantViewSchema
} from "@permitdesk/shared";

// api/src/modules/applicants/get-applicant.ts
import { AppError as AppError48 } from "@permitdesk/shared";

// api/src/modules/applicants/applicant-view.ts
import { ApplicantDraftSchema } from "@permitdesk/shared";
var APPLICANT_FIELDS = Object.keys(ApplicantDraftSchema.shape);
function text27(value) {
  return typeof value === "string" ? value.trim() : "";
}
function contactNameOf(applicant) {
  const contact = applicant.contact;
  if (!contact || typeof contact !== "object") return null;
  const { firstName, lastName } = contact;
  return [text27(firstName), text27(lastName)].filter(Boolean).join(" ") || null;
}
function toReuseItem(row) {
  const applicant = row.applicant ?? {};
  return {
    id: row.promotionId,
    promotionId: row.promotionId,
    promotionName: row.promotionName,
    organisation: text27(applicant.organisation),
    contactName: contactNameOf(applicant),
    updatedAt: row.updatedAt.toISOString()
  };
}
function toApplicantView(promotionId, applicant) {
  const view = {};
  for (const field of APPLICANT_FIELDS) if (applicant[field] !== void 0) view[field] = applicant[field];
  return { ...view, id: promotionId, promotionId };
}
function isStoredApplicant(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// api/src/modules/applicants/get-applicant.ts
async function getApplicant(db, owner, { id }) {
  const promotion = await findPromotion(db, owner, id);
  if (!promotion || !isStoredApplicant(promotion.applicant)) throw new AppError48("NOT_FOUND");
  return toApplicantView(promotion.id, promotion.applicant);
}

// api/src/modules/applicants/applicants.repository.ts
import { and as and16, desc as desc9, eq as eq17, ilike as ilike3, ne as ne4, or as or3, sql as sql20 } from "drizzle-orm";
var REUSE_LIST_LIMIT = 20;
var organisation = sql20`${promotions.applicant} ->> 'organisation'`;
var hasApplicant = sql20`btrim(coalesce(${organisation}, '')) <> ''`;
function escapeLike2(text32) {
  return text32.replace(/[\\%_]/g, (c) => `\\${c}`);
}
function ownApplicants(owner, filter) {
  const conditions = [eq17(promotions.userId, owner.userId), eq17(promotions.deleted, false), hasApplicant];
  if (filter.managedSubmission !== void 0) conditions.push(eq17(promotions.managedSubmission, filter.managedSubmission));
  if (filter.exclude !== void 0) conditions.push(ne4(promotions.id, filter.exclude));
  if (filter.search) {
    const pattern = `%${escapeLike2(filter.search)}%`;
    conditions.push(or3(ilike3(promotions.name, pattern), sql20`${organisation} ilike ${pattern}`));
  }
  return and16(...conditions);
}
var applicantColumns = {
  promotionId: promotions.id,
  promotionName: promotions.name,
  managedSubmission: promotions.managedSubmission,
  applicant: promotions.applicant,
  updatedAt: promotions.updatedAt
};
async function findReusableApplicants(db, owner, filter, limit = REUSE_LIST_LIMIT) {
  return db.select(applicantColumns).from(promotions).where(ownApplicants(owner, filter)).orderBy(desc9(promotions.updatedAt), desc9(promotions.id)).limit(limit);
}
async function findLatestApplicant(db, owner, filter) {
  const [row] = await findReusableApplicants(db, owner, filter, 1);
  return row;
}

// api/src/modules/applicants/get-applicant-reuse-list.ts
async function getApplicantReuseList(db, owner, query) {
  const rows = await findReusableApplicants(db, owner, query);
  return rows.map(toReuseItem);
}

// api/src/modules/applicants/get-latest-applicant.ts
async function getLatestApplicant(db, owner, { managedSubmission }) {
  const row = await findLatestApplicant(db, owner, { managedSubmission });
  return row && isStoredApplicant(row.applicant) ? toApplicantView(row.promotionId, row.applicant) : null;
}

// api/src/modules/applicants/applicants.routes.ts
function applicantRoutes({ database }) {
  const db = database.db;
  return [
    route({
      method: "get",
      path: "/applicant/getReuseList",
      access: "user",
      summary: "The applicants of the user's other promotions, to copy from.",
      query: ApplicantReuseListQuerySchema,
      response: z20.array(ApplicantReuseItemSchema),
      handler: ({ owner, query }) => getApplicantReuseList(db, owner, query)
    }),
    route({
      method: "get",
      path: "/applicant/get",
      access: "user",
      summary: "A promotion's applicant (id is the promotion id).",
      query: ApplicantGetQuerySchema,
      response: ApplicantViewSchema,
      handler: ({ owner, query }) => getApplicant(db, owner, query)
    }),
    route({
      method: "get",
      path: "/applicant/getLatest",
      access: "user",
      summary: "The most recently saved applicant, or null.",
      query: ApplicantLatestQuerySchema,
      response: ApplicantViewSchema.nullable(),
      handler: ({ owner, query }) => getLatestApplicant(db, owner, query)
    })
  ];
}

// api/src/modules/compliance-notes/compliance-notes.routes.ts
import { z as z21 } from "zod";
import { ComplianceNoteCreateSchema, ComplianceNoteDeleteSchema, ComplianceNoteListQuerySchema, ComplianceNoteViewSchema, IdResponseSchema as IdResponseSchema3 } from "@permitdesk/shared";

// api/src/modules/compliance-notes/create-compliance-note.ts
import { AppError as AppError49 } from "@permitdesk/shared";

// api/src/modules/compliance-notes/compliance-note-view.ts
function toComplianceNoteView(row) {
  return { id: row.id, promotionId: row.promotionId, categorySlug: row.categorySlug, text: row.text, createdAt: row.createdAt.toISOString() };
}

// api/src/modules/compliance-notes/compliance-notes.repository.ts
import { asc as asc7, eq as eq18 } from "drizzle-orm";
async function findComplianceNotes(db, promotionId) {
  return db.select().from(complianceNotes).where(eq18(complianceNotes.promotionId, promotionId)).orderBy(asc7(complianceNotes.createdAt), asc7(complianceNotes.id));
}
async function insertComplianceNote(db, values) {
  const [row] = await db.insert(complianceNotes).values(values).returning();
  return row;
}
async function deleteComplianceNote(db, id) {
  const deleted = await db.delete(complianceNotes).where(eq18(complianceNotes.id, id)).returning({ id: complianceNotes.id });
  return deleted.length > 0;
}

// api/src/modules/compliance-notes/create-compliance-note.ts
async function createComplianceNote(db, staff, input) {
  return db.transaction(async (tx) => {
    const promotion = await findPromotion(tx, staff, input.promotionId, { forUpdate: true });
    if (!promotion) throw new AppError49("NOT_FOUND");
    const row = await insertComplianceNote(tx, { promotionId: promotion.id, categorySlug: input.categorySlug, text: input.text, createdBy: staff.userId });
    return toComplianceNoteView(row);
  });
}

// api/src/modules/compliance-notes/delete-compliance-note.ts
import { AppError as AppError50 } from "@permitdesk/shared";
async function deleteComplianceNote2(db, id) {
  if (!await deleteComplianceNote(db, id)) throw new AppError50("NOT_FOUND");
  return { id };
}

// api/src/modules/compliance-notes/get-compliance-notes.ts
import { AppError as AppError51 } from "@permitdesk/shared";
async function getComplianceNotes(db, owner, promotionId) {
  const promotion = await findPromotion(db, owner, promotionId);
  if (!promotion) throw new AppError51("NOT_FOUND");
  return (await findComplianceNotes(db, promotion.id)).map(toComplianceNoteView);
}

// api/src/modules/compliance-notes/compliance-notes.routes.ts
function complianceNoteRoutes({ database }) {
  const db = database.db;
  return [
    route({
      method: "get",
      path: "/ComplianceNote/get",
      access: "user",
      summary: "A promotion's compliance notes.",
      query: ComplianceNoteListQuerySchema,
      response: z21.array(ComplianceNoteViewSchema),
      handler: ({ owner, query }) => getComplianceNotes(db, owner, query.promotionId)
    }),
    route({
      method: "post",
      path: "/ComplianceNote/create",
      access: "staff",
      summary: "Add a compliance note (staff).",
      body: ComplianceNoteCreateSchema,
      response: ComplianceNoteViewSchema,
      handler: ({ owner, body }) => createComplianceNote(db, owner, body)
    }),
    route({
      method: "post",
      path: "/ComplianceNote/delete",
      access: "staff",
      summary: "Delete a compliance note (staff).",
      body: ComplianceNoteDeleteSchema,
      response: IdResponseSchema3,
      handler: ({ body }) => deleteComplianceNote2(db, body.id)
    })
  ];
}

// api/src/modules/support-items/support-items.routes.ts
import { PROMOTION_LIST_FAQ_ITEMS, SupportItemsResponseSchema } from "@permitdesk/shared";

// api/src/modules/support-items/support-items.repository.ts
import { sql as sql21 } from "drizzle-orm";
async function findSupportItems(db, kind, limit = 200) {
  try {
    const result = await db.execute(
      sql21`select id, question, answer, "order"::float8 as "order" from cms.support_items where kind = ${kind} order by "order" asc, id asc limit ${limit}`
    );
    return result.rows.map((r) => ({ id: r.id, question: r.question, answer: r.answer, order: Number(r.order) }));
  } catch (error) {
    if (error.code === "42P01" || error.cause?.code === "42P01") return [];
    throw error;
  }
}

// api/src/modules/support-items/support-items.routes.ts
function supportItemRoutes({ database }) {
  const list = (path8, summary, kind, limit) => route({ method: "get", path: path8, access: "public", summary, response: SupportItemsResponseSchema, handler: () => findSupportItems(database.db, kind, limit) });
  return [
    list("/SupportItem/getFAQs", "The FAQ items.", "faq"),
    list("/SupportItem/getHowTos", "The how-to items.", "howto"),
    list("/SupportItem/getFormFAQs", "The permit form's FAQ items.", "form-faq"),
    // 001 §2, §9: eight items, shown as two blocks of four.
    list("/SupportItem/getPromotionListFAQs", "The My Promotions FAQ items (eight).", "promotion-list-faq", PROMOTION_LIST_FAQ_ITEMS)
  ];
}

// api/src/modules/documents/documents.routes.ts
import { Router as Router5 } from "express";
import { AppError as AppError53 } from "@permitdesk/shared";

// api/src/modules/documents/render-working-pdf.ts
import { AppError as AppError52, MSG_PDF_UNAVAILABLE } from "@permitdesk/shared";

// api/src/documents/working-application.tsx
import {
  SECTION_NAMES as SECTION_NAMES2,
  STATE_CODES,
  calculateFees as calculateFees2,
  formatAddress,
  formatAusStates,
  formatCurrency as formatCurrency3,
  formatDate as formatDate2,
  formatDateTime,
  formatSydneyTime,
  getAttachmentType as getAttachmentType2,
  getPermitRequirements as getPermitRequirements2,
  customerStatusName as customerStatusName2,
  getPermitStatus as getPermitStatus4,
  getRelevantAttachmentCodes,
  getVisibleSections,
  getWizardSteps,
  hasAnyFlag,
  hasDrawnMethod,
  hasFlag,
  isAttachmentValid,
  isScrutineerQuestionRequired,
  parseAttachmentCodes,
  promotionTitle as promotionTitle3,
  selectedStates,
  serviceLabel,
  ADVERTISING_METHOD_FLAGS,
  DRAW_METHOD_FLAGS,
  ENTRY_METHOD_FLAGS,
  PRIZE_CATEGORY_FLAGS
} from "@permitdesk/shared";
import {
  advertisingMethodNames,
  drawMethodNames,
  entryMethodNames,
  notificationMethodName,
  prizeCategoryNames
} from "@permitdesk/shared/permits/option-labels";
import { Fragment as Fragment2 } from "react";
import { Fragment as Fragment3, jsx as jsx3, jsxs as jsxs3 } from "react/jsx-runtime";
var text28 = (value) => typeof value === "string" && value.trim() !== "" ? value.trim() : void 0;
var yesNo = (value) => typeof value === "boolean" ? value ? "Yes" : "No" : void 0;
var count6 = (value) => typeof value === "number" && Number.isFinite(value) ? String(value) : void 0;
var money = (value) => typeof value === "number" && Number.isFinite(value) ? formatCurrency3(value) : void 0;
var flags2 = (value) => typeof value === "number" && Number.isInteger(value) && value > 0 ? value : void 0;
var dateOf = (value) => typeof value === "string" ? formatDate2(value) || void 0 : void 0;
var timeOf = (day, value) => typeof value === "string" ? formatSydneyTime(typeof day === "string" ? day : null, value) || void 0 : void 0;
var words = (names) => names.length ? names.join(", ") : void 0;
var recordOf = (value) => value && typeof value === "object" && !Array.isArray(value) ? value : {};
var addressOf = (value) => text28(formatAddress(recordOf(value)));
var MISSING = /* @__PURE__ */ jsx3("span", { className: "missing", children: "Not yet answered" });
function Lines({ value }) {
  return value.split(/\r?\n/).map((line, index16) => /* @__PURE__ */ jsxs3(Fragment2, { children: [
    index16 > 0 && /* @__PURE__ */ jsx3("br", {}),
    line
  ] }, index16));
}
function Row({ label, value, multiline }) {
  return /* @__PURE__ */ jsxs3("tr", { children: [
    /* @__PURE__ */ jsx3("th", { scope: "row", children: label }),
    /* @__PURE__ */ jsx3("td", { children: value === void 0 ? MISSING : multiline ? /* @__PURE__ */ jsx3(Lines, { value }) : value })
  ] });
}
function Rows({ children }) {
  return /* @__PURE__ */ jsx3("table", { children: /* @__PURE__ */ jsx3("tbody", { children }) });
}
function DrawRows({ draw, what }) {
  const multiple = draw.multipleDates === true;
  return /* @__PURE__ */ jsxs3(Fragment3, { children: [
    /* @__PURE__ */ jsx3(Row, { label: `More than one ${what} date`, value: yesNo(draw.multipleDates) }),
    multiple ? /* @__PURE__ */ jsx3(Row, { label: `${capitalise(what)} dates`, value: text28(draw.multipleDatesDetail), multiline: true }) : /* @__PURE__ */ jsxs3(Fragment3, { children: [
      /* @__PURE__ */ jsx3(Row, { label: `${capitalise(what)} date`, value: dateOf(draw.date) }),
      /* @__PURE__ */ jsx3(Row, { label: `${capitalise(what)} time`, value: timeOf(draw.date, draw.time) })
    ] }),
    /* @__PURE__ */ jsx3(Row, { label: "Held by (organisation)", value: text28(draw.locationOrganisation) }),
    /* @__PURE__ */ jsx3(Row, { label: "Held at (address)", value: addressOf(draw.locationAddress), multiline: true })
  ] });
}
var capitalise = (value) => value.charAt(0).toUpperCase() + value.slice(1);
var SECTIONS = {
  details: ({ promotion, permit }) => {
    const advertising = flags2(permit.advertisingMethodsValue);
    return /* @__PURE__ */ jsxs3(Rows, { children: [
      /* @__PURE__ */ jsx3(Row, { label: "Promotion name", value: text28(promotion.name) }),
      /* @__PURE__ */ jsx3(Row, { label: "Start date", value: dateOf(permit.startDate) }),
      /* @__PURE__ */ jsx3(Row, { label: "Start time", value: timeOf(permit.startDate, permit.startTime) }),
      /* @__PURE__ */ jsx3(Row, { label: "End date", value: dateOf(permit.endDate) }),
      /* @__PURE__ */ jsx3(Row, { label: "End time", value: timeOf(permit.endDate, permit.endTime) }),
      /* @__PURE__ */ jsx3(Row, { label: "Permits required by", value: dateOf(permit.requiredDate) }),
      /* @__PURE__ */ jsx3(Row, { label: "Open to people under 18", value: yesNo(permit.under18s) }),
      /* @__PURE__ */ jsx3(Row, { label: "Inducements offered", value: yesNo(permit.inducementsOffered) }),
      permit.inducementsOffered === true && /* @__PURE__ */ jsx3(Row, { label: "Inducements", value: text28(permit.inducementsDetail), multiline: true }),
      /* @__PURE__ */ jsx3(Row, { label: "Advertising methods", value: words(advertisingMethodNames(advertising)) }),
      hasFlag(advertising, ADVERTISING_METHOD_FLAGS, "other") && /* @__PURE__ */ jsx3(Row, { label: "Other advertising", value: text28(permit.advertisingMethodsOther) }),
      /* @__PURE__ */ jsx3(Row, { label: "Products or services promoted", value: text28(permit.promotedProducts), multiline: true })
    ] });
  },
  applicant: ({ promotion, applicant, details, requirements }) => {
    const postal = applicant.postalSameAsBusiness === true ? "Same as the business address" : addressOf(applicant.postalAddress);
    return /* @__PURE__ */ jsxs3(Rows, { children: [
      /* @__PURE__ */ jsx3(Row, { label: "Organisation", value: text28(applicant.organisation) }),
      /* @__PURE__ */ jsx3(Row, { label: "ABN or ACN", value: text28(applicant.abnacn) }),
      /* @__PURE__ */ jsx3(Row, { label: "Trading name", value: text28(applicant.tradingName) }),
      /* @__PURE__ */ jsx3(Row, { label: "Business address", value: addressOf(applicant.businessAddress), multiline: true }),
      /* @__PURE__ */ jsx3(Row, { label: "Postal address", value: postal, multiline: true }),
      /* @__PURE__ */ jsx3(Row, { label: "Website", value: text28(applicant.website) }),
      requirements.nsw.required && /* @__PURE__ */ jsxs3(Fragment3, { children: [
        /* @__PURE__ */ jsx3(Row, { label: "Holds an NSW authority", value: yesNo(promotion.hasNswAuthority) }),
        promotion.hasNswAuthority === true && /* @__PURE__ */ jsx3(Row, { label: "NSW authority number", value: text28(applicant.nswAuthorityNumber) }),
        promotion.hasNswAuthority === true && /* @__PURE__ */ jsx3(Row, { label: "NSW authority expiry", value: dateOf(applicant.nswAuthorityExpiration) }),
        (promotion.hasNswAuthority !== true || applicant.nswAuthorityDuration != null) && /* @__PURE__ */ jsx3(Row, { label: "NSW authority duration (years)", value: count6(applicant.nswAuthorityDuration) })
      ] }),
      /* @__PURE__ */ jsx3(Row, { label: "Applying under a letter of authority", value: yesNo(applicant.hasLetterOfAuthority) }),
      details.letterOfAuthorityReused === true && /* @__PURE__ */ jsx3(Row, { label: "Letter of authority", value: "Reused from an earlier promotion" })
    ] });
  },
  contact: ({ applicant }) => {
    const contact = recordOf(applicant.contact);
    const name = [text28(contact.title), text28(contact.firstName), text28(contact.lastName)].filter(Boolean).join(" ");
    return /* @__PURE__ */ jsxs3(Rows, { children: [
      /* @__PURE__ */ jsx3(Row, { label: "Name", value: text28(contact.firstName) || text28(contact.lastName) ? name : void 0 }),
      /* @__PURE__ */ jsx3(Row, { label: "Position", value: text28(contact.position) }),
      /* @__PURE__ */ jsx3(Row, { label: "Phone", value: text28(contact.phone) }),
      /* @__PURE__ */ jsx3(Row, { label: "Email", value: text28(contact.email) })
    ] });
  },
  entry: ({ permit }) => {
    const methods = flags2(permit.entryMethodsValue);
    const byPhone = hasAnyFlag(methods, ENTRY_METHOD_FLAGS, ["sms", "phone1800", "phone1900", "phone"]);
    return /* @__PURE__ */ jsxs3(Rows, { children: [
      /* @__PURE__ */ jsx3(Row, { label: "Entry methods", value: words(entryMethodNames(methods)) }),
      hasFlag(methods, ENTRY_METHOD_FLAGS, "other") && /* @__PURE__ */ jsx3(Row, { label: "Other entry method", value: text28(permit.entryMethodsOther) }),
      hasFlag(methods, ENTRY_METHOD_FLAGS, "internet") && /* @__PURE__ */ jsx3(Row, { label: "Entry website", value: text28(permit.entryMethodsWebsite) }),
      byPhone && /* @__PURE__ */ jsx3(Row, { label: "Entry phone numbers", value: text28(permit.entryMethodsPhoneNumbers) }),
      /* @__PURE__ */ jsx3(Row, { label: "How to enter", value: text28(permit.entryMechanic), multiline: true }),
      /* @__PURE__ */ jsx3(Row, { label: "Entries allowed per day", value: typeof permit.entriesPerDay === "number" ? count6(permit.entriesPerDay) : text28(permit.entriesPerDay) }),
      /* @__PURE__ */ jsx3(Row, { label: "More than one prize per entrant", value: yesNo(permit.multiplePrizesAllowed) })
    ] });
  },
  finaldraw: ({ promotion, permit, details, drawMethods }) => {
    const computerDraw = typeof permit.isComputerDraw === "boolean" ? permit.isComputerDraw : promotion.winnersDrawnElectronically;
    const machineApproved = typeof permit.randomDrawMachineApproved === "boolean" ? permit.randomDrawMachineApproved : promotion.randomDrawMachineApproved;
    const drawn = drawMethods === void 0 || hasDrawnMethod(drawMethods);
    const scrutineerAsked = isScrutineerQuestionRequired({ ...promotion, ...details, drawMethodsValue: drawMethods, startDate: permit.startDate ?? promotion.startDate }) || typeof permit.scrutineerRequired === "boolean";
    return /* @__PURE__ */ jsxs3(Rows, { children: [
      /* @__PURE__ */ jsx3(Row, { label: "Draw methods", value: words(drawMethodNames(drawMethods)) }),
      hasFlag(drawMethods, DRAW_METHOD_FLAGS, "other") && /* @__PURE__ */ jsx3(Row, { label: "Other draw method", value: text28(permit.drawMethodsOther), multiline: true }),
      drawn && /* @__PURE__ */ jsx3(DrawRows, { draw: recordOf(permit.finalDraw), what: "draw" }),
      /* @__PURE__ */ jsx3(Row, { label: "Drawn by computer", value: yesNo(computerDraw) }),
      computerDraw === true && /* @__PURE__ */ jsx3(Row, { label: "Draw system approved", value: yesNo(machineApproved) }),
      scrutineerAsked && /* @__PURE__ */ jsxs3(Fragment3, { children: [
        /* @__PURE__ */ jsx3(Row, { label: "Scrutineer required", value: yesNo(permit.scrutineerRequired) }),
        permit.scrutineerRequired === true && /* @__PURE__ */ jsx3(Row, { label: "Scrutineer", value: text28(permit.scrutineerName) }),
        permit.scrutineerRequired === true && /* @__PURE__ */ jsx3(Row, { label: "Scrutineer is not independent", value: yesNo(permit.nonIndependentScrutineer) }),
        permit.nonIndependentScrutineer === true && /* @__PURE__ */ jsx3(Row, { label: "Why not independent", value: text28(permit.nonIndependentScrutineerReason), multiline: true })
      ] })
    ] });
  },
  unclaimeddraw: ({ permit, drawMethods }) => drawMethods !== void 0 && !hasDrawnMethod(drawMethods) ? /* @__PURE__ */ jsx3("p", { className: "muted", children: "Not needed: with the draw methods chosen, no prizes are drawn." }) : /* @__PURE__ */ jsx3(Rows, { children: /* @__PURE__ */ jsx3(DrawRows, { draw: recordOf(permit.unclaimedDraw), what: "draw" }) }),
  notification: ({ permit, details, requirements, drawMethods }) => {
    const final = recordOf(recordOf(permit.finalDraw).notification);
    const unclaimed = recordOf(recordOf(permit.unclaimedDraw).notification);
    const showUnclaimed = (drawMethods === void 0 || hasDrawnMethod(drawMethods)) && (unclaimed.method != null || unclaimed.date != null);
    const showAct = requirements.act.required || text28(details.prizePublicationACT) !== void 0 || text28(details.prizePublicationDateACT) !== void 0;
    return /* @__PURE__ */ jsxs3(Rows, { children: [
      /* @__PURE__ */ jsx3(Row, { label: "How winners are notified", value: notificationMethodName(text28(final.method)) }),
      /* @__PURE__ */ jsx3(Row, { label: "Winners notified by", value: dateOf(final.date) }),
      showUnclaimed && /* @__PURE__ */ jsxs3(Fragment3, { children: [
        /* @__PURE__ */ jsx3(Row, { label: "How unclaimed prize winners are notified", value: notificationMethodName(text28(unclaimed.method)) }),
        /* @__PURE__ */ jsx3(Row, { label: "Unclaimed prize winners notified by", value: dateOf(unclaimed.date) })
      ] }),
      showAct && /* @__PURE__ */ jsxs3(Fragment3, { children: [
        /* @__PURE__ */ jsx3(Row, { label: "ACT winners published in", value: text28(details.prizePublicationACT) }),
        /* @__PURE__ */ jsx3(Row, { label: "ACT publication date", value: dateOf(details.prizePublicationDateACT) })
      ] })
    ] });
  },
  categories: ({ details }) => {
    const categories = flags2(details.prizeCategoriesValue);
    return /* @__PURE__ */ jsxs3(Rows, { children: [
      /* @__PURE__ */ jsx3(Row, { label: "Prize categories", value: words(prizeCategoryNames(categories)) }),
      hasFlag(categories, PRIZE_CATEGORY_FLAGS, "other") && /* @__PURE__ */ jsx3(Row, { label: "Other prizes", value: text28(details.prizeCategoriesOther) })
    ] });
  },
  breakdown: ({ promotion, details }) => /* @__PURE__ */ jsxs3(Rows, { children: [
    /* @__PURE__ */ jsx3(Row, { label: "Total prize value", value: promotion.totalPrizeValue > 0 ? formatCurrency3(promotion.totalPrizeValue) : void 0 }),
    /* @__PURE__ */ jsx3(Row, { label: "Number of prizes", value: count6(details.prizeQuantityTotal) }),
    /* @__PURE__ */ jsx3(Row, { label: "Most valuable single prize", value: money(details.maxPrizeValue) }),
    /* @__PURE__ */ jsx3(Row, { label: "Prizes", value: text28(details.prizeDescription), multiline: true }),
    selectedStates(promotion.ausStates).map((key) => /* @__PURE__ */ jsx3(Row, { label: `Prize value in ${STATE_CODES[key]}`, value: money(details[`prizeValue${STATE_CODES[key]}`]) }, key))
  ] }),
  attachments: (ctx) => /* @__PURE__ */ jsx3(AttachmentList, { ...ctx }),
  comments: ({ permit }) => /* @__PURE__ */ jsx3(Rows, { children: /* @__PURE__ */ jsx3(Row, { label: "Comments for our team", value: text28(permit.comments), multiline: true }) }),
  questions: ({ details }) => {
    const questions = Array.isArray(details.actionEntry?.actionQuestions) ? details.actionEntry.actionQuestions : [];
    if (!questions.length) return /* @__PURE__ */ jsx3("p", { className: "muted", children: "No questions from our team." });
    return /* @__PURE__ */ jsx3(Rows, { children: questions.map((q, index16) => /* @__PURE__ */ jsx3(Row, { label: text28(q?.question) ?? `Question ${index16 + 1}`, value: text28(q?.answer), multiline: true }, index16)) });
  }
};
function AttachmentList({ promotion, permit, applicant, details, attachments }) {
  const codes = details.attachmentsManualOverride ? parseAttachmentCodes(details.attachmentsManuallyRequired) : getRelevantAttachmentCodes({
    ...promotion,
    ...details,
    entryMethodsValue: permit.entryMethodsValue,
    drawMethodsValue: permit.drawMethodsValue,
    scrutineerRequired: permit.scrutineerRequired,
    hasLetterOfAuthority: applicant.hasLetterOfAuthority,
    hasUnclaimedDraw: hasDrawnMethod(permit.drawMethodsValue)
  });
  const codeOf = (a) => text28(a.attachmentType?.code)?.toUpperCase();
  for (const a of attachments) {
    const code = codeOf(a);
    if (code && !codes.includes(code) && isAttachmentValid(a)) codes.push(code);
  }
  if (!codes.length) return /* @__PURE__ */ jsx3("p", { className: "muted", children: "No documents are needed." });
  return /* @__PURE__ */ jsxs3("table", { className: "list", children: [
    /* @__PURE__ */ jsx3("thead", { children: /* @__PURE__ */ jsxs3("tr", { children: [
      /* @__PURE__ */ jsx3("th", { scope: "col", children: "Code" }),
      /* @__PURE__ */ jsx3("th", { scope: "col", children: "Document" }),
      /* @__PURE__ */ jsx3("th", { scope: "col", children: "File" }),
      /* @__PURE__ */ jsx3("th", { scope: "col", children: "Uploaded" })
    ] }) }),
    /* @__PURE__ */ jsx3("tbody", { children: codes.map((code) => {
      const type = getAttachmentType2(code);
      const attachment = attachments.find((a) => codeOf(a) === code && isAttachmentValid(a));
      const reused = attachment?.reuseFromPromotion != null && attachment.shouldReuse !== false && !attachment.uploaded;
      return /* @__PURE__ */ jsxs3("tr", { children: [
        /* @__PURE__ */ jsx3("td", { children: code }),
        /* @__PURE__ */ jsxs3("td", { children: [
          type?.name ?? text28(attachment?.attachmentType?.name) ?? "Document",
          type?.isAddendum && /* @__PURE__ */ jsx3("span", { className: "muted", children: " (addendum)" })
        ] }),
        /* @__PURE__ */ jsx3("td", { children: attachment ? text28(attachment.userFileName) ?? text28(attachment.fileName) ?? "Uploaded" : type?.isAddendum ? /* @__PURE__ */ jsx3("span", { className: "muted", children: "Due after the draw" }) : /* @__PURE__ */ jsx3("span", { className: "missing", children: "Not yet uploaded" }) }),
        /* @__PURE__ */ jsx3("td", { children: attachment ? reused ? `Reused from promotion #${attachment.reuseFromPromotion}` : dateOf(attachment.uploadDate) ?? "" : "" })
      ] }, code);
    }) })
  ] });
}
function renderWorkingApplication(promotion, { productName, now }) {
  const permit = recordOf(promotion.permit);
  const details = recordOf(promotion.details);
  const applicant = recordOf(promotion.applicant ?? permit.applicant);
  const attachments = (Array.isArray(promotion.attachments) ? promotion.attachments : []).map((a) => recordOf(a));
  const startDate = text28(permit.startDate) ?? promotion.startDate;
  const requirements = getPermitRequirements2({ ...promotion, startDate });
  const fees = calculateFees2({ ...promotion, startDate, saPremium: details.forceSaPremium === true }, { paymentMethod: "bpay" });
  const status = getPermitStatus4(promotion.statusId);
  const title = promotionTitle3(promotion.name);
  const wizard = { managedSubmission: promotion.managedSubmission, skillsBasedTC: promotion.skillsBasedTC, termsAndConditions: promotion.termsAndConditions, ausStates: promotion.ausStates };
  const sections = getWizardSteps(wizard).flatMap((step) => getVisibleSections(step, wizard));
  const ctx = { promotion, permit, applicant, details, attachments, requirements, drawMethods: flags2(permit.drawMethodsValue) };
  const sectionName = (key) => key === "applicant" && promotion.skillsBasedTC ? "Promoter" : SECTION_NAMES2[key];
  const feeRows = [
    ["NSW licence fee", fees.feeDue_NSW],
    ["ACT licence fee", fees.feeDue_ACT],
    ["SA licence fee", fees.feeDue_SA],
    ["Permit management", fees.feeDue_Service],
    ["Random draw", fees.feeDue_RandomDraw],
    ["Terms and conditions", fees.feeDue_TermsAndConditions],
    ["Game of skill terms and conditions", fees.feeDue_SkillsBasedTC],
    ["Abridged terms and conditions", fees.feeDue_AbridgedTC],
    ["Hosted terms and conditions", fees.feeDue_HostedTC]
  ];
  return renderDocument(
    `${title}: working application`,
    /* @__PURE__ */ jsxs3(Fragment3, { children: [
      /* @__PURE__ */ jsxs3("div", { className: "header", children: [
        /* @__PURE__ */ jsxs3("div", { children: [
          /* @__PURE__ */ jsxs3("p", { className: "muted", children: [
            productName,
            " \xB7 Trade promotion permit application"
          ] }),
          /* @__PURE__ */ jsx3("h1", { children: title })
        ] }),
        /* @__PURE__ */ jsxs3("p", { className: "muted", children: [
          "Promotion #",
          promotion.id
        ] })
      ] }),
      /* @__PURE__ */ jsx3("p", { className: "banner", children: "This is a working copy for checking your answers. It is not a permit application form and cannot be lodged." }),
      /* @__PURE__ */ jsxs3(Rows, { children: [
        /* @__PURE__ */ jsx3(Row, { label: "Status", value: customerStatusName2(status.id) }),
        /* @__PURE__ */ jsx3(Row, { label: "States", value: formatAusStates(promotion.ausStates, { includeNz: promotion.includeNz }) }),
        /* @__PURE__ */ jsx3(Row, { label: "Services", value: text28(promotion.servicesString) ?? serviceLabel(promotion.managedSubmission, productName) }),
        /* @__PURE__ */ jsx3(Row, { label: "Permits required", value: requirements.requiredStates.length ? requirements.requiredStates.map((s) => STATE_CODES[s]).join(", ") : "None" }),
        /* @__PURE__ */ jsx3(Row, { label: "Generated", value: formatDateTime(now) })
      ] }),
      sections.map((key, index16) => /* @__PURE__ */ jsxs3("section", { children: [
        /* @__PURE__ */ jsxs3("h2", { children: [
          index16 + 1,
          ". ",
          sectionName(key)
        ] }),
        SECTIONS[key](ctx)
      ] }, key)),
      /* @__PURE__ */ jsxs3("section", { children: [
        /* @__PURE__ */ jsx3("h2", { children: "Estimated fees" }),
        /* @__PURE__ */ jsx3("table", { children: /* @__PURE__ */ jsxs3("tbody", { children: [
          feeRows.filter(([, cents2]) => cents2 > 0).map(([label, cents2]) => /* @__PURE__ */ jsxs3("tr", { children: [
            /* @__PURE__ */ jsx3("th", { scope: "row", children: label }),
            /* @__PURE__ */ jsx3("td", { className: "money", children: formatCurrency3(cents2) })
          ] }, label)),
          /* @__PURE__ */ jsxs3("tr", { children: [
            /* @__PURE__ */ jsx3("th", { scope: "row", children: "GST" }),
            /* @__PURE__ */ jsx3("td", { className: "money", children: formatCurrency3(fees.feeDue_GST) })
          ] }),
          /* @__PURE__ */ jsxs3("tr", { children: [
            /* @__PURE__ */ jsx3("th", { scope: "row", children: "Total including GST" }),
            /* @__PURE__ */ jsx3("td", { className: "money", children: /* @__PURE__ */ jsx3("strong", { children: formatCurrency3(fees.feeDue_GrandTotal) }) })
          ] })
        ] }) })
      ] })
    ] })
  );
}

// api/src/pdf/find-chromium.ts
import fs5 from "node:fs";
var CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome-stable", "/usr/bin/google-chrome", "/snap/bin/chromium"];
var ChromiumNotFoundError = class extends Error {
  constructor(tried) {
    super(`No Chromium was found to print PDFs (looked at ${tried.join(", ")}). Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`);
    this.name = "ChromiumNotFoundError";
  }
};
function findChromium(configured) {
  if (configured) {
    if (!fs5.existsSync(configured)) throw new ChromiumNotFoundError([configured]);
    return configured;
  }
  const found = CANDIDATES.find((candidate) => fs5.existsSync(candidate));
  if (!found) throw new ChromiumNotFoundError(CANDIDATES);
  return found;
}

// api/src/modules/documents/render-working-pdf.ts
async function renderWorkingPdf(deps, owner, id) {
  const row = Number.isSafeInteger(id) && id > 0 ? await findPromotion(deps.database.db, owner, id) : void 0;
  if (!row) throw new AppError52("NOT_FOUND");
  const html = renderWorkingApplication(
    {
      ...row,
      ausStates: ausStatesOfRow(row),
      servicesString: servicesStringOf(row),
      permit: row.permit ?? {},
      applicant: row.applicant ?? null,
      details: row.details ?? {},
      attachments: row.attachments ?? []
    },
    { productName: brandFor(deps.config).productName, now: /* @__PURE__ */ new Date() }
  );
  try {
    return { id: row.id, pdf: await deps.pdf().render(html) };
  } catch (error) {
    if (error instanceof ChromiumNotFoundError) throw new AppError52("UNAVAILABLE", MSG_PDF_UNAVAILABLE);
    throw error;
  }
}

// api/src/modules/documents/documents.routes.ts
function documentRoutes(deps) {
  const router = Router5();
  router.get("/promotions/downloadworkingpdf/:id", async (req, res) => {
    const user = res.locals.user;
    if (!user) throw new AppError53("UNAUTHENTICATED");
    const { id, pdf } = await renderWorkingPdf(deps, { userId: user.id, isStaff: user.isStaff }, Number(req.params.id));
    res.set("Content-Type", "application/pdf");
    res.set("Content-Disposition", `attachment; filename="working-application-${id}.pdf"`);
    res.set("Cache-Control", "private, no-store");
    res.send(pdf);
  });
  return router;
}

// api/src/modules/upload/upload.routes.ts
import { Router as Router6 } from "express";
import { z as z22 } from "zod";
import { AppError as AppError56, UPLOAD_LIMIT_BYTES as UPLOAD_LIMIT_BYTES3, UploadResponseSchema } from "@permitdesk/shared";

// api/src/modules/upload/store-upload.ts
import crypto10 from "node:crypto";
import { PassThrough as PassThrough2 } from "node:stream";
import { AppError as AppError54, MSG_NO_SUCH_FILE as MSG_NO_SUCH_FILE2, MSG_UPLOAD_FILE_REQUIRED as MSG_UPLOAD_FILE_REQUIRED2, MSG_UPLOAD_SUCCESS } from "@permitdesk/shared";

// api/src/modules/upload/sniff-file.ts
import { Transform } from "node:stream";
import { fileTypeFromBuffer as fileTypeFromBuffer2 } from "file-type";
var ALLOWED_BY_CONTENT = /* @__PURE__ */ new Map([
  ["application/pdf", "pdf"],
  ["image/png", "png"],
  ["image/jpeg", "jpg"],
  ["image/gif", "gif"],
  ["image/webp", "webp"],
  ["image/tiff", "tiff"],
  ["application/vnd.openxmlformats-officedocument.wordprocessingml.document", "docx"],
  ["application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "xlsx"],
  ["application/vnd.openxmlformats-officedocument.presentationml.presentation", "pptx"],
  ["application/vnd.oasis.opendocument.text", "odt"],
  ["application/vnd.oasis.opendocument.spreadsheet", "ods"],
  ["application/rtf", "rtf"]
]);
var LEGACY_OFFICE = /* @__PURE__ */ new Set(["doc", "xls", "ppt"]);
var TEXT_EXTENSIONS = /* @__PURE__ */ new Set(["txt", "csv"]);
var NOT_ACCEPTED = "This file is not one we accept. Please upload a PDF, an image, an Office document, a CSV or a text file.";
var SNIFF_HEAD_BYTES = 256 * 1024;
async function sniffHead(head, originalName) {
  const claimed = extensionOf(originalName);
  const detected = await fileTypeFromBuffer2(head);
  if (detected) {
    if (ALLOWED_BY_CONTENT.has(detected.mime)) return { ok: true, extension: ALLOWED_BY_CONTENT.get(detected.mime), mime: detected.mime, text: false };
    if (detected.ext === "cfb" && LEGACY_OFFICE.has(claimed)) return { ok: true, extension: claimed, mime: "application/x-cfb", text: false };
    return { ok: false, reason: `Files of this kind (${detected.ext}) cannot be uploaded. Please upload a PDF, an image, an Office document, a CSV or a text file.` };
  }
  if (TEXT_EXTENSIONS.has(claimed)) return { ok: true, extension: claimed, mime: claimed === "csv" ? "text/csv" : "text/plain", text: true };
  return { ok: false, reason: NOT_ACCEPTED };
}
function textGuard(error) {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  let bytes = 0;
  return new Transform({
    transform(chunk, _encoding, callback) {
      bytes += chunk.length;
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        return callback(error());
      }
      if (!controlFree(chunk)) return callback(error());
      callback(null, chunk);
    },
    flush(callback) {
      try {
        decoder.decode();
      } catch {
        return callback(error());
      }
      callback(bytes === 0 ? error() : null);
    }
  });
}
var notAcceptedReason = NOT_ACCEPTED;
function controlFree(data) {
  for (const byte of data) if (byte < 32 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12) return false;
  return true;
}
function extensionOf(name) {
  const match = /\.([a-z0-9]{1,8})$/i.exec(name);
  return match ? match[1].toLowerCase() : "";
}
function sanitiseFileName(name) {
  const base = name.split(/[\\/]/).pop() ?? "";
  const cleaned = base.normalize("NFC").replace(/[\u0000-\u001f\u007f"<>|:*?]/g, "").replace(/\s+/g, " ").trim().replace(/^\.+/, "");
  return (cleaned || "file").slice(0, 120);
}

// api/src/modules/upload/store-upload.ts
function readHead(stream, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    const finish = (ended) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      resolve({ head: Buffer.concat(chunks), ended });
    };
    const onData = (chunk) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limit) {
        stream.pause();
        finish(false);
      }
    };
    const onEnd = () => finish(true);
    const onError = (error) => {
      stream.off("data", onData);
      stream.off("end", onEnd);
      reject(error);
    };
    stream.on("data", onData);
    stream.once("end", onEnd);
    stream.once("error", onError);
  });
}
async function storeUpload({ db, storage: storage2 }, userId, file) {
  if (!file) throw new AppError54("VALIDATION", MSG_UPLOAD_FILE_REQUIRED2, { modelState: { file: [MSG_UPLOAD_FILE_REQUIRED2] } });
  const headerFileName = sanitiseFileName(Buffer.from(file.originalname, "latin1").toString("utf8"));
  const refuse = (reason) => new AppError54("VALIDATION", reason, { modelState: { file: [reason] } });
  const { head, ended } = await readHead(file.stream, SNIFF_HEAD_BYTES);
  if (head.length === 0) throw refuse(MSG_UPLOAD_FILE_REQUIRED2);
  const sniffed = await sniffHead(head, headerFileName);
  if (!sniffed.ok) throw refuse(sniffed.reason);
  let failure;
  const body = new PassThrough2();
  file.stream.on("error", (error) => body.destroy(error));
  body.write(head);
  if (ended) body.end();
  else file.stream.pipe(body);
  let source = body;
  if (sniffed.text) {
    const guard = textGuard(() => refuse(notAcceptedReason));
    body.on("error", (error) => guard.destroy(error));
    source = body.pipe(guard);
  }
  source.on("error", (error) => failure ??= error);
  const serverFileName = `${crypto10.randomUUID()}.${sniffed.extension}`;
  const key = `uploads/${serverFileName}`;
  let sizeBytes;
  try {
    sizeBytes = await putStream(storage2, key, source);
  } catch (error) {
    await storage2.delete(key).catch(() => {
    });
    throw failure instanceof AppError54 ? failure : error;
  }
  let record;
  try {
    record = await insertUpload(db, { userId, serverFileName, headerFileName, fileExtension: sniffed.extension, mimeType: sniffed.mime, sizeBytes });
  } catch (error) {
    await storage2.delete(key).catch(() => {
    });
    throw error;
  }
  return {
    message: MSG_UPLOAD_SUCCESS,
    serverFileName: record.serverFileName,
    headerFileName: record.headerFileName,
    fileExtension: record.fileExtension,
    date: record.createdAt.toISOString()
  };
}
async function openUpload({ db, storage: storage2 }, viewer, serverFileName) {
  const record = await findUploadByServerName(db, serverFileName);
  if (!record || record.userId !== viewer.userId && !viewer.isStaff) throw new AppError54("NOT_FOUND", MSG_NO_SUCH_FILE2);
  const stream = await storage2.get(`uploads/${record.serverFileName}`);
  if (!stream) throw new AppError54("NOT_FOUND", MSG_NO_SUCH_FILE2);
  return { record, stream };
}

// api/src/modules/upload/upload-limits.ts
import { AppError as AppError55, MSG_UPLOAD_QUOTA_REACHED, UPLOAD_LIMIT_BYTES as UPLOAD_LIMIT_BYTES2 } from "@permitdesk/shared";
var UPLOAD_LIMITS = {
  perUser: { limit: 60, windowMs: 60 * 6e4 },
  quotaBytes: 500 * 1024 * 1024
};
async function assertUploadAllowed(db, userId, limits = UPLOAD_LIMITS) {
  await hitOrThrow(db, `upload:user:${userId}`, limits.perUser);
  if (await totalUploadBytes(db, userId) + UPLOAD_LIMIT_BYTES2 > limits.quotaBytes) {
    throw new AppError55("PAYLOAD_TOO_LARGE", MSG_UPLOAD_QUOTA_REACHED, { modelState: { file: [MSG_UPLOAD_QUOTA_REACHED] } });
  }
}

// api/src/modules/upload/upload.routes.ts
var UploadFormSchema = z22.object({ file: z22.string().meta({ format: "binary" }).describe("the file (at most 10MB)") });
function uploadRoutes({ database, storage: storage2 }) {
  const api = [
    route({
      method: "post",
      path: "/Upload",
      access: "user",
      status: 201,
      multipart: true,
      summary: 'Upload one file (multipart field "file", at most 10MB).',
      body: UploadFormSchema,
      response: UploadResponseSchema,
      handler: async ({ user, req }) => {
        await assertUploadAllowed(database.db, user.id);
        const stored = await receiveOneFile(req, UPLOAD_LIMIT_BYTES3, (file) => storeUpload({ db: database.db, storage: storage2 }, user.id, file));
        return stored ?? storeUpload({ db: database.db, storage: storage2 }, user.id, void 0);
      }
    })
  ];
  const downloads = Router6();
  downloads.get("/upload/:serverFileName", async (req, res) => {
    const user = res.locals.user;
    if (!user) throw new AppError56("UNAUTHENTICATED");
    const { record, stream } = await openUpload({ db: database.db, storage: storage2 }, { userId: user.id, isStaff: user.isStaff }, String(req.params.serverFileName));
    res.set("Content-Type", record.mimeType);
    res.set("Content-Disposition", `attachment; filename="${record.headerFileName.replace(/[^\x20-\x7e]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(record.headerFileName)}`);
    res.set("Cache-Control", "private, no-store");
    stream.pipe(res);
  });
  return { api, downloads };
}

// api/src/modules/payments/payments.routes.ts
import {
  PaymentPromotionIdSchema,
  InvoiceCancelSchema,
  InvoiceListQuerySchema,
  InvoiceNumberQuerySchema,
  InvoiceViewSchema,
  SubmitPermitApplicationResponseSchema,
  SubmitPermitApplicationSchema,
  WaiveServicePaymentSchema,
  SubmitAddendumSchema,
  CreateInvoiceSchema,
  ChargeCardSchema,
  SandboxChallengeResponseSchema,
  SandboxChallengeSchema,
  isSkillTcPaymentOption as isSkillTcPaymentOption3
} from "@permitdesk/shared";
import { z as z23 } from "zod";

// api/src/modules/payments/approve-bpay-payment.ts
import { AppError as AppError57, MSG_BPAY_NOT_AVAILABLE, PERMIT_STATUS_IDS as S2, requireTransition as requireTransition4 } from "@permitdesk/shared";
async function approveBpayPayment(db, staff, promotionId, now = /* @__PURE__ */ new Date()) {
  if (!staff.isStaff) throw new AppError57("FORBIDDEN");
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, staff, promotionId, { forUpdate: true });
    if (!row) throw new AppError57("NOT_FOUND");
    const invoice = (await findSubmissionInvoices(tx, row.id)).find((i) => !i.paidAt && i.method === "bpay");
    if (!invoice) throw new AppError57("CONFLICT", MSG_BPAY_NOT_AVAILABLE);
    const to = invoice.purpose === "additional" && row.statusId !== S2.pendingPaymentClearance ? row.statusId : requireTransition4({
      from: row.statusId,
      event: "APPROVE_BPAY_PAYMENT",
      role: "admin",
      managedSubmission: row.managedSubmission,
      termsAwaitingApproval: invoice.purpose === "submission" && row.managedSubmission && termsBought(row),
      resubmission: invoice.purpose !== "submission"
    });
    const paid = await updateInvoice(tx, invoice.id, { paidAt: now });
    const after = to === row.statusId ? row : await updatePromotion(tx, row.id, { statusId: to });
    await insertChange(tx, {
      promotionId: row.id,
      userId: staff.userId,
      entity: "permit",
      entityId: row.id,
      action: "approveBpayPayment",
      changes: { ...to !== row.statusId ? { statusId: { from: row.statusId, to } } : {}, invoice: { from: `${invoice.invoiceNumber} awaiting BPAY`, to: `${invoice.invoiceNumber} paid by BPAY` } }
    });
    return { promotion: after, invoice: paid };
  });
}

// api/src/modules/payments/cancel-invoice.ts
import { AppError as AppError58, MSG_INVOICE_ALREADY_CANCELLED, MSG_INVOICE_ALREADY_PAID } from "@permitdesk/shared";
async function cancelInvoice(db, staff, invoiceNumber, now = /* @__PURE__ */ new Date()) {
  if (!staff.isStaff) throw new AppError58("FORBIDDEN");
  return db.transaction(async (tx) => {
    const invoice = await findInvoiceByNumber(tx, staff, invoiceNumber, { forUpdate: true });
    if (!invoice) throw new AppError58("NOT_FOUND");
    if (invoice.cancelledAt) throw new AppError58("CONFLICT", MSG_INVOICE_ALREADY_CANCELLED);
    if (invoice.paidAt) throw new AppError58("CONFLICT", MSG_INVOICE_ALREADY_PAID);
    const cancelled = await updateInvoice(tx, invoice.id, { cancelledAt: now });
    await insertChange(tx, {
      promotionId: invoice.promotionId,
      userId: staff.userId,
      entity: "promotion",
      entityId: invoice.promotionId,
      action: "cancelInvoice",
      changes: { invoice: { from: `${invoiceNumber} awaiting payment`, to: `${invoiceNumber} cancelled` } }
    });
    return cancelled;
  });
}

// api/src/modules/payments/waive-service-payment.ts
import { AppError as AppError59 } from "@permitdesk/shared";
async function waiveServicePayment(db, staff, input) {
  if (!staff.isStaff) throw new AppError59("FORBIDDEN");
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, staff, input.id, { forUpdate: true });
    if (!row) throw new AppError59("NOT_FOUND");
    await insertChange(tx, {
      promotionId: row.id,
      userId: staff.userId,
      entity: "promotion",
      entityId: row.id,
      action: "waiveServicePayment",
      changes: { service: { from: null, to: input.service }, reason: { from: null, to: input.reason } }
    });
    return { id: row.id, service: input.service, waived: true };
  });
}

// api/src/modules/payments/send-invoice-email.ts
import { AppError as AppError60, INVOICE_EMAILS_PER_HOUR, msgInvoiceEmailLimit, promotionTitle as promotionTitle4 } from "@permitdesk/shared";
var INVOICE_EMAIL_LIMIT = { limit: INVOICE_EMAILS_PER_HOUR, windowMs: 60 * 6e4 };
async function sendInvoiceEmail(deps, viewer, invoiceNumber) {
  const { invoice, html } = await taxInvoiceHtml({ db: deps.db, billerCode: deps.config.BPAY_BILLER_CODE, dataDir: deps.config.DATA_DIR }, viewer, invoiceNumber);
  const user = await findUserById(deps.db, invoice.userId);
  const promotion = await findPromotion(deps.db, { userId: invoice.userId, isStaff: true }, invoice.promotionId);
  if (!user || !promotion) throw new AppError60("NOT_FOUND");
  for (const key of [`invoice-email:invoice:${invoiceNumber}`, `invoice-email:account:${invoice.userId}`]) {
    const { count: count7, resetAt } = await hit(deps.db, key, INVOICE_EMAIL_LIMIT);
    if (count7 > INVOICE_EMAIL_LIMIT.limit) {
      const seconds = Math.max(1, Math.ceil((resetAt.getTime() - Date.now()) / 1e3));
      throw new AppError60("RATE_LIMITED", msgInvoiceEmailLimit(Math.ceil(seconds / 60)), { retryAfterSeconds: seconds });
    }
  }
  const pdf = await deps.pdf().render(html);
  const email = invoiceCopyTemplate(brandFor(deps.config), {
    firstName: user.firstName,
    invoiceNumber,
    promotionName: promotionTitle4(promotion.name),
    dashboardUrl: `${deps.config.PUBLIC_URL}/promotions/edit/${promotion.id}/`
  });
  await deps.mailer.send({ to: user.email, ...email, attachments: [{ filename: `tax-invoice-${invoiceNumber}.pdf`, content: pdf, contentType: "application/pdf" }] });
  return { ok: true, email: user.email };
}

// api/src/modules/terms/submit-skills-based-tc.ts
import { AppError as AppError61, MSG_SKILL_TC_NOT_SKILL, MSG_SKILL_TC_OPTION_FIXED } from "@permitdesk/shared";
function chooseSkillOption(actor, option, { forSkillOnly }) {
  return async (tx, row) => {
    if (row.deleted && !actor.isStaff) throw new AppError61("NOT_FOUND");
    if (!row.skillsBasedTC) {
      if (forSkillOnly) throw new AppError61("CONFLICT", MSG_SKILL_TC_NOT_SKILL);
      return row;
    }
    if (skillOptionOf(row) === option) return row;
    if ((await findSubmissionInvoices(tx, row.id)).length > 0) {
      throw new AppError61("CONFLICT", MSG_SKILL_TC_OPTION_FIXED, { modelState: { skillsBasedTCPaymentOption: [MSG_SKILL_TC_OPTION_FIXED] } });
    }
    const { fees, requiresPermits } = computeFees({ ...row, skillsTcPaymentOption: option }, await pricingRuleSet(tx, row));
    const after = await updatePromotion(tx, row.id, { skillsTcPaymentOption: option, fees, requiresPermits });
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: "promotion",
      entityId: row.id,
      action: "submitSkillsBasedTC",
      changes: {
        skillsBasedTCPaymentOption: { from: row.skillsTcPaymentOption, to: option },
        feeDue_GrandTotal: { from: row.fees.feeDue_GrandTotal, to: fees.feeDue_GrandTotal }
      }
    });
    return after;
  };
}
async function submitSkillsBasedTC(deps, actor, input) {
  const option = input.skillsBasedTCPaymentOption;
  const paid = await submitPermitApplication(deps, actor, { ...input, skillsBasedTCPaymentOption: option }, chooseSkillOption(actor, option, { forSkillOnly: true }));
  const row = await requirePromotion(deps.db, actor, input.id);
  const window = await skillEditWindow(deps.db, row, deps.now?.() ?? /* @__PURE__ */ new Date());
  return { ...paid, skillsBasedTCPaymentOption: option, skillsBasedTCEditWindow: window?.ends ? window.ends.toISOString() : null };
}

// api/src/modules/payments/submit-additional-payment.ts
import { AppError as AppError62, crnForInvoice as crnForInvoice2, MSG_NO_ADDITIONAL_PAYMENT_DUE, PERMIT_STATUS_IDS as S3 } from "@permitdesk/shared";
async function submitAdditionalPayment(deps, actor, input) {
  const now = deps.now?.() ?? /* @__PURE__ */ new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const row = await findPromotion(tx, actor, input.id, { forUpdate: true });
    if (!row) throw new AppError62("NOT_FOUND");
    const live = await findSubmissionInvoices(tx, row.id);
    if (!live.some((i) => i.purpose === "submission" && i.paidAt) || row.statusId === S3.pendingPaymentClearance) {
      throw new AppError62("CONFLICT", MSG_NO_ADDITIONAL_PAYMENT_DUE);
    }
    const invoice = await ensureOwedInvoice(tx, row, { actorUserId: actor.userId, now, testMode: isTestMode(deps.gateway) });
    if (!invoice) throw new AppError62("CONFLICT", MSG_NO_ADDITIONAL_PAYMENT_DUE);
    assertStillOwed(invoice, input);
    if (input.isBPAY) {
      const pending = await updateInvoice(tx, invoice.id, { method: "bpay", crn: crnForInvoice2(invoice.invoiceNumber), ccSurcharge: 0 });
      await insertChange(tx, { promotionId: row.id, userId: actor.userId, entity: "promotion", entityId: row.id, action: "submitAdditionalPayment", changes: { invoice: { from: null, to: `${invoice.invoiceNumber} awaiting BPAY` } } });
      return { kind: "done", row, invoice: pending, card: null };
    }
    const result = await chargeInvoiceByCard(tx, deps, row, invoice, input, now);
    if (result.kind === "failed") return result;
    if (result.kind === "requires_action") return { kind: "requires_action", row, invoice, clientSecret: result.clientSecret, paymentIntentId: result.paymentIntentId };
    await insertChange(tx, { promotionId: row.id, userId: actor.userId, entity: "promotion", entityId: row.id, action: "submitAdditionalPayment", changes: { invoice: { from: null, to: `${invoice.invoiceNumber} paid by card` } } });
    return { kind: "done", row, invoice: result.invoice, card: result.card };
  });
  if (outcome.kind === "failed") throw new AppError62("PAYMENT_FAILED", outcome.message);
  if (outcome.kind === "requires_action") {
    return {
      id: outcome.row.id,
      permitStatus: statusView(outcome.row.statusId),
      invoice: toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }),
      card: null,
      requiresAction: { clientSecret: outcome.clientSecret, paymentIntentId: outcome.paymentIntentId }
    };
  }
  deps.afterCommit?.({
    kind: outcome.invoice.paidAt ? "paid" : "bpay",
    promotionId: outcome.row.id,
    promotionName: outcome.row.name,
    statusId: outcome.row.statusId,
    userId: outcome.row.userId,
    invoiceNumber: outcome.invoice.invoiceNumber
  });
  return { id: outcome.row.id, permitStatus: statusView(outcome.row.statusId), invoice: toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }), card: outcome.card };
}

// api/src/modules/payments/begin-amend-permit-application.ts
import { AppError as AppError63, getPermitStatus as getPermitStatus5, requireTransition as requireTransition5 } from "@permitdesk/shared";
async function beginAmendPermitApplication(db, actor, id) {
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, actor, id, { forUpdate: true });
    if (!row) throw new AppError63("NOT_FOUND");
    await assertSkillAmendable(tx, actor, row, /* @__PURE__ */ new Date());
    const to = requireTransition5({ from: row.statusId, event: "BEGIN_AMENDMENT", role: actor.isStaff ? "admin" : "customer", managedSubmission: row.managedSubmission });
    const after = await updatePromotion(tx, row.id, { statusId: to });
    await insertChange(tx, { promotionId: row.id, userId: actor.userId, entity: "permit", entityId: row.id, action: "beginAmendPermitApplication", changes: { statusId: { from: row.statusId, to } } });
    const status = getPermitStatus5(after.statusId);
    return { row: after, permitStatus: { id: status.id, name: status.name, slug: status.slug } };
  });
}

// api/src/modules/payments/generate-permit-application.ts
import { AppError as AppError64, MSG_PAYMENT_DUE_BEFORE_GENERATION, requireTransition as requireTransition6 } from "@permitdesk/shared";
async function generatePermitApplication(db, actor, id) {
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, actor, id, { forUpdate: true });
    if (!row) throw new AppError64("NOT_FOUND");
    const to = requireTransition6({ from: row.statusId, event: "GENERATE_FORMS", role: actor.isStaff ? "admin" : "customer", managedSubmission: row.managedSubmission });
    const live = await findSubmissionInvoices(tx, row.id);
    const { amount, gst } = owedDifference(row, live);
    if (live.some((i) => !i.paidAt) || amount + gst > 0) throw new AppError64("CONFLICT", MSG_PAYMENT_DUE_BEFORE_GENERATION);
    const after = await updatePromotion(tx, row.id, { statusId: to });
    await insertChange(tx, { promotionId: row.id, userId: actor.userId, entity: "permit", entityId: row.id, action: "generatePermitApplication", changes: { statusId: { from: row.statusId, to } } });
    return { row: after, permitStatus: statusView(after.statusId) };
  });
}

// api/src/modules/payments/submit-addendum.ts
import {
  AppError as AppError65,
  ATTACHMENT_TYPES,
  isSubmittedOrGenerated as isSubmittedOrGenerated3,
  MSG_ADDENDUM_FILE_REQUIRED,
  MSG_ADDENDUM_NOT_AFTER_SUBMISSION,
  MSG_ADDENDUM_UNKNOWN,
  PERMIT_STATUS_IDS as S4
} from "@permitdesk/shared";
async function submitAddendum(db, actor, input, now = /* @__PURE__ */ new Date()) {
  const type = ATTACHMENT_TYPES.find((t) => t.isAddendum && (t.slug === input.addendumSlug || t.code === input.addendumSlug.toUpperCase()));
  if (!type) throw new AppError65("VALIDATION", MSG_ADDENDUM_UNKNOWN, { modelState: { addendumSlug: [MSG_ADDENDUM_UNKNOWN] } });
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, actor, input.id, { forUpdate: true });
    if (!row) throw new AppError65("NOT_FOUND");
    if (!isSubmittedOrGenerated3(row.statusId) && row.statusId !== S4.awaitingSubmission) throw new AppError65("CONFLICT", MSG_ADDENDUM_NOT_AFTER_SUBMISSION);
    const current = row.attachments;
    const existing = current.find((a) => a.attachmentType.code === type.code && a.exists && a.fileName);
    const fileName = input.fileName ?? existing?.fileName;
    if (!fileName) throw new AppError65("VALIDATION", MSG_ADDENDUM_FILE_REQUIRED, { modelState: { fileName: [MSG_ADDENDUM_FILE_REQUIRED] } });
    const [resolved] = await resolveAttachments(tx, { promotionId: row.id, ownerId: row.userId, actorId: actor.userId }, [
      { attachmentType: { code: type.code }, uploaded: true, fileName, submitDate: now.toISOString() }
    ]);
    const attachment = { ...resolved, submitDate: now.toISOString() };
    const attachments = [...current.filter((a) => a.attachmentType.code !== type.code), attachment];
    await updatePromotion(tx, row.id, { attachments });
    await insertStaffTask(tx, { kind: "addendum", note: `Lodge the addendum "${type.name}" (${type.code}) of promotion ${row.id}.`, promotionId: row.id, requestedBy: actor.userId });
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: "permit",
      entityId: row.id,
      action: "submitAddendum",
      changes: { [`attachments.${type.code}`]: { from: existing?.userFileName ?? null, to: attachment.userFileName ?? attachment.fileName ?? null } }
    });
    return { id: row.id, attachment };
  });
}

// api/src/modules/payments/create-custom-invoice.ts
import { AppError as AppError66, MSG_INVOICE_AMOUNT_REQUIRED } from "@permitdesk/shared";
async function createCustomInvoice(db, staff, input, { testMode = false } = {}) {
  if (!staff.isStaff) throw new AppError66("FORBIDDEN");
  if (input.amount + input.gst <= 0) throw new AppError66("VALIDATION", MSG_INVOICE_AMOUNT_REQUIRED, { modelState: { amount: [MSG_INVOICE_AMOUNT_REQUIRED] } });
  return db.transaction(async (tx) => {
    const row = await findPromotion(tx, staff, input.id, { forUpdate: true });
    if (!row) throw new AppError66("NOT_FOUND");
    const blocked = invoiceBlockedReason(row.statusId, await findUnpaidInvoices(tx, row.id));
    if (blocked) throw new AppError66("CONFLICT", blocked);
    const n = await countInvoices(tx, row.id, "custom") + 1;
    const invoice = await insertInvoice(tx, {
      invoiceNumber: await nextInvoiceNumber(tx, { testMode }),
      testMode,
      promotionId: row.id,
      userId: row.userId,
      purpose: "custom",
      purposeKey: `custom-${n}`,
      lines: [{ description: input.description || "Additional services", amount: input.amount, taxable: input.gst > 0 }],
      amount: input.amount,
      gst: input.gst
    });
    await insertChange(tx, { promotionId: row.id, userId: staff.userId, entity: "promotion", entityId: row.id, action: "createInvoice", changes: { invoice: { from: null, to: `${invoice.invoiceNumber} awaiting payment` } } });
    return invoice;
  });
}

// api/src/modules/payments/charge-card.ts
import { AppError as AppError67, MSG_INVOICE_ALREADY_CANCELLED as MSG_INVOICE_ALREADY_CANCELLED2, MSG_INVOICE_ALREADY_PAID as MSG_INVOICE_ALREADY_PAID2, MSG_STAFF_CARD_NEEDS_AUTHENTICATION } from "@permitdesk/shared";
async function chargeCard(deps, staff, input) {
  if (!staff.isStaff) throw new AppError67("FORBIDDEN");
  const now = deps.now?.() ?? /* @__PURE__ */ new Date();
  const outcome = await deps.db.transaction(async (tx) => {
    const found = await findInvoiceByNumber(tx, { userId: staff.userId, isStaff: true }, input.invoiceNumber);
    if (!found) throw new AppError67("NOT_FOUND");
    const row = await findPromotion(tx, staff, found.promotionId, { forUpdate: true });
    if (!row) throw new AppError67("NOT_FOUND");
    const invoice = await findInvoiceByNumber(tx, { userId: staff.userId, isStaff: true }, input.invoiceNumber, { forUpdate: true });
    if (invoice.cancelledAt) throw new AppError67("CONFLICT", MSG_INVOICE_ALREADY_CANCELLED2);
    if (invoice.paidAt) throw new AppError67("CONFLICT", MSG_INVOICE_ALREADY_PAID2);
    const result = await chargeInvoiceByCard(tx, deps, row, invoice, input, now);
    if (result.kind !== "paid") return result;
    await insertChange(tx, { promotionId: row.id, userId: staff.userId, entity: "promotion", entityId: row.id, action: "chargeCard", changes: { invoice: { from: `${invoice.invoiceNumber} awaiting payment`, to: `${invoice.invoiceNumber} paid by card` } } });
    return { kind: "paid", row, invoice: result.invoice, card: result.card };
  });
  if (outcome.kind === "failed") throw new AppError67("PAYMENT_FAILED", outcome.message);
  if (outcome.kind === "requires_action") throw new AppError67("PAYMENT_FAILED", MSG_STAFF_CARD_NEEDS_AUTHENTICATION);
  deps.afterCommit?.({ kind: "paid", promotionId: outcome.row.id, promotionName: outcome.row.name, statusId: outcome.row.statusId, userId: outcome.row.userId, invoiceNumber: outcome.invoice.invoiceNumber });
  return { invoice: toInvoiceView(outcome.invoice, { billerCode: deps.billerCode }), card: outcome.card };
}

// api/src/modules/payments/complete-sandbox-challenge.ts
import { AppError as AppError68 } from "@permitdesk/shared";
async function completeSandboxChallenge(deps, viewer, input) {
  const { gateway } = deps;
  if (!gateway.completeChallenge || !gateway.intentOfSecret) throw new AppError68("NOT_FOUND");
  const intentId = await gateway.intentOfSecret(input.clientSecret);
  const payment = intentId ? await findPaymentByRef(deps.db, intentId) : void 0;
  const promotion = payment ? await findPromotion(deps.db, viewer, payment.promotionId) : void 0;
  if (!payment || !promotion) throw new AppError68("NOT_FOUND");
  const decided = await gateway.completeChallenge(input.clientSecret, input.outcome);
  if (!decided) throw new AppError68("NOT_FOUND");
  return { id: promotion.id, paymentIntentId: decided.paymentIntentId, status: decided.status };
}

// api/src/modules/payments/request-lodgement-pack.ts
import { AppError as AppError70, MSG_LODGEMENT_PACK_BUILDING, MSG_LODGEMENT_PACK_FAILED as MSG_LODGEMENT_PACK_FAILED2, MSG_LODGEMENT_PACK_NOT_PAID as MSG_LODGEMENT_PACK_NOT_PAID2 } from "@permitdesk/shared";

// api/src/modules/payments/require-service-paid.ts
import { AppError as AppError69, formatCurrency as formatCurrency4, msgServiceUnpaid } from "@permitdesk/shared";
var SYSTEM = { userId: 0, isStaff: true };
async function serviceOwed(db, promotionId, service) {
  const row = await findPromotion(db, SYSTEM, promotionId);
  if (!row) return 0;
  const paid = (await findSubmissionInvoices(db, row.id)).filter((invoice) => invoice.paidAt);
  const { amount, gst } = owedDifference(row, paid);
  if (amount + gst === 0) return 0;
  return await hasServiceWaiver(db, row.id, service) ? 0 : amount + gst;
}
async function requireServicePaid(db, promotionId, service) {
  const owed = await serviceOwed(db, promotionId, service);
  if (owed === 0) return;
  const message = msgServiceUnpaid(service, formatCurrency4(owed), `/permit/edit/${promotionId}/payment/`);
  throw new AppError69("PAYMENT_FAILED", message, { modelState: { payment: [message] } });
}

// api/src/modules/payments/build-lodgement-pack.ts
import { Buffer as Buffer2 } from "node:buffer";
import { PassThrough as PassThrough3 } from "node:stream";
import { ZipArchive } from "archiver";
import {
  getAttachmentType as getAttachmentType3,
  getPermitRequirements as getPermitRequirements3
} from "@permitdesk/shared";

// api/src/documents/lodgement-forms.tsx
import { formatAddress as formatAddress2, formatCurrency as formatCurrency5, formatDate as formatDate3, formatSydneyDateAndTime, promotionTitle as promotionTitle5 } from "@permitdesk/shared";
import { Fragment as Fragment4, jsx as jsx4, jsxs as jsxs4 } from "react/jsx-runtime";
var TITLES = {
  NSW: {
    regulator: "NSW Fair Trading",
    title: (input) => input.hasNswAuthority ? "Trade promotion lottery: notification under an existing authority" : "Application for a trade promotion lottery authority",
    act: "Community Gaming Act 2018 (NSW)"
  },
  ACT: { regulator: "ACT Gambling and Racing Commission", title: () => "Application for a trade promotion permit", act: "Lotteries Act 1964 (ACT)" },
  SA: { regulator: "Consumer and Business Services (SA)", title: () => "Application for a trade promotion lottery licence", act: "Lottery and Gaming Act 1936 (SA)" }
};
var text29 = (value) => value === null || value === void 0 || value === "" ? "\u2014" : String(value);
var yesNo2 = (value) => value === true ? "Yes" : value === false ? "No" : "\u2014";
var address = (value) => value ? formatAddress2(value) || "\u2014" : "\u2014";
function Q({ n, label, children }) {
  return /* @__PURE__ */ jsxs4("tr", { children: [
    /* @__PURE__ */ jsxs4("th", { children: [
      n,
      " ",
      label
    ] }),
    /* @__PURE__ */ jsx4("td", { style: { whiteSpace: "pre-line" }, children })
  ] });
}
function Section({ n, title, children }) {
  return /* @__PURE__ */ jsxs4(Fragment4, { children: [
    /* @__PURE__ */ jsxs4("h2", { children: [
      "Section ",
      n,
      ": ",
      title
    ] }),
    /* @__PURE__ */ jsx4("table", { children: /* @__PURE__ */ jsx4("tbody", { children }) })
  ] });
}
function drawText(draw) {
  if (!draw) return "\u2014";
  if (draw.multipleDates) return text29(draw.multipleDatesDetail);
  return draw.date ? formatSydneyDateAndTime(draw.date, draw.time) : "\u2014";
}
function Declaration({ state, applicant }) {
  const contact = applicant?.contact;
  return /* @__PURE__ */ jsxs4(Fragment4, { children: [
    /* @__PURE__ */ jsx4("h2", { children: "Declaration by the applicant" }),
    /* @__PURE__ */ jsxs4("p", { children: [
      "I declare that the information in this ",
      state === "WA" || state === "NT" ? "notice" : "application",
      " and its attachments is true and correct; that the promotion will be conducted in accordance with its terms and conditions and the law of ",
      state,
      "; that every prize will be awarded as described; and that I am authorised to make this declaration on behalf of ",
      text29(applicant?.organisation),
      "."
    ] }),
    /* @__PURE__ */ jsx4("table", { children: /* @__PURE__ */ jsxs4("tbody", { children: [
      /* @__PURE__ */ jsxs4("tr", { children: [
        /* @__PURE__ */ jsx4("th", { children: "Name" }),
        /* @__PURE__ */ jsx4("td", { children: [contact?.firstName, contact?.lastName].filter(Boolean).join(" ") || "\u2014" })
      ] }),
      /* @__PURE__ */ jsxs4("tr", { children: [
        /* @__PURE__ */ jsx4("th", { children: "Position" }),
        /* @__PURE__ */ jsx4("td", { children: text29(contact?.position) })
      ] }),
      /* @__PURE__ */ jsxs4("tr", { children: [
        /* @__PURE__ */ jsx4("th", { children: "Signature" }),
        /* @__PURE__ */ jsx4("td", { style: { height: "14mm" } })
      ] }),
      /* @__PURE__ */ jsxs4("tr", { children: [
        /* @__PURE__ */ jsx4("th", { children: "Date" }),
        /* @__PURE__ */ jsx4("td", { style: { height: "8mm" } })
      ] })
    ] }) })
  ] });
}
function DocumentHeader(props) {
  return /* @__PURE__ */ jsxs4("div", { className: "header", children: [
    /* @__PURE__ */ jsxs4("div", { children: [
      /* @__PURE__ */ jsx4("p", { className: "muted", children: props.regulator }),
      /* @__PURE__ */ jsx4("h1", { children: props.title }),
      props.children
    ] }),
    /* @__PURE__ */ jsxs4("div", { className: "muted", children: [
      "Prepared by ",
      props.productName,
      /* @__PURE__ */ jsx4("br", {}),
      formatDate3(props.now),
      /* @__PURE__ */ jsx4("br", {}),
      "Reference ",
      props.reference
    ] })
  ] });
}
function ApplicantSections({ input }) {
  const a = input.applicant;
  const c = a?.contact;
  return /* @__PURE__ */ jsxs4(Fragment4, { children: [
    /* @__PURE__ */ jsxs4(Section, { n: 1, title: "The applicant (promoter)", children: [
      /* @__PURE__ */ jsx4(Q, { n: "1.1", label: "Name of organisation", children: text29(a?.organisation) }),
      /* @__PURE__ */ jsx4(Q, { n: "1.2", label: "ABN or ACN", children: text29(a?.abnacn) }),
      /* @__PURE__ */ jsx4(Q, { n: "1.3", label: "Trading name", children: text29(a?.tradingName) }),
      /* @__PURE__ */ jsx4(Q, { n: "1.4", label: "Business address", children: address(a?.businessAddress) }),
      /* @__PURE__ */ jsx4(Q, { n: "1.5", label: "Postal address", children: a?.postalSameAsBusiness ? address(a?.businessAddress) : address(a?.postalAddress) }),
      /* @__PURE__ */ jsx4(Q, { n: "1.6", label: "Website", children: text29(a?.website) })
    ] }),
    /* @__PURE__ */ jsxs4(Section, { n: 2, title: "Contact person", children: [
      /* @__PURE__ */ jsx4(Q, { n: "2.1", label: "Name", children: [c?.title, c?.firstName, c?.lastName].filter(Boolean).join(" ") || "\u2014" }),
      /* @__PURE__ */ jsx4(Q, { n: "2.2", label: "Position", children: text29(c?.position) }),
      /* @__PURE__ */ jsx4(Q, { n: "2.3", label: "Telephone", children: text29(c?.phone) }),
      /* @__PURE__ */ jsx4(Q, { n: "2.4", label: "E-mail", children: text29(c?.email) })
    ] })
  ] });
}
function renderStateApplicationForm(state, input, { productName, now }) {
  const meta2 = TITLES[state];
  const p = input.permit;
  const d = input.details;
  const stateValue = d[`prizeValue${state}`];
  const fee = input.fees[state];
  return renderDocument(
    `${state}: ${meta2.title(input)}`,
    /* @__PURE__ */ jsxs4(Fragment4, { children: [
      /* @__PURE__ */ jsx4(DocumentHeader, { regulator: meta2.regulator, title: meta2.title(input), productName, now, reference: input.id, children: /* @__PURE__ */ jsxs4("p", { className: "muted", children: [
        "Under the ",
        meta2.act
      ] }) }),
      /* @__PURE__ */ jsx4(ApplicantSections, { input }),
      /* @__PURE__ */ jsxs4(Section, { n: 3, title: "The promotion", children: [
        /* @__PURE__ */ jsx4(Q, { n: "3.1", label: "Name of the promotion", children: promotionTitle5(input.name) }),
        /* @__PURE__ */ jsx4(Q, { n: "3.2", label: "Starts", children: p.startDate ? formatSydneyDateAndTime(p.startDate, p.startTime) : "\u2014" }),
        /* @__PURE__ */ jsx4(Q, { n: "3.3", label: "Ends", children: p.endDate ? formatSydneyDateAndTime(p.endDate, p.endTime) : "\u2014" }),
        /* @__PURE__ */ jsx4(Q, { n: "3.4", label: "Products or services promoted", children: text29(p.promotedProducts) }),
        /* @__PURE__ */ jsx4(Q, { n: "3.5", label: "How to enter", children: text29(p.entryMechanic) }),
        /* @__PURE__ */ jsx4(Q, { n: "3.6", label: "Entry website", children: text29(p.entryMethodsWebsite) }),
        /* @__PURE__ */ jsx4(Q, { n: "3.7", label: "Open to persons under 18", children: yesNo2(p.under18s) }),
        /* @__PURE__ */ jsx4(Q, { n: "3.8", label: "Entries allowed per day", children: text29(p.entriesPerDay) })
      ] }),
      /* @__PURE__ */ jsxs4(Section, { n: 4, title: "Prizes", children: [
        /* @__PURE__ */ jsx4(Q, { n: "4.1", label: "Total prize value (all states)", children: formatCurrency5(input.totalPrizeValue) }),
        /* @__PURE__ */ jsx4(Q, { n: "4.2", label: `Prize value in ${state}`, children: typeof stateValue === "number" ? formatCurrency5(stateValue) : "\u2014" }),
        /* @__PURE__ */ jsx4(Q, { n: "4.3", label: "Number of prizes", children: text29(d.prizeQuantityTotal) }),
        /* @__PURE__ */ jsx4(Q, { n: "4.4", label: "Description of prizes", children: text29(d.prizeDescription) })
      ] }),
      /* @__PURE__ */ jsxs4(Section, { n: 5, title: "The draw", children: [
        /* @__PURE__ */ jsx4(Q, { n: "5.1", label: "Date and time of the draw", children: drawText(p.finalDraw) }),
        /* @__PURE__ */ jsx4(Q, { n: "5.2", label: "Place of the draw", children: [p.finalDraw?.locationOrganisation, address(p.finalDraw?.locationAddress)].filter((v) => v && v !== "\u2014").join("\n") || "\u2014" }),
        /* @__PURE__ */ jsx4(Q, { n: "5.3", label: "Winners drawn electronically", children: yesNo2(input.winnersDrawnElectronically) }),
        /* @__PURE__ */ jsx4(Q, { n: "5.4", label: "Scrutineer", children: p.scrutineerRequired ? text29(p.scrutineerName) : "Not required" }),
        /* @__PURE__ */ jsx4(Q, { n: "5.5", label: "Winners notified", children: p.finalDraw?.notification?.date ? `By ${text29(p.finalDraw.notification.method)} by ${formatDate3(p.finalDraw.notification.date)}` : "\u2014" }),
        /* @__PURE__ */ jsx4(Q, { n: "5.6", label: "Unclaimed prize draw", children: drawText(p.unclaimedDraw) })
      ] }),
      /* @__PURE__ */ jsxs4(Section, { n: 6, title: "Attachments and fee", children: [
        input.attachments.map((a, i) => /* @__PURE__ */ jsx4(Q, { n: `6.${i + 1}`, label: `${a.code}: ${a.name}`, children: a.packName }, a.code)),
        /* @__PURE__ */ jsx4(Q, { n: `6.${input.attachments.length + 1}`, label: "Fee", children: fee === null || fee === void 0 ? "Paid by the applicant to the regulator" : `${formatCurrency5(fee)} paid through ${productName}` })
      ] }),
      /* @__PURE__ */ jsx4(Declaration, { state, applicant: input.applicant })
    ] })
  );
}
var NOTICES = {
  WA: {
    regulator: "Western Australia",
    text: "Trade promotion lotteries in Western Australia do not need a permit; this notice records the promotion for the promoter\u2019s own file and for any enquiry by the Department of Local Government, Industry Regulation and Safety."
  },
  NT: {
    regulator: "Northern Territory Racing, Gaming and Licensing",
    text: "Trade promotion lotteries in the Northern Territory run under the general permit conditions; this notice sets out the promotion as the conditions require the promoter to keep it."
  }
};
function renderStateNotice(state, input, { productName, now }) {
  const notice = NOTICES[state];
  const p = input.permit;
  return renderDocument(
    `${state}: trade promotion notice`,
    /* @__PURE__ */ jsxs4(Fragment4, { children: [
      /* @__PURE__ */ jsx4(DocumentHeader, { regulator: notice.regulator, title: "Trade promotion lottery notice", productName, now, reference: input.id }),
      /* @__PURE__ */ jsx4("p", { children: notice.text }),
      /* @__PURE__ */ jsx4(ApplicantSections, { input }),
      /* @__PURE__ */ jsxs4(Section, { n: 3, title: "The promotion", children: [
        /* @__PURE__ */ jsx4(Q, { n: "3.1", label: "Name of the promotion", children: promotionTitle5(input.name) }),
        /* @__PURE__ */ jsx4(Q, { n: "3.2", label: "Period", children: p.startDate && p.endDate ? `${formatDate3(p.startDate)} to ${formatDate3(p.endDate)}` : "\u2014" }),
        /* @__PURE__ */ jsx4(Q, { n: "3.3", label: "Total prize value", children: formatCurrency5(input.totalPrizeValue) }),
        /* @__PURE__ */ jsx4(Q, { n: "3.4", label: "Draw", children: drawText(p.finalDraw) })
      ] }),
      /* @__PURE__ */ jsx4(Declaration, { state, applicant: input.applicant })
    ] })
  );
}

// api/src/modules/payments/build-lodgement-pack.ts
var safe = (name) => name.replace(/[^A-Za-z0-9 ._()-]+/g, "-");
async function toBuffer(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(Buffer2.from(chunk));
  return Buffer2.concat(chunks);
}
function lodgementSteps(deps, row) {
  const now = deps.now?.() ?? /* @__PURE__ */ new Date();
  const value = row.postSubmissionTotalPrizeValue ?? row.totalPrizeValue;
  const requirements = getPermitRequirements3({
    ausStates: ausStatesOfRow(row),
    includeNz: row.includeNz,
    totalPrizeValue: value,
    hasNswAuthority: row.hasNswAuthority,
    hasInstantWinPrizes: row.hasInstantWinPrizes,
    winnersDrawnElectronically: row.winnersDrawnElectronically,
    randomDrawMachineApproved: row.randomDrawMachineApproved,
    skillsBasedTC: row.skillsBasedTC,
    startDate: row.startDate
  });
  const stored = row.attachments.filter((a) => a.exists !== false && a.fileName);
  const attachments = stored.map((a) => {
    const type = getAttachmentType3(a.attachmentType.code);
    const extension = a.fileExtension ? `.${a.fileExtension.replace(/^\./, "")}` : /\.[A-Za-z0-9]{1,5}$/.exec(a.userFileName ?? "")?.[0] ?? "";
    return { code: a.attachmentType.code, name: type?.name ?? a.attachmentType.code, packName: `attachments/${safe(`${a.attachmentType.code} - ${type?.name ?? "Attachment"}`)}${extension}`, fileName: a.fileName };
  });
  const input = {
    id: row.id,
    name: row.name,
    totalPrizeValue: value,
    hasNswAuthority: row.hasNswAuthority,
    winnersDrawnElectronically: row.winnersDrawnElectronically,
    permit: row.permit,
    applicant: row.applicant,
    details: row.details,
    attachments: attachments.map(({ code, name, packName }) => ({ code, name, packName })),
    fees: {
      NSW: row.managedSubmission ? row.fees.feeDue_NSW : null,
      ACT: row.managedSubmission ? row.fees.feeDue_ACT : null,
      SA: row.managedSubmission ? row.fees.feeDue_SA : null
    }
  };
  const options = { productName: deps.productName, now };
  const steps = [];
  const printer = () => deps.pdf();
  for (const key of requirements.requiredStates) {
    const state = key.toUpperCase();
    const title = state === "NSW" ? row.hasNswAuthority ? "notification" : "authority application" : state === "ACT" ? "permit application" : "licence application";
    steps.push({ name: `${state} ${title}.pdf`, make: () => printer().render(renderStateApplicationForm(state, input, options)) });
  }
  if (requirements.waNotice) steps.push({ name: "WA notice.pdf", make: () => printer().render(renderStateNotice("WA", input, options)) });
  if (requirements.ntNotice) steps.push({ name: "NT notice.pdf", make: () => printer().render(renderStateNotice("NT", input, options)) });
  for (const attachment of attachments) {
    steps.push({
      name: attachment.packName,
      make: async () => {
        const stream = await deps.storage.get(`uploads/${attachment.fileName}`);
        return stream ? toBuffer(stream) : null;
      }
    });
  }
  return steps;
}
async function zipFiles(files) {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const sink = new PassThrough3();
  const done = toBuffer(sink);
  archive.pipe(sink);
  for (const file of files) archive.append(file.data, { name: file.name });
  await archive.finalize();
  return done;
}
var lodgementPackKey = (row) => `lodgement/promotion-${row.id}-v${row.version}.zip`;
async function isPaidForLodgement(db, promotionId) {
  const invoices2 = await findSubmissionInvoices(db, promotionId);
  return invoices2.some((i) => i.paidAt) && !invoices2.some((i) => !i.paidAt) && await serviceOwed(db, promotionId, "lodgementPack") === 0;
}

// api/src/modules/payments/lodgement-pack-job.ts
import {
  MSG_LODGEMENT_PACK_FAILED,
  MSG_LODGEMENT_PACK_FORMS_FAILED,
  MSG_LODGEMENT_PACK_NOT_PAID,
  MSG_LODGEMENT_PACK_STORAGE_FAILED,
  MSG_PDF_UNAVAILABLE as MSG_PDF_UNAVAILABLE2
} from "@permitdesk/shared";

// api/src/modules/payments/lodgement-packs.repository.ts
import { and as and17, eq as eq19, sql as sql22 } from "drizzle-orm";
async function findLodgementPack(db, promotionId) {
  const [row] = await db.select().from(lodgementPacks).where(eq19(lodgementPacks.promotionId, promotionId));
  return row;
}
async function markLodgementPackQueued(db, promotionId, version) {
  const values = { version, state: "queued", step: 0, total: 0, attempts: 0, error: null, storageKey: null, sizeBytes: null, startedAt: null, finishedAt: null, requestedAt: sql22`now()`, updatedAt: sql22`now()` };
  const [row] = await db.insert(lodgementPacks).values({ promotionId, ...values }).onConflictDoUpdate({ target: lodgementPacks.promotionId, set: values }).returning();
  return row;
}
async function markLodgementPackBuilding(db, promotionId, version, total) {
  const values = { version, state: "building", step: 0, total, startedAt: sql22`now()`, finishedAt: null, updatedAt: sql22`now()` };
  await db.insert(lodgementPacks).values({ promotionId, ...values, attempts: 1 }).onConflictDoUpdate({ target: lodgementPacks.promotionId, set: { ...values, attempts: sql22`${lodgementPacks.attempts} + 1` } });
}
async function markLodgementPackStep(db, promotionId, version, step) {
  await db.update(lodgementPacks).set({ step, updatedAt: sql22`now()` }).where(and17(eq19(lodgementPacks.promotionId, promotionId), eq19(lodgementPacks.version, version)));
}
async function markLodgementPackReady(db, promotionId, version, storageKey, sizeBytes) {
  const updated = await db.update(lodgementPacks).set({ state: "ready", step: sql22`${lodgementPacks.total}`, error: null, storageKey, sizeBytes, finishedAt: sql22`now()`, updatedAt: sql22`now()` }).where(and17(eq19(lodgementPacks.promotionId, promotionId), eq19(lodgementPacks.version, version))).returning({ id: lodgementPacks.promotionId });
  return updated.length > 0;
}
async function markLodgementPackFailed(db, promotionId, error, final) {
  await db.update(lodgementPacks).set({ state: final ? "failed" : "queued", error, ...final ? { finishedAt: sql22`now()` } : {}, updatedAt: sql22`now()` }).where(eq19(lodgementPacks.promotionId, promotionId));
}

// api/src/modules/payments/lodgement-pack-job.ts
var LodgementStorageError = class extends Error {
};
var LodgementFormError = class extends Error {
};
function lodgementFailureReason(error) {
  if (error instanceof ChromiumNotFoundError) return MSG_PDF_UNAVAILABLE2;
  if (error instanceof LodgementStorageError) return MSG_LODGEMENT_PACK_STORAGE_FAILED;
  if (error instanceof LodgementFormError) return MSG_LODGEMENT_PACK_FORMS_FAILED;
  return MSG_LODGEMENT_PACK_FAILED;
}
var STAFF2 = { userId: 0, isStaff: true };
async function buildLodgementPackNow(deps, promotionId, { lastAttempt } = { attempt: 1, lastAttempt: true }) {
  const row = await findPromotion(deps.db, STAFF2, promotionId);
  if (!row || row.deleted) return "gone";
  if (!await isPaidForLodgement(deps.db, row.id)) {
    await markLodgementPackFailed(deps.db, row.id, MSG_LODGEMENT_PACK_NOT_PAID, true);
    return "unpaid";
  }
  const steps = lodgementSteps(deps, row);
  const total = steps.length + 1;
  await markLodgementPackBuilding(deps.db, row.id, row.version, total);
  try {
    const files = [];
    for (const [index16, step] of steps.entries()) {
      let data;
      try {
        data = await step.make();
      } catch (error) {
        if (error instanceof ChromiumNotFoundError) throw error;
        throw new LodgementFormError(`${step.name}: ${error.message}`, { cause: error });
      }
      if (data) files.push({ name: step.name, data });
      await markLodgementPackStep(deps.db, row.id, row.version, index16 + 1);
    }
    const zip = await zipFiles(files);
    const key = lodgementPackKey(row);
    try {
      await deps.storage.put(key, zip);
    } catch (error) {
      throw new LodgementStorageError(`storage put ${key}: ${error.message}`, { cause: error });
    }
    return await markLodgementPackReady(deps.db, row.id, row.version, key, zip.length) ? "ready" : "superseded";
  } catch (error) {
    const reason = lodgementFailureReason(error);
    await markLodgementPackFailed(deps.db, row.id, reason, lastAttempt);
    const detail = error instanceof Error ? error.message : String(error);
    if (lastAttempt) {
      deps.logger.error("lodgement pack failed", { promotionId: row.id, version: row.version, error: detail });
      await insertStaffTask(deps.db, {
        kind: "lodgement-pack",
        note: `The lodgement pack of promotion ${row.id} (version ${row.version}) could not be built: ${reason} (${detail}). Ask for it again from the promotion page once fixed.`,
        promotionId: row.id
      });
    } else {
      deps.logger.warn("lodgement pack attempt failed; it will be retried", { promotionId: row.id, version: row.version, error: detail });
    }
    throw error;
  }
}

// api/src/modules/payments/lodgement-pack-runtime.ts
var LODGEMENT_PACK_QUEUE = "lodgement-pack";
var lodgementPackRuntime = {
  queue: void 0,
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryDelayMaxSeconds: 300
};
async function sendLodgementPackJob(promotionId) {
  const { queue, retryLimit, retryDelaySeconds, retryDelayMaxSeconds } = lodgementPackRuntime;
  if (!queue) return false;
  await queue.send(LODGEMENT_PACK_QUEUE, { promotionId }, {
    singletonKey: `promotion-${promotionId}`,
    retryLimit,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: retryDelayMaxSeconds
  });
  return true;
}

// api/src/modules/payments/request-lodgement-pack.ts
async function ownedPromotion(deps, viewer, promotionId) {
  const row = Number.isSafeInteger(promotionId) && promotionId > 0 ? await findPromotion(deps.db, viewer, promotionId) : void 0;
  if (!row || row.deleted && !viewer.isStaff) throw new AppError70("NOT_FOUND");
  return row;
}
function viewOf2(row, pack, paid) {
  const empty = { promotionId: row.id, step: 0, total: 0, attempts: 0, error: null, sizeBytes: null, updatedAt: null, downloadUrl: null };
  if (!paid) return { ...empty, state: "unpaid" };
  if (!pack || pack.version !== row.version) return { ...empty, state: "none" };
  return {
    promotionId: row.id,
    state: pack.state,
    step: pack.step,
    total: pack.total,
    attempts: pack.attempts,
    error: pack.error,
    sizeBytes: pack.state === "ready" ? pack.sizeBytes : null,
    updatedAt: pack.updatedAt.toISOString(),
    downloadUrl: pack.state === "ready" ? `/promotions/downloadpdfs/${row.id}` : null
  };
}
async function getLodgementPackState(deps, viewer, promotionId) {
  const row = await ownedPromotion(deps, viewer, promotionId);
  return viewOf2(row, await findLodgementPack(deps.db, row.id), await isPaidForLodgement(deps.db, row.id));
}
async function queuePack(deps, row, { force = false } = {}) {
  const pack = await findLodgementPack(deps.db, row.id);
  const current = pack && pack.version === row.version;
  if (current && (pack.state === "queued" || pack.state === "building")) return;
  if (current && pack.state === "ready" && !force) return;
  if (current && pack.state === "failed" && !force) return;
  await markLodgementPackQueued(deps.db, row.id, row.version);
  if (lodgementPackRuntime.queue) {
    await sendLodgementPackJob(row.id);
    return;
  }
  await buildLodgementPackNow(deps, row.id).catch(() => void 0);
}
async function requestLodgementPack(deps, viewer, promotionId) {
  const row = await ownedPromotion(deps, viewer, promotionId);
  await requireServicePaid(deps.db, row.id, "lodgementPack");
  if (!await isPaidForLodgement(deps.db, row.id)) throw new AppError70("CONFLICT", MSG_LODGEMENT_PACK_NOT_PAID2);
  await queuePack(deps, row, { force: true });
  return getLodgementPackState(deps, viewer, promotionId);
}
function lodgementDeps(deps) {
  return { db: deps.database.db, storage: deps.storage, pdf: deps.pdf, productName: brandFor(deps.config).productName, logger: deps.logger };
}
async function queueLodgementPackAfterSubmission(deps, promotionId) {
  if (!lodgementPackRuntime.queue) return;
  try {
    const row = await findPromotion(deps.db, { userId: 0, isStaff: true }, promotionId);
    if (!row || !await isPaidForLodgement(deps.db, row.id)) return;
    await queuePack(deps, row);
  } catch (error) {
    deps.logger.error("could not queue the lodgement pack", { promotionId, error: error instanceof Error ? error.message : String(error) });
  }
}
async function downloadLodgementPack(deps, viewer, promotionId) {
  const row = await ownedPromotion(deps, viewer, promotionId);
  await requireServicePaid(deps.db, row.id, "lodgementPack");
  if (!await isPaidForLodgement(deps.db, row.id)) throw new AppError70("CONFLICT", MSG_LODGEMENT_PACK_NOT_PAID2);
  let pack = await findLodgementPack(deps.db, row.id);
  if (!pack || pack.version !== row.version || pack.state === "ready" && !await deps.storage.exists(pack.storageKey ?? lodgementPackKey(row))) {
    await queuePack(deps, row, { force: true });
    pack = await findLodgementPack(deps.db, row.id);
  }
  if (pack?.state === "ready" && pack.version === row.version) {
    const stream = await deps.storage.get(pack.storageKey ?? lodgementPackKey(row));
    if (stream) return { id: row.id, zip: await toBuffer(stream) };
  }
  if (pack?.state === "failed") throw new AppError70("CONFLICT", pack.error && pack.error !== MSG_LODGEMENT_PACK_FAILED2 ? `${MSG_LODGEMENT_PACK_FAILED2} ${pack.error}` : MSG_LODGEMENT_PACK_FAILED2);
  throw new AppError70("CONFLICT", MSG_LODGEMENT_PACK_BUILDING);
}

// api/src/modules/payments/payments.routes.ts
function paymentRoutes(deps) {
  const db = deps.database.db;
  const billerCode = deps.config.BPAY_BILLER_CODE;
  const mailDeps = { db, mailer: deps.mailer, pdf: deps.pdf, config: deps.config, logger: deps.logger };
  const packDeps = lodgementDeps(deps);
  const afterCommit = (event) => {
    sendPaymentMailsLater(mailDeps, event);
    if (event.kind === "paid" || event.kind === "submitted-only") void queueLodgementPackAfterSubmission(packDeps, event.promotionId);
  };
  const paymentDeps = { db, gateway: deps.paymentGateway, billerCode, afterCommit };
  const viewer = (user) => ({ userId: user.id, isStaff: user.isStaff });
  return [
    route({
      method: "post",
      path: "/promotion/submitPermitApplication",
      summary: "Pay for and submit a permit application by card or BPAY (also card after BPAY)",
      tag: "promotion",
      access: "user",
      idempotent: true,
      body: SubmitPermitApplicationSchema,
      response: SubmitPermitApplicationResponseSchema,
      handler: ({ body, user }) => {
        const option = body.skillsBasedTCPaymentOption;
        const prepare = isSkillTcPaymentOption3(option) ? chooseSkillOption(viewer(user), option, { forSkillOnly: false }) : void 0;
        return submitPermitApplication(paymentDeps, viewer(user), body, prepare);
      }
    }),
    route({
      method: "post",
      path: "/promotion/submitAdditionalPayment",
      summary: "Pay the rise in fees after a paid submission (only the difference is invoiced), by card or BPAY",
      tag: "promotion",
      access: "user",
      idempotent: true,
      body: SubmitPermitApplicationSchema,
      response: SubmitPermitApplicationResponseSchema,
      handler: ({ body, user }) => submitAdditionalPayment(paymentDeps, viewer(user), body)
    }),
    route({
      method: "post",
      path: "/promotion/beginAmendPermitApplication",
      summary: "Start an amendment of a submitted or generated application (\u2192 Amendments in progress)",
      tag: "promotion",
      access: "user",
      body: PaymentPromotionIdSchema,
      response: z23.object({ id: z23.number(), permitStatus: z23.object({ id: z23.number(), name: z23.string(), slug: z23.string() }) }),
      handler: async ({ body, user }) => {
        const { row, permitStatus } = await beginAmendPermitApplication(db, viewer(user), body.id);
        sendAmendmentStartedLater(mailDeps, row);
        return { id: row.id, permitStatus };
      }
    }),
    route({
      method: "post",
      path: "/promotion/generatePermitApplication",
      summary: "Self submission: generate the forms once paid (Forms ready for generation \u2192 Generated, regeneration \u2192 Regenerated)",
      tag: "promotion",
      access: "user",
      body: PaymentPromotionIdSchema,
      response: z23.object({ id: z23.number(), permitStatus: z23.object({ id: z23.number(), name: z23.string(), slug: z23.string() }) }),
      handler: async ({ body, user }) => {
        const { row, permitStatus } = await generatePermitApplication(db, viewer(user), body.id);
        afterCommit({ kind: "submitted-only", promotionId: row.id, promotionName: row.name, statusId: row.statusId, userId: row.userId, invoiceNumber: null });
        return { id: row.id, permitStatus };
      }
    }),
    route({
      method: "post",
      path: "/promotion/submitAddendum",
      summary: "Lodge an addendum after submission (X, V, W, U, Y) from an upload; staff get a task",
      tag: "promotion",
      access: "user",
      idempotent: true,
      body: SubmitAddendumSchema,
      response: z23.object({ id: z23.number(), attachment: z23.record(z23.string(), z23.unknown()) }),
      handler: async ({ body, user }) => {
        const answer = await submitAddendum(db, viewer(user), body);
        void queueLodgementPackAfterSubmission(packDeps, answer.id);
        return answer;
      }
    }),
    route({
      method: "get",
      path: "/payments/config",
      summary: "How cards are paid here: the sandbox (card fields) or Stripe (Elements, with its publishable key)",
      tag: "payments",
      access: "user",
      response: z23.object({ gateway: z23.enum(["sandbox", "stripe"]), publishableKey: z23.string().nullable(), billerCode: z23.string(), testMode: z23.boolean() }),
      handler: () => ({
        gateway: deps.paymentGateway.name,
        // Issue 22: the app shell shows the TEST MODE banner from this.
        testMode: isTestMode(deps.paymentGateway),
        publishableKey: deps.paymentGateway.name === "stripe" ? deps.config.STRIPE_PUBLISHABLE_KEY ?? null : null,
        billerCode
      })
    }),
    route({
      method: "post",
      path: "/payments/sandboxChallenge",
      summary: "The sandbox gateway's 3-D Secure challenge: complete or fail it (client secret from requiresAction), then submit again with the PaymentIntent id. 404 with Stripe configured",
      tag: "payments",
      access: "user",
      body: SandboxChallengeSchema,
      response: SandboxChallengeResponseSchema,
      handler: ({ body, user }) => completeSandboxChallenge({ db, gateway: deps.paymentGateway }, viewer(user), body)
    }),
    route({
      method: "get",
      path: "/invoice/get",
      summary: "One invoice by number (owner or staff)",
      tag: "invoice",
      access: "user",
      query: InvoiceNumberQuerySchema,
      response: InvoiceViewSchema,
      handler: ({ query, user }) => getInvoice(db, viewer(user), query.invoiceNumber, billerCode)
    }),
    route({
      method: "get",
      path: "/invoice/getArbitrary",
      summary: "Any invoice by number (staff)",
      tag: "invoice",
      access: "staff",
      query: InvoiceNumberQuerySchema,
      response: InvoiceViewSchema,
      handler: ({ query, user }) => getInvoice(db, viewer(user), query.invoiceNumber, billerCode)
    }),
    route({
      method: "get",
      path: "/invoice/getInvoices",
      summary: "A page of the account's invoices, newest first (page, count \u2264 100, promotionId)",
      tag: "invoice",
      access: "user",
      query: InvoiceListQuerySchema,
      response: z23.object({ invoices: z23.array(InvoiceViewSchema), invoiceCount: z23.number(), page: z23.number(), count: z23.number() }),
      handler: ({ query, user }) => getInvoices(db, viewer(user), query, billerCode)
    }),
    route({
      method: "post",
      path: "/invoice/cancel",
      summary: "Cancel an unpaid invoice (staff)",
      tag: "invoice",
      access: "staff",
      body: InvoiceCancelSchema,
      response: InvoiceViewSchema,
      handler: async ({ body, user }) => toInvoiceView(await cancelInvoice(db, viewer(user), body.invoiceNumber), { billerCode })
    }),
    route({
      method: "post",
      path: "/invoice/sendEmail",
      summary: "E-mail the tax invoice PDF to the invoice's account",
      tag: "invoice",
      access: "user",
      body: InvoiceCancelSchema,
      response: z23.object({ ok: z23.literal(true), email: z23.string() }),
      handler: ({ body, user }) => sendInvoiceEmail(mailDeps, viewer(user), body.invoiceNumber)
    }),
    route({
      method: "post",
      path: "/admin/createInvoice",
      summary: "Create a custom invoice for a promotion (staff): amount and GST in dollars",
      tag: "admin",
      access: "staff",
      idempotent: true,
      body: CreateInvoiceSchema,
      response: InvoiceViewSchema,
      handler: async ({ body, user }) => toInvoiceView(await createCustomInvoice(db, viewer(user), body, { testMode: isTestMode(deps.paymentGateway) }), { billerCode })
    }),
    route({
      method: "post",
      path: "/admin/waiveServicePayment",
      summary: "Deliver a paid service (T&Cs, draw, lodgement pack) before its payment, with the reason in the changelog (staff)",
      tag: "admin",
      access: "staff",
      body: WaiveServicePaymentSchema,
      response: z23.object({ id: z23.number(), service: z23.enum(["terms", "draw", "lodgementPack"]), waived: z23.literal(true) }),
      handler: ({ body, user }) => waiveServicePayment(db, viewer(user), body)
    }),
    route({
      method: "post",
      path: "/admin/chargeCard",
      summary: "Charge a card for an unpaid invoice, plus the 1.5% surcharge (staff)",
      tag: "admin",
      access: "staff",
      idempotent: true,
      body: ChargeCardSchema,
      response: z23.object({ invoice: InvoiceViewSchema, card: z23.object({ brand: z23.string().nullable(), last4: z23.string().nullable() }) }),
      handler: ({ body, user }) => chargeCard(paymentDeps, viewer(user), body)
    }),
    route({
      method: "post",
      path: "/admin/approveBpayPayment",
      summary: "Mark the BPAY payment of a promotion as cleared (staff)",
      tag: "admin",
      access: "staff",
      idempotent: true,
      body: PaymentPromotionIdSchema,
      response: z23.object({ id: z23.number(), statusId: z23.number(), invoice: InvoiceViewSchema }),
      handler: async ({ body, user }) => {
        const { promotion, invoice } = await approveBpayPayment(db, viewer(user), body.id);
        afterCommit({ kind: "paid", promotionId: promotion.id, promotionName: promotion.name, statusId: promotion.statusId, userId: promotion.userId, invoiceNumber: invoice.invoiceNumber });
        return { id: promotion.id, statusId: promotion.statusId, invoice: toInvoiceView(invoice, { billerCode }) };
      }
    })
  ];
}

// api/src/modules/payments/invoice-download.routes.ts
import { AppError as AppError71, MSG_PDF_UNAVAILABLE as MSG_PDF_UNAVAILABLE3 } from "@permitdesk/shared";
import { Router as Router7 } from "express";
function invoiceDownloadRoutes(deps) {
  const router = Router7({ caseSensitive: false });
  router.get("/download/invoice/:invoiceNumber", async (req, res) => {
    const user = res.locals.user;
    if (!user) throw new AppError71("UNAUTHENTICATED");
    const invoiceNumber = Number(req.params.invoiceNumber);
    if (!Number.isSafeInteger(invoiceNumber) || invoiceNumber <= 0) throw new AppError71("NOT_FOUND");
    let pdf;
    try {
      pdf = await getInvoicePdf(
        { db: deps.database.db, pdf: deps.pdf, billerCode: deps.config.BPAY_BILLER_CODE, dataDir: deps.config.DATA_DIR },
        { userId: user.id, isStaff: user.isStaff },
        invoiceNumber
      );
    } catch (error) {
      if (error instanceof ChromiumNotFoundError) throw new AppError71("UNAVAILABLE", MSG_PDF_UNAVAILABLE3);
      throw error;
    }
    res.set("Content-Type", "application/pdf");
    res.set("Content-Disposition", `inline; filename="tax-invoice-${invoiceNumber}.pdf"`);
    res.set("Cache-Control", "private, no-store");
    res.send(pdf);
  });
  return router;
}

// api/src/modules/payments/stripe-webhook.routes.ts
import { AppError as AppError73, MSG_STRIPE_SIGNATURE_INVALID } from "@permitdesk/shared";
import express3, { Router as Router8 } from "express";
import { z as z24 } from "zod";

// api/src/modules/payments/handle-stripe-event.ts
import { AppError as AppError72, cardTotal as cardTotal4, PERMIT_STATUS_IDS as S5, requireTransition as requireTransition7 } from "@permitdesk/shared";
var PAYABLE2 = /* @__PURE__ */ new Set([S5.readySubmission, S5.readyResubmission, S5.readyGenerate, S5.readyRegenerate, S5.pendingPaymentClearance]);
async function handleStripeEvent(db, event, now = /* @__PURE__ */ new Date()) {
  return db.transaction(async (tx) => {
    if (!await recordStripeEvent(tx, event.id, event.type)) return { outcome: "replay" };
    const intentId = event.data.object.object === "payment_intent" ? event.data.object.id : void 0;
    if (!intentId || event.type !== "payment_intent.succeeded" && event.type !== "payment_intent.payment_failed") return { outcome: "ignored" };
    const found = await findPaymentByRef(tx, intentId);
    if (!found) return { outcome: "ignored" };
    const row = await findPromotion(tx, { userId: 0, isStaff: true }, found.promotionId, { forUpdate: true });
    if (!row) throw new AppError72("NOT_FOUND");
    const payment = await findPaymentByRef(tx, intentId);
    const invoice = await findInvoiceById(tx, payment.invoiceId, { forUpdate: true });
    if (event.type === "payment_intent.payment_failed") {
      if (payment.status !== "succeeded") await updatePayment(tx, payment.id, { status: "failed", message: event.data.object.last_payment_error?.message ?? null });
      return { outcome: "failed" };
    }
    if (invoice.paidAt) {
      if (payment.status !== "succeeded" && payment.gatewayRef === intentId && !invoice.cancelledAt) await updatePayment(tx, payment.id, { status: "succeeded", message: null });
      return { outcome: "already-paid" };
    }
    await updatePayment(tx, payment.id, { status: "succeeded", message: null });
    await updateInvoice(tx, invoice.id, { method: "card", ccSurcharge: cardTotal4(invoice.amount, invoice.gst).surcharge, paidAt: now });
    let to = row.statusId;
    if (invoice.purpose !== "additional" && PAYABLE2.has(row.statusId)) {
      to = requireTransition7({
        from: row.statusId,
        event: row.statusId === S5.pendingPaymentClearance ? "PAY_CARD_AFTER_BPAY" : "SUBMIT_CARD",
        role: "customer",
        managedSubmission: row.managedSubmission,
        termsAwaitingApproval: invoice.purpose === "submission" && row.managedSubmission && termsBought(row),
        resubmission: row.statusId === S5.readyResubmission || row.statusId === S5.readyRegenerate || invoice.purpose !== "submission"
      });
      await updatePromotion(tx, row.id, { statusId: to });
    }
    await insertChange(tx, {
      promotionId: row.id,
      userId: null,
      entity: "permit",
      entityId: row.id,
      action: "stripeWebhook",
      changes: { ...to !== row.statusId ? { statusId: { from: row.statusId, to } } : {}, invoice: { from: `${invoice.invoiceNumber} awaiting payment`, to: `${invoice.invoiceNumber} paid by card` } }
    });
    return { outcome: "completed", promotionId: row.id };
  });
}

// api/src/modules/payments/stripe-gateway.ts
import Stripe from "stripe";
import { MSG_CARD_AUTHENTICATION_REQUIRED as MSG_CARD_AUTHENTICATION_REQUIRED2, MSG_PAYMENT_NOT_FOR_INVOICE as MSG_PAYMENT_NOT_FOR_INVOICE2 } from "@permitdesk/shared";
function createStripeClient({ secretKey, apiBase }) {
  const base = apiBase ? new URL(apiBase) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    ...base ? { host: base.hostname, port: Number(base.port || (base.protocol === "https:" ? 443 : 80)), protocol: base.protocol.replace(":", "") } : {}
  });
}
function cardOf(intent) {
  const method = intent.payment_method;
  if (method && typeof method === "object" && method.card) return { brand: method.card.brand, last4: method.card.last4 };
  return { brand: null, last4: null };
}
function resultOf(intent) {
  const card = cardOf(intent);
  if (intent.status === "succeeded") return { status: "succeeded", ref: intent.id, ...card };
  if (intent.status === "requires_action") {
    return { status: "requires_action", ref: intent.id, clientSecret: intent.client_secret, message: MSG_CARD_AUTHENTICATION_REQUIRED2, ...card };
  }
  return { status: "failed", ref: intent.id, message: intent.last_payment_error?.message ?? "Your card was declined.", ...card };
}
var StripeGateway = class {
  constructor(stripe) {
    this.stripe = stripe;
  }
  stripe;
  name = "stripe";
  acceptsRawCards = false;
  async charge(request) {
    try {
      if (request.paymentIntentId) {
        const intent2 = await this.stripe.paymentIntents.retrieve(request.paymentIntentId, { expand: ["payment_method"] });
        if (intent2.amount !== request.amount || intent2.metadata?.invoiceNumber !== String(request.metadata.invoiceNumber)) {
          return { status: "failed", ref: intent2.id, message: MSG_PAYMENT_NOT_FOR_INVOICE2, brand: null, last4: null };
        }
        return resultOf(intent2);
      }
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: "aud",
          payment_method: request.paymentMethodId,
          confirm: true,
          description: request.description,
          metadata: { invoiceNumber: String(request.metadata.invoiceNumber), promotionId: String(request.metadata.promotionId) },
          automatic_payment_methods: { enabled: true, allow_redirects: "never" },
          expand: ["payment_method"]
        },
        { idempotencyKey: request.idempotencyKey }
      );
      return resultOf(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const intent = error.raw?.payment_intent;
        return { status: "failed", ref: intent?.id ?? null, message: error.message, brand: null, last4: null };
      }
      throw error;
    }
  }
};

// api/src/modules/payments/stripe-webhook.routes.ts
var StripeEventDoc = z24.looseObject({
  id: z24.string().describe("The event id (evt_\u2026): a replayed id is answered without acting again."),
  type: z24.string().describe("payment_intent.succeeded and payment_intent.payment_failed act; any other type is acknowledged and ignored."),
  data: z24.looseObject({ object: z24.looseObject({ id: z24.string(), object: z24.string() }) })
});
var StripeWebhookResponse = z24.object({
  received: z24.literal(true),
  outcome: z24.enum(["replay", "ignored", "failed", "already-paid", "completed"])
});
function stripeWebhookDoc() {
  return [
    route({
      method: "post",
      path: "/payments/stripeWebhook",
      summary: "Stripe's events (PaymentIntent succeeded or failed), signed with STRIPE_WEBHOOK_SECRET; a bad or missing signature is 400, a replay does nothing. Only when Stripe is configured (404 otherwise).",
      tag: "payments",
      access: "public",
      mountedElsewhere: true,
      headers: [{ name: "Stripe-Signature", required: true, description: "Stripe's signature of the raw body (`t=\u2026,v1=\u2026`), checked with the webhook secret." }],
      bodyDoc: StripeEventDoc,
      response: StripeWebhookResponse,
      handler: () => {
        throw new AppError73("NOT_FOUND");
      }
    })
  ];
}
function stripeWebhookRoutes(deps) {
  const router = Router8({ caseSensitive: false });
  const { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE } = deps.config;
  if (deps.config.paymentMode !== "stripe" || !STRIPE_SECRET_KEY || !STRIPE_WEBHOOK_SECRET) return router;
  const stripe = createStripeClient({ secretKey: STRIPE_SECRET_KEY, apiBase: STRIPE_API_BASE });
  router.post("/api/payments/stripeWebhook", express3.raw({ type: "*/*", limit: "1mb" }), async (req, res) => {
    let event;
    try {
      event = stripe.webhooks.constructEvent(req.body, String(req.headers["stripe-signature"] ?? ""), STRIPE_WEBHOOK_SECRET);
    } catch {
      throw new AppError73("VALIDATION", MSG_STRIPE_SIGNATURE_INVALID);
    }
    const { outcome, promotionId } = await handleStripeEvent(deps.database.db, event);
    if (outcome === "completed" && promotionId) void queueLodgementPackAfterSubmission(lodgementDeps(deps), promotionId);
    const answer = { received: true, outcome };
    res.json(answer);
  });
  return router;
}

// api/src/modules/payments/lodgement-pack.routes.ts
import { AppError as AppError74, LodgementPackViewSchema, PaymentPromotionIdSchema as PaymentPromotionIdSchema2 } from "@permitdesk/shared";
import { Router as Router9 } from "express";
function lodgementPackApiRoutes(deps) {
  const packDeps = lodgementDeps(deps);
  return [
    route({
      method: "get",
      path: "/promotion/lodgementPack",
      summary: "The lodgement pack of a paid application: unpaid, none, queued, building (step of total), ready (with its download) or failed (with the reason)",
      tag: "promotion",
      access: "user",
      query: PaymentPromotionIdSchema2,
      response: LodgementPackViewSchema,
      handler: ({ query, owner }) => getLodgementPackState(packDeps, owner, query.id)
    }),
    route({
      method: "post",
      path: "/promotion/requestLodgementPack",
      summary: "Build the lodgement pack now (again after a failure): queued for the job, answered with its state",
      tag: "promotion",
      access: "user",
      body: PaymentPromotionIdSchema2,
      response: LodgementPackViewSchema,
      handler: ({ body, owner }) => requestLodgementPack(packDeps, owner, body.id)
    })
  ];
}
function lodgementPackRoutes(deps) {
  const router = Router9({ caseSensitive: false });
  const packDeps = lodgementDeps(deps);
  router.get("/promotions/downloadpdfs/:id", async (req, res) => {
    const user = res.locals.user;
    if (!user) throw new AppError74("UNAUTHENTICATED");
    const pack = await downloadLodgementPack(packDeps, { userId: user.id, isStaff: user.isStaff }, Number(req.params.id));
    res.set("Content-Type", "application/zip");
    res.set("Content-Disposition", `attachment; filename="lodgement-pack-${pack.id}.zip"`);
    res.set("Cache-Control", "private, no-store");
    res.send(pack.zip);
  });
  return router;
}

// api/src/modules/payments/create-payment-gateway.ts
function createPaymentGateway(config, db) {
  if (config.paymentMode === "stripe" && config.STRIPE_SECRET_KEY) return new StripeGateway(createStripeClient({ secretKey: config.STRIPE_SECRET_KEY, apiBase: config.STRIPE_API_BASE }));
  return new SandboxGateway(db);
}

// api/src/modules/terms/terms.routes.ts
import { Router as Router10 } from "express";
import { z as z25 } from "zod";
import {
  AppError as AppError78,
  escapeHtml as escapeHtml5,
  formatDate as formatDate4,
  MSG_NOT_FOUND,
  MSG_PDF_UNAVAILABLE as MSG_PDF_UNAVAILABLE4,
  MSG_TERMS_HTML_REQUIRED as MSG_TERMS_HTML_REQUIRED2,
  SubmitSkillsBasedTCResponseSchema,
  SubmitSkillsBasedTCSchema
} from "@permitdesk/shared";

// api/src/modules/terms/approve-terms.ts
import crypto11 from "node:crypto";
import {
  AppError as AppError75,
  getAttachmentType as getAttachmentType4,
  MSG_TERMS_ALREADY_APPROVED,
  MSG_TERMS_NOT_GENERATED,
  PERMIT_STATUS_IDS as PERMIT_STATUS_IDS5,
  requireTransition as requireTransition8
} from "@permitdesk/shared";

// api/src/modules/terms/terms-page.ts
import { escapeHtml as escapeHtml4 } from "@permitdesk/shared";
var TERMS_CSS = `
  :root { --ink: #14213d; --accent: #0b6e4f; --muted: #4b5260; --line: #deded6; --bg: #fbfbf8; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Liberation Sans', sans-serif; color: var(--ink); background: var(--bg); line-height: 1.55; font-size: 16px; }
  main { max-width: 46rem; margin: 0 auto; padding: 2rem 1.25rem 3rem; background: #fff; }
  h1 { font-size: 1.75rem; line-height: 1.2; margin: 0 0 .5rem; }
  h2 { font-size: 1.1rem; margin: 1.5rem 0 .4rem; color: var(--accent); }
  p { margin: 0 0 .75rem; }
  ol.terms-clauses { padding-left: 1.5rem; }
  ol.terms-clauses > li::marker { font-weight: 700; color: var(--accent); }
  .meta { color: var(--muted); font-size: .9rem; margin: 0 0 1.5rem; }
  .versions { border-top: 1px solid var(--line); margin-top: 2rem; padding-top: 1rem; font-size: .9rem; color: var(--muted); }
  .versions ul { padding-left: 1.2rem; }
  .print { font: inherit; padding: .4rem .9rem; border: 1px solid var(--accent); background: #fff; color: var(--accent); border-radius: 4px; cursor: pointer; }
  @media print { body { background: #fff; font-size: 10.5pt; } main { padding: 0; max-width: none; } .print, .no-print { display: none; } }
  @page { margin: 18mm 16mm; }
`;
function termsPage({ title, fragment, meta: meta2, footer, printButton = false }) {
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml4(title)}</title>
<meta name="robots" content="noindex"><style>${TERMS_CSS}</style></head>
<body><main>
${printButton ? '<p class="no-print"><button class="print" type="button" onclick="window.print()">Print</button></p>' : ""}
${meta2 ? `<p class="meta">${meta2}</p>` : ""}
${fragment}
${footer ?? ""}
</main></body></html>`;
}

// api/src/modules/terms/approve-terms.ts
async function approveTerms(deps, actor, promotionId, now = /* @__PURE__ */ new Date()) {
  const { row, version, statusId, newlyApproved } = await deps.database.db.transaction(async (tx) => {
    const row2 = await requirePromotion(tx, actor, promotionId, { forUpdate: true });
    await requireServicePaid(tx, row2.id, "terms");
    const latest = await findLatestVersion(tx, row2.id);
    if (!latest) throw new AppError75("CONFLICT", MSG_TERMS_NOT_GENERATED);
    const waiting = row2.statusId === PERMIT_STATUS_IDS5.awaitingSubmission;
    if (latest.approvedAt && !waiting) throw new AppError75("CONFLICT", MSG_TERMS_ALREADY_APPROVED);
    const newlyApproved2 = !latest.approvedAt;
    const version2 = newlyApproved2 ? await markApproved(tx, latest.id, actor.userId, now) : latest;
    let statusId2 = row2.statusId;
    if (row2.statusId === PERMIT_STATUS_IDS5.awaitingSubmission) {
      statusId2 = requireTransition8({ from: row2.statusId, event: "APPROVE_TERMS", role: actor.isStaff ? "admin" : "customer", managedSubmission: row2.managedSubmission });
      await updatePromotion(tx, row2.id, { statusId: statusId2 });
    }
    await insertChange(tx, {
      promotionId: row2.id,
      userId: actor.userId,
      entity: "promotion",
      entityId: row2.id,
      action: "terms-approved",
      changes: {
        ...newlyApproved2 ? { termsApprovedVersion: { from: null, to: version2.number } } : {},
        ...statusId2 !== row2.statusId ? { statusId: { from: row2.statusId, to: statusId2 } } : {}
      }
    });
    return { row: row2, version: version2, statusId: statusId2, newlyApproved: newlyApproved2 };
  });
  if (!newlyApproved) return { id: row.id, versionNumber: version.number, statusId };
  try {
    await attachApprovedTerms(deps, row, version);
  } catch (error) {
    deps.logger.warn("could not attach the approved terms as attachment B", { promotionId: row.id, error: String(error) });
  }
  void queueLodgementPackAfterSubmission(lodgementDeps(deps), row.id);
  return { id: row.id, versionNumber: version.number, statusId };
}
async function attachApprovedTerms(deps, row, version) {
  const files = [{ code: "B", html: version.html, name: `terms-and-conditions-v${version.number}.pdf` }];
  if (version.abridgedHtml) files.push({ code: "Y", html: version.abridgedHtml, name: `abridged-terms-and-conditions-v${version.number}.pdf` });
  const attached = [];
  for (const file of files) {
    const pdf = await deps.pdf().render(termsPage({ title: file.name, fragment: file.html }));
    const serverFileName = `${crypto11.randomUUID()}.pdf`;
    await deps.storage.put(`uploads/${serverFileName}`, pdf);
    await insertUpload(deps.database.db, { userId: row.userId, serverFileName, headerFileName: file.name, fileExtension: "pdf", mimeType: "application/pdf", sizeBytes: pdf.length });
    const type = getAttachmentType4(file.code);
    attached.push({
      attachmentType: { code: type.code, slug: type.slug, name: type.name, isAddendum: type.isAddendum },
      exists: true,
      uploaded: false,
      isUploading: false,
      fileName: serverFileName,
      userFileName: file.name,
      fileExtension: "pdf",
      uploadDate: (/* @__PURE__ */ new Date()).toISOString()
    });
  }
  await deps.database.db.transaction(async (tx) => {
    const current = await findPromotion(tx, { userId: row.userId, isStaff: true }, row.id, { forUpdate: true });
    if (!current) return;
    const codes = new Set(attached.map((a) => a.attachmentType.code));
    const others = (current.attachments ?? []).filter((a) => !codes.has(a.attachmentType?.code ?? ""));
    await updatePromotion(tx, row.id, { attachments: [...others, ...attached] });
    await insertChange(tx, {
      promotionId: row.id,
      userId: null,
      entity: "promotion",
      entityId: row.id,
      action: "terms-attached",
      changes: { attachments: { from: null, to: [...codes].join(",") } }
    });
  });
}

// api/src/modules/terms/generate-terms.ts
import {
  AppError as AppError76,
  checkTermsDocument,
  generateTermsDocument,
  MSG_TERMS_EDIT_WINDOW_CLOSED,
  MSG_TERMS_LOCKED,
  MSG_TERMS_NOT_PURCHASED,
  MSG_TERMS_UNCHANGED,
  parseClauseLibrary as parseClauseLibrary2,
  renderTermsHtml,
  termsTextDefectMessage
} from "@permitdesk/shared";

// api/src/modules/terms/clause-library.ts
import crypto12 from "node:crypto";
import { parseClauseLibrary, SEED_TERMS_CLAUSES, termsStateRules } from "@permitdesk/shared";
function libraryHash(clauses) {
  return crypto12.createHash("sha256").update(JSON.stringify(clauses)).digest("hex").slice(0, 32);
}
var REQUIRED_STATEMENT_KEYS = new Set(Object.values(termsStateRules().statements).flatMap((list) => (list ?? []).map((s) => s.clause)));
async function loadClauseLibrary(db) {
  const fromCms = parseClauseLibrary(await findCmsClauses(db));
  const seed = parseClauseLibrary(SEED_TERMS_CLAUSES);
  const present = new Set(fromCms.map((c) => c.key));
  const clauses = fromCms.length ? [...fromCms, ...seed.filter((c) => REQUIRED_STATEMENT_KEYS.has(c.key) && !present.has(c.key))] : seed;
  const hash = libraryHash(clauses);
  await saveLibrarySnapshot(db, hash, clauses);
  return { clauses, hash };
}

// api/src/modules/terms/generate-terms.ts
function renderVersionHtml(row, clauses, hostedUrl, providerName) {
  const source = applicationOf(row);
  const kind = termsKindOf(row);
  const context = { permitNumbers: permitNumbersOf(row), hostedUrl, providerName, fullKind: kind };
  const full = generateTermsDocument(source, clauses, kind, context);
  const abridged = row.abridgedTC ? generateTermsDocument(source, clauses, "abridged", context) : null;
  const message = termsTextDefectMessage([...checkTermsDocument(full, { ausStates: source.ausStates }), ...abridged ? checkTermsDocument(abridged) : []]);
  if (message) throw new AppError76("VALIDATION", message, { modelState: { "": [message] } });
  return { kind, html: renderTermsHtml(full), abridgedHtml: abridged ? renderTermsHtml(abridged) : null };
}
var sameText = (a, b) => a.kind === b.kind && a.html === b.html && (a.abridgedHtml ?? null) === (b.abridgedHtml ?? null);
function reasonFor(latest, libraryHash2, sameAppOldLibrary) {
  if (!latest) return "generated";
  if (latest.reason === "staff-edit") return "regenerated";
  if (latest.libraryHash === libraryHash2) return "application-change";
  return sameAppOldLibrary ? "clause-library-change" : "application-and-clause-library-change";
}
async function createGeneratedVersion(tx, config, row, actor) {
  const library = await loadClauseLibrary(tx);
  const hostedUrl = hostedUrlFor(config, await ensureLink(tx, row.id));
  const providerName = brandFor(config).productName;
  const rendered = renderVersionHtml(row, library.clauses, hostedUrl, providerName);
  const versions = await findVersions(tx, row.id);
  const latest = versions[versions.length - 1];
  if (latest && sameText(rendered, latest)) return { version: latest, created: false };
  let sameAppOldLibrary = null;
  if (latest?.libraryHash && latest.libraryHash !== library.hash && latest.reason !== "staff-edit") {
    const old = await findLibrarySnapshot(tx, latest.libraryHash);
    if (old) {
      try {
        sameAppOldLibrary = sameText(renderVersionHtml(row, parseClauseLibrary2(old), hostedUrl, providerName), latest);
      } catch {
        sameAppOldLibrary = false;
      }
    }
  }
  const version = await insertVersion(tx, {
    promotionId: row.id,
    ...rendered,
    reason: reasonFor(latest, library.hash, sameAppOldLibrary),
    libraryHash: library.hash,
    createdBy: actor?.userId ?? null,
    createdByStaff: actor?.isStaff ?? false
  });
  return { version, created: true };
}
async function generateTerms(deps, actor, promotionId, now = /* @__PURE__ */ new Date()) {
  return deps.database.db.transaction(async (tx) => {
    const row = await requirePromotion(tx, actor, promotionId, { forUpdate: true });
    if (!actor.isStaff) {
      if (!hasTermsService(row)) throw new AppError76("CONFLICT", MSG_TERMS_NOT_PURCHASED);
      const versions = await findVersions(tx, row.id);
      if (versions.some((v) => v.approvedAt)) {
        const window = await skillEditWindow(tx, row, now);
        if (!window) throw new AppError76("CONFLICT", MSG_TERMS_LOCKED);
        if (!window.open) throw new AppError76("CONFLICT", MSG_TERMS_EDIT_WINDOW_CLOSED);
      }
    }
    const { version, created } = await createGeneratedVersion(tx, deps.config, row, actor);
    if (!created) return { versionNumber: version.number, created, message: MSG_TERMS_UNCHANGED(version.number), reason: version.reason };
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: "promotion",
      entityId: row.id,
      action: "terms-generated",
      changes: { termsVersion: { from: version.number - 1 || null, to: version.number } }
    });
    return { versionNumber: version.number, created, message: null, reason: version.reason };
  });
}

// api/src/modules/terms/get-terms.ts
import { formatCurrency as formatCurrency6, msgServiceUnpaid as msgServiceUnpaid2, PERMIT_STATUS_IDS as PERMIT_STATUS_IDS6, skillTcOption } from "@permitdesk/shared";
function termsStatusOf(versions) {
  const latest = versions[versions.length - 1];
  if (!latest) return "not-generated";
  return latest.approvedAt ? "approved" : "awaiting-approval";
}
async function getTerms(deps, actor, promotionId, now = /* @__PURE__ */ new Date()) {
  const db = deps.database.db;
  const row = await requirePromotion(db, actor, promotionId);
  const versions = await findVersions(db, row.id);
  const latest = versions[versions.length - 1];
  const code = await findLink(db, row.id);
  const approved = versions.some((v) => v.approvedAt);
  const window = await skillEditWindow(db, row, now);
  const owed = await serviceOwed(db, row.id, "terms");
  const awaitingPayment = owed > 0 ? msgServiceUnpaid2("terms", formatCurrency6(owed), `/permit/edit/${row.id}/payment/`) : null;
  const canGenerate = actor.isStaff || hasTermsService(row) && (!approved || window !== null && window.open);
  return {
    status: termsStatusOf(versions),
    kind: termsKindOf(row),
    versionNumber: latest?.number ?? null,
    html: latest?.html ?? null,
    abridgedHtml: latest?.abridgedHtml ?? null,
    hostedUrl: code ? hostedUrlFor(deps.config, code) : null,
    pdfUrl: latest && !awaitingPayment ? `/promotions/downloadterms/${row.id}` : null,
    canGenerate,
    awaitingPayment,
    // In 15 "Awaiting submission" approval (again) is what moves the paid promotion on.
    canApprove: !awaitingPayment && Boolean(latest && (!latest.approvedAt || row.statusId === PERMIT_STATUS_IDS6.awaitingSubmission)),
    /** Staff may edit the text (POST /api/terms/saveVersion). */
    canEdit: actor.isStaff,
    skillsBasedTCEditWindow: window?.ends ? window.ends.toISOString() : null,
    /** Skill T&Cs: the credit option chosen (or the default) and its window's length. */
    skillsBasedTCPaymentOption: row.skillsBasedTC ? skillTcOption(skillOptionOf(row)).option : null,
    skillsBasedTCEditWindowDays: row.skillsBasedTC ? skillTcOption(skillOptionOf(row)).editWindowDays : null,
    skillsBasedTCPurchasedAt: window?.purchasedAt ? window.purchasedAt.toISOString() : null,
    versions: versions.map((v) => ({
      number: v.number,
      kind: v.kind,
      reason: v.reason,
      html: v.html,
      abridgedHtml: v.abridgedHtml,
      libraryRevision: v.libraryHash,
      createdByStaff: v.createdByStaff,
      createdAt: v.createdAt.toISOString(),
      approvedAt: v.approvedAt ? v.approvedAt.toISOString() : null
    }))
  };
}

// api/src/modules/terms/save-terms-version.ts
import sanitizeHtml from "sanitize-html";
import { AppError as AppError77, checkTermsHtml as checkTermsHtml2, MSG_TERMS_HTML_REQUIRED, termsTextDefectMessage as termsTextDefectMessage2 } from "@permitdesk/shared";
function sanitizeTermsHtml(html) {
  return sanitizeHtml(html, {
    allowedTags: ["article", "section", "h1", "h2", "h3", "p", "ol", "ul", "li", "strong", "em", "b", "i", "br", "table", "thead", "tbody", "tr", "th", "td"],
    allowedAttributes: { article: ["class"], ol: ["class"], li: ["id"], p: ["data-clause"] },
    disallowedTagsMode: "discard"
  }).trim();
}
async function saveTermsVersion(deps, actor, promotionId, html) {
  const clean = sanitizeTermsHtml(html);
  if (!clean.replace(/<[^>]*>/g, "").trim()) throw new AppError77("VALIDATION", MSG_TERMS_HTML_REQUIRED, { modelState: { html: [MSG_TERMS_HTML_REQUIRED] } });
  const defect = termsTextDefectMessage2(checkTermsHtml2(clean));
  if (defect) throw new AppError77("VALIDATION", defect, { modelState: { html: [defect] } });
  return deps.database.db.transaction(async (tx) => {
    const row = await requirePromotion(tx, actor, promotionId, { forUpdate: true });
    const latest = await findLatestVersion(tx, row.id);
    const version = await insertVersion(tx, {
      promotionId: row.id,
      kind: latest?.kind ?? termsKindOf(row),
      html: clean,
      abridgedHtml: latest?.abridgedHtml ?? null,
      reason: "staff-edit",
      libraryHash: latest?.libraryHash ?? null,
      createdBy: actor.userId,
      createdByStaff: true
    });
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: "promotion",
      entityId: row.id,
      action: "terms-edited",
      changes: { termsVersion: { from: latest?.number ?? null, to: version.number } }
    });
    return version;
  });
}

// api/src/modules/terms/terms.routes.ts
var PromotionIdSchema = z25.coerce.number({ error: MSG_NOT_FOUND }).int({ error: MSG_NOT_FOUND }).positive({ error: MSG_NOT_FOUND });
var VersionSchema = z25.object({
  number: z25.number().int(),
  kind: z25.string(),
  reason: z25.enum(["generated", "application-change", "clause-library-change", "application-and-clause-library-change", "regenerated", "staff-edit", "permit-numbers"]).or(z25.string()),
  html: z25.string(),
  abridgedHtml: z25.string().nullable(),
  libraryRevision: z25.string().nullable().describe("Hash of the clause library snapshot the version was generated from"),
  createdByStaff: z25.boolean(),
  createdAt: z25.string(),
  approvedAt: z25.string().nullable()
});
var TermsResponseSchema = z25.object({
  status: z25.enum(["not-generated", "awaiting-approval", "approved"]),
  kind: z25.enum(["chance", "skill"]),
  versionNumber: z25.number().int().nullable(),
  html: z25.string().nullable(),
  abridgedHtml: z25.string().nullable().describe("Addendum Y: the abridged form, when abridged T&Cs are a service"),
  hostedUrl: z25.string().nullable(),
  pdfUrl: z25.string().nullable(),
  canGenerate: z25.boolean(),
  awaitingPayment: z25.string().nullable().describe('Issue 22: while the promotion owes money, what to pay and where; approval, the PDF and the hosted page wait (the draft is marked "Draft \u2014 not yet paid")'),
  canApprove: z25.boolean(),
  canEdit: z25.boolean(),
  skillsBasedTCEditWindow: z25.string().nullable().describe("For bought skill T&Cs: until when the customer may regenerate or amend them"),
  skillsBasedTCPaymentOption: z25.enum(["150", "250", "1000"]).nullable().describe("Skill T&Cs: the credit option chosen (default 150)"),
  skillsBasedTCEditWindowDays: z25.number().int().nullable().describe("Skill T&Cs: the edit window's length in days for that option"),
  skillsBasedTCPurchasedAt: z25.string().nullable().describe("Skill T&Cs: when their payment cleared (the edit window starts)"),
  versions: z25.array(VersionSchema)
});
var VersionCreatedSchema = z25.object({ versionNumber: z25.number().int() });
var GeneratedSchema = z25.object({
  versionNumber: z25.number().int().describe("The new version, or the current one when nothing changed"),
  created: z25.boolean().describe("False when nothing changed since the current version: no new version was made"),
  message: z25.string().nullable().describe("Says so when nothing changed"),
  reason: z25.string().describe("What caused the version: generated, application-change, clause-library-change, application-and-clause-library-change, regenerated, staff-edit, permit-numbers")
});
function termsRoutes(deps) {
  const actorOf = (user) => ({ userId: user.id, isStaff: user.isStaff });
  const db = deps.database.db;
  const mailDeps = { db, mailer: deps.mailer, pdf: deps.pdf, config: deps.config, logger: deps.logger };
  const paymentDeps = {
    db,
    gateway: deps.paymentGateway,
    billerCode: deps.config.BPAY_BILLER_CODE,
    afterCommit: (event) => sendPaymentMailsLater(mailDeps, event)
  };
  return [
    route({
      method: "get",
      path: "/terms/get",
      tag: "terms",
      summary: "The terms and conditions of a promotion: status, latest version, hosted link and every version (owner and staff)",
      access: "user",
      query: z25.object({ promotionId: PromotionIdSchema }),
      response: TermsResponseSchema,
      handler: ({ query, user }) => getTerms(deps, actorOf(user), query.promotionId)
    }),
    route({
      method: "post",
      path: "/terms/generate",
      tag: "terms",
      summary: "Generate a new version of the terms and conditions from the application and the clause library (owner when allowed, staff always)",
      access: "user",
      idempotent: true,
      body: z25.object({ promotionId: PromotionIdSchema }),
      response: GeneratedSchema,
      handler: ({ body, user }) => generateTerms(deps, actorOf(user), body.promotionId)
    }),
    route({
      method: "post",
      path: "/terms/saveVersion",
      tag: "terms",
      summary: "Save staff-edited text of the terms and conditions as a new version (staff)",
      access: "staff",
      idempotent: true,
      body: z25.object({ promotionId: PromotionIdSchema, html: z25.string({ error: MSG_TERMS_HTML_REQUIRED2 }).min(1, { error: MSG_TERMS_HTML_REQUIRED2 }).max(5e5, { error: MSG_TERMS_HTML_REQUIRED2 }) }),
      response: VersionCreatedSchema,
      handler: async ({ body, user }) => ({ versionNumber: (await saveTermsVersion(deps, actorOf(user), body.promotionId, body.html)).number })
    }),
    route({
      method: "post",
      path: "/promotion/approveTermsAndConditions",
      tag: "promotion",
      summary: 'Approve the latest version of the terms and conditions; in "Awaiting submission" the promotion moves on into submission',
      access: "user",
      idempotent: true,
      body: z25.object({ id: PromotionIdSchema }),
      response: z25.object({ id: z25.number().int(), versionNumber: z25.number().int(), statusId: z25.number().int() }),
      handler: ({ body, user }) => approveTerms(deps, actorOf(user), body.id)
    }),
    route({
      method: "post",
      path: "/promotion/submitSkillsBasedTC",
      tag: "promotion",
      summary: "Buy skill-based T&Cs for a game of skill (no permit) by card or BPAY; skillsBasedTCPaymentOption 150/250/1000 sets the price and the edit window (30/90/365 days)",
      access: "user",
      idempotent: true,
      body: SubmitSkillsBasedTCSchema,
      response: SubmitSkillsBasedTCResponseSchema,
      handler: ({ body, user }) => submitSkillsBasedTC(paymentDeps, actorOf(user), body)
    })
  ];
}
function termsDocumentRoutes(deps) {
  const router = Router10({ caseSensitive: false });
  const db = deps.database.db;
  router.get("/promotions/downloadterms/:id", async (req, res) => {
    const id = Number(req.params.id);
    const user = res.locals.user;
    if (!user) throw new AppError78("UNAUTHENTICATED");
    if (!Number.isSafeInteger(id) || id <= 0) throw new AppError78("NOT_FOUND");
    const row = await requirePromotion(db, { userId: user.id, isStaff: user.isStaff }, id);
    await requireServicePaid(db, row.id, "terms");
    const version = await findLatestVersion(db, row.id);
    if (!version) throw new AppError78("NOT_FOUND");
    const meta2 = `Version ${version.number}${version.approvedAt ? `, approved ${escapeHtml5(formatDate4(version.approvedAt))}` : ", awaiting approval"}`;
    let pdf;
    try {
      pdf = await deps.pdf().render(termsPage({ title: `${row.name || "Promotion"}: terms and conditions`, fragment: version.html, meta: meta2 }));
    } catch (error) {
      if (error instanceof ChromiumNotFoundError) throw new AppError78("UNAVAILABLE", MSG_PDF_UNAVAILABLE4);
      throw error;
    }
    res.set("Content-Type", "application/pdf");
    res.set("Content-Disposition", `attachment; filename="terms-and-conditions-${row.id}-v${version.number}.pdf"`);
    res.set("Cache-Control", "private, no-store");
    res.send(pdf);
  });
  const hosted = async (req, res) => {
    const code = String(req.params.code);
    const notFound = () => res.status(404).type("html").send(termsPage({ title: "Not found", fragment: "<h1>Not found</h1><p>There are no terms and conditions at this address.</p>" }));
    if (!/^[A-Za-z0-9]{6,16}$/.test(code)) return notFound();
    const promotionId = await findPromotionIdByCode(db, code);
    if (promotionId && await serviceOwed(db, promotionId, "terms") > 0) return notFound();
    const approved = promotionId ? await findApprovedVersions(db, promotionId) : [];
    const [current, ...older] = approved;
    if (!current) return notFound();
    const number = req.query.version ? Number(req.query.version) : null;
    const shown = number && approved.find((v) => v.number === number) || current;
    const meta2 = `Version ${shown.number}, approved ${escapeHtml5(formatDate4(shown.approvedAt))}${shown === current ? "" : ` (a later version, ${current.number}, <a href="./">is current</a>)`}`;
    const list = [current, ...older].filter((v) => v !== shown);
    const footer = list.length ? `<section class="versions"><h2>Other versions</h2><ul>${list.map((v) => `<li><a href="./?version=${v.number}">Version ${v.number}</a>, approved ${escapeHtml5(formatDate4(v.approvedAt))}</li>`).join("")}</ul></section>` : "";
    res.set("Cache-Control", "public, max-age=60");
    res.type("html").send(termsPage({ title: "Terms and conditions", fragment: shown.html, meta: meta2, footer }));
  };
  router.get("/t/:code", (req, res, next) => {
    if (!req.path.endsWith("/")) return res.redirect(301, `/t/${encodeURIComponent(String(req.params.code))}/${req.originalUrl.slice(req.path.length)}`);
    hosted(req, res).catch(next);
  });
  router.get("/t/:code/", (req, res, next) => void hosted(req, res).catch(next));
  return router;
}

// api/src/modules/reminders/reminders.routes.ts
import express4, { Router as Router11 } from "express";
import { z as z26 } from "zod";
import {
  AppError as AppError81,
  MSG_LIST_NAME_REQUIRED,
  MSG_LIST_NOT_FOUND as MSG_LIST_NOT_FOUND3,
  MSG_NOT_FOUND as MSG_NOT_FOUND2,
  MSG_REMINDERS_LIST_INVALID,
  MSG_EMAIL_INVALID,
  MSG_UNSUBSCRIBE_LINK_INVALID as MSG_UNSUBSCRIBE_LINK_INVALID2,
  REMINDER_DATE_SETTINGS,
  REMINDER_KINDS as REMINDER_KINDS2,
  ReminderChoiceSchema,
  EmailSchema as EmailSchema2
} from "@permitdesk/shared";

// api/src/modules/reminders/calendar.ts
import crypto13 from "node:crypto";
import { createEvents as createEvents2 } from "ics";
import { AppError as AppError79, addDays, formatSydneyDateAndTime as formatSydneyDateAndTime2, parseIsoDate, promotionKeyDates as promotionKeyDates2, promotionTitle as promotionTitle6, sydneyInstant } from "@permitdesk/shared";
var PRODUCT_ID = "-//PermitDesk//Promotion dates//EN";
function dateArray(date5) {
  const p = parseIsoDate(date5);
  return [p.year, p.month, p.day];
}
function promotionEvents(row, publicUrl) {
  const host = new URL(publicUrl).hostname;
  const title = promotionTitle6(row.name);
  const url = new URL(`/promotions/edit/${row.id}/`, publicUrl).toString();
  return promotionKeyDates2(datesSourceOf(row)).map((date5) => {
    const common2 = {
      title: `${date5.label}: ${title}`,
      description: `${date5.description}${date5.time ? ` (${formatSydneyDateAndTime2(date5.date, date5.time)})` : ""}

${url}`,
      url,
      uid: `promotion-${row.id}-${date5.kind}@${host}`,
      productId: PRODUCT_ID,
      categories: ["Trade promotion"]
    };
    if (date5.time) {
      const instant = sydneyInstant(date5.date, date5.time);
      return { ...common2, start: instant.getTime(), startInputType: "utc", startOutputType: "utc", duration: { hours: 1 } };
    }
    return { ...common2, start: dateArray(date5.date), end: dateArray(addDays(date5.date, 1)) };
  });
}
function calendarText(events, calName) {
  if (events.length === 0) {
    return ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${PRODUCT_ID}`, "METHOD:PUBLISH", `X-WR-CALNAME:${calName}`, "END:VCALENDAR", ""].join("\r\n");
  }
  const { error, value } = createEvents2(events, { productId: PRODUCT_ID, calName, method: "PUBLISH" });
  if (error || !value) throw error ?? new Error("calendar not generated");
  return value;
}
async function promotionCalendarFile(db, owner, id, publicUrl) {
  const row = await findPromotion(db, owner, id);
  if (!row) throw new AppError79("NOT_FOUND");
  return { fileName: `promotion-${row.id}-dates.ics`, text: calendarText(promotionEvents(row, publicUrl), promotionTitle6(row.name)) };
}
var hashFeedToken = (token) => crypto13.createHash("sha256").update(token).digest("hex");
var newFeedToken = () => crypto13.randomBytes(24).toString("base64url");
function feedUrl(publicUrl, token) {
  const https = new URL(`/calendar/feed/${token}.ics`, publicUrl);
  return { url: https.toString(), webcalUrl: https.toString().replace(/^https?:/, "webcal:") };
}
async function getCalendarFeed(db, userId, publicUrl) {
  const token = newFeedToken();
  if (await insertCalendarFeedIfNone(db, userId, hashFeedToken(token))) {
    const feed2 = await findCalendarFeed(db, userId);
    return { ...feedUrl(publicUrl, token), createdAt: feed2.createdAt.toISOString() };
  }
  const feed = await findCalendarFeed(db, userId);
  return { url: null, webcalUrl: null, createdAt: feed.createdAt.toISOString() };
}
async function regenerateCalendarFeed(db, userId, publicUrl) {
  const token = newFeedToken();
  await upsertCalendarFeed(db, userId, hashFeedToken(token));
  const feed = await findCalendarFeed(db, userId);
  return { ...feedUrl(publicUrl, token), createdAt: feed.createdAt.toISOString() };
}
async function calendarFeedText(db, token, publicUrl) {
  const userId = await findCalendarFeedOwner(db, hashFeedToken(token));
  if (userId === void 0) return void 0;
  const rows = await ownerPromotions(db, userId);
  return calendarText(rows.flatMap((row) => promotionEvents(row, publicUrl)), "PermitDesk promotions");
}

// api/src/modules/reminders/unsubscribe.ts
import { AppError as AppError80, MSG_RESUBSCRIBED, MSG_UNSUBSCRIBE_LINK_INVALID, MSG_UNSUBSCRIBED } from "@permitdesk/shared";

// api/src/modules/reminders/unsubscribe-token.ts
import crypto14 from "node:crypto";
var keys2 = /* @__PURE__ */ new WeakMap();
function unsubscribeKey(config, database) {
  if (config.SESSION_SECRET) return Promise.resolve(`unsubscribe:${config.SESSION_SECRET}`);
  let key = keys2.get(database.pool);
  if (!key) {
    key = (async () => {
      const fresh = JSON.stringify(crypto14.randomBytes(32).toString("base64url"));
      return String(await ensureInstanceSetting(database.pool, "unsubscribe_hmac_key", fresh));
    })();
    key.catch(() => keys2.delete(database.pool));
    keys2.set(database.pool, key);
  }
  return key;
}
var UNSUBSCRIBE_TOKEN_TTL_MS = 365 * 24 * 60 * 6e4;
var sign = async (deps, promotionId, email, expires) => crypto14.createHmac("sha256", await unsubscribeKey(deps.config, deps.database)).update(`${promotionId}:${email.toLowerCase()}:${expires}`).digest("base64url");
async function isValidUnsubscribeToken(deps, promotionId, email, token, now = /* @__PURE__ */ new Date()) {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1e3 <= now.getTime()) return false;
  const expected = Buffer.from(await sign(deps, promotionId, email, expires));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && crypto14.timingSafeEqual(given, expected);
}

// api/src/modules/reminders/unsubscribe.ts
async function unsubscribeFromPromotion(deps, user, input) {
  const email = normaliseEmail(input.email);
  const byLink = input.token ? await isValidUnsubscribeToken(deps, input.promotionId, email, input.token) : false;
  const byOwner = !byLink && user ? await findPromotion(deps.database.db, { userId: user.id, isStaff: false }, input.promotionId) !== void 0 && normaliseEmail(user.email) === email : false;
  if (!byLink && !byOwner) throw new AppError80("NOT_FOUND", MSG_UNSUBSCRIBE_LINK_INVALID);
  const found = await findPromotionWithOwner(deps.database.db, input.promotionId);
  if (!found) throw new AppError80("NOT_FOUND", MSG_UNSUBSCRIBE_LINK_INVALID);
  await deps.database.db.transaction(async (tx) => {
    await insertUnsubscribe(tx, input.promotionId, email);
    await insertChange(tx, {
      promotionId: input.promotionId,
      userId: user?.id ?? null,
      entity: "promotion",
      entityId: input.promotionId,
      action: "unsubscribe",
      changes: { unsubscribed: { from: null, to: email } }
    });
  });
  return { promotionId: input.promotionId, email, unsubscribed: true, message: MSG_UNSUBSCRIBED };
}
async function resubscribeToPromotion(deps, user, promotionId) {
  const promotion = await findPromotion(deps.database.db, { userId: user.id, isStaff: user.isStaff }, promotionId);
  if (!promotion) throw new AppError80("NOT_FOUND");
  const found = await findPromotionWithOwner(deps.database.db, promotionId);
  const email = normaliseEmail(found.ownerEmail);
  await deps.database.db.transaction(async (tx) => {
    await deleteUnsubscribe(tx, promotionId, email);
    await insertChange(tx, {
      promotionId,
      userId: user.id,
      entity: "promotion",
      entityId: promotionId,
      action: "resubscribe",
      changes: { unsubscribed: { from: email, to: null } }
    });
  });
  return { promotionId, unsubscribed: false, message: MSG_RESUBSCRIBED };
}

// api/src/modules/reminders/reminders.routes.ts
var ListId = z26.coerce.number({ error: MSG_LIST_NOT_FOUND3 }).int({ error: MSG_LIST_NOT_FOUND3 }).positive({ error: MSG_LIST_NOT_FOUND3 });
var PromotionId = z26.coerce.number({ error: MSG_NOT_FOUND2 }).int({ error: MSG_NOT_FOUND2 }).positive({ error: MSG_NOT_FOUND2 });
var ListSchema = z26.object({ id: z26.number(), name: z26.string(), emails: z26.array(z26.string()) });
var RejectedSchema = z26.object({ line: z26.number(), value: z26.string(), message: z26.string() });
var ReminderSettingSchema = z26.object({ kind: z26.enum(REMINDER_KINDS2), label: z26.string(), description: z26.string(), daysBefore: z26.number(), businessDays: z26.boolean() });
var PlannedSchema = z26.object({
  kind: z26.enum(REMINDER_KINDS2),
  label: z26.string(),
  date: z26.string().nullable(),
  daysBefore: z26.number(),
  businessDays: z26.boolean(),
  reminderDate: z26.string().nullable(),
  sendAt: z26.string().nullable(),
  status: z26.enum(["scheduled", "past", "no-date", "sent"]),
  message: z26.string().nullable(),
  accountHolder: z26.boolean(),
  distributionListIds: z26.array(z26.number())
});
var RemindersViewSchema = z26.object({
  promotionId: z26.number(),
  unsubscribed: z26.boolean(),
  dates: z26.array(z26.object({ kind: z26.string(), label: z26.string(), description: z26.string(), date: z26.string(), time: z26.string().nullable(), daysLeft: z26.number() })),
  reminders: z26.array(PlannedSchema),
  distributionLists: z26.array(ListSchema)
});
var FeedSchema = z26.object({
  url: z26.string().nullable().describe("the address, only when just made: it is shown once"),
  webcalUrl: z26.string().nullable(),
  createdAt: z26.string().describe("when the current address was made")
});
var ownerOf = (user) => ({ userId: user.id, isStaff: user.isStaff });
function reminderRoutes({ database, config }) {
  const db = database.db;
  return [
    route({
      method: "post",
      path: "/DistributionList/create",
      summary: "Creates a distribution list of the account",
      access: "user",
      idempotent: true,
      body: z26.object({ name: z26.string({ error: MSG_LIST_NAME_REQUIRED }).trim().min(1, { error: MSG_LIST_NAME_REQUIRED }).max(200, { error: MSG_LIST_NAME_REQUIRED }) }),
      response: ListSchema,
      handler: ({ body, user }) => createDistributionList(db, { userId: user.id }, body.name)
    }),
    route({
      method: "post",
      path: "/DistributionList/addEmail",
      summary: "Adds an address, or pasted text / CSV content with one or more addresses per row (bad rows reported by line)",
      access: "user",
      body: z26.object({ id: ListId, email: z26.string({ error: MSG_EMAIL_INVALID }).optional(), emails: z26.string({ error: MSG_EMAIL_INVALID }).optional(), csv: z26.string({ error: MSG_EMAIL_INVALID }).optional() }),
      response: ListSchema.extend({ added: z26.number(), rejected: z26.array(RejectedSchema) }),
      handler: ({ body, user }) => {
        const text32 = body.csv ?? body.emails;
        if (text32 === void 0) parseInput(z26.object({ email: EmailSchema2 }), { email: body.email });
        return addDistributionListEmails(db, { userId: user.id }, body.id, text32 !== void 0 ? { text: text32, csv: body.csv !== void 0 } : { email: body.email });
      }
    }),
    route({
      method: "post",
      path: "/DistributionList/removeEmail",
      summary: "Removes an address from a list",
      access: "user",
      body: z26.object({ id: ListId, email: z26.string({ error: MSG_EMAIL_INVALID }).min(1, { error: MSG_EMAIL_INVALID }) }),
      response: ListSchema,
      handler: ({ body, user }) => removeDistributionListEmail(db, { userId: user.id }, body.id, body.email)
    }),
    route({
      method: "post",
      path: "/DistributionList/delete",
      summary: "Deletes a list (and takes it off every reminder)",
      access: "user",
      body: z26.object({ id: ListId }),
      response: z26.object({ id: z26.number() }),
      handler: ({ body, user }) => removeDistributionList(db, { userId: user.id }, body.id)
    }),
    route({
      method: "get",
      path: "/DistributionList/get",
      summary: "The account's distribution lists",
      access: "user",
      response: z26.array(ListSchema),
      handler: ({ user }) => getDistributionLists(db, { userId: user.id })
    }),
    route({
      method: "get",
      path: "/Reminder/getReminderDateSettings",
      summary: "The reminder kinds with their default offsets (decision record 016)",
      access: "public",
      response: z26.array(ReminderSettingSchema),
      handler: () => REMINDER_DATE_SETTINGS.map((setting) => ({ ...setting }))
    }),
    route({
      method: "post",
      path: "/Reminder/save",
      summary: "Sets a promotion's reminders: which go to the account holder and to which lists, with their offsets",
      access: "user",
      idempotent: true,
      body: z26.object({ promotionId: PromotionId, reminders: z26.array(ReminderChoiceSchema, { error: MSG_REMINDERS_LIST_INVALID }).max(REMINDER_KINDS2.length * 2, { error: MSG_REMINDERS_LIST_INVALID }) }),
      response: RemindersViewSchema,
      handler: ({ body, user }) => saveReminders(db, ownerOf(user), body)
    }),
    route({
      method: "get",
      path: "/Reminder/get",
      summary: "The promotion's key dates (meaning, days left) and reminders set, for the dashboard",
      access: "user",
      query: z26.object({ promotionId: PromotionId }),
      response: RemindersViewSchema,
      handler: ({ query, user }) => getPromotionReminders(db, ownerOf(user), query.promotionId)
    }),
    route({
      method: "post",
      path: "/unsubscribe/frompromotion",
      summary: "Stops a promotion's reminders to an address: from the e-mail link (signed token) or by the signed-in owner",
      access: "public",
      body: z26.object({ promotionId: PromotionId, email: z26.string({ error: MSG_UNSUBSCRIBE_LINK_INVALID2 }).min(1, { error: MSG_UNSUBSCRIBE_LINK_INVALID2 }), token: z26.string().optional() }),
      response: z26.object({ promotionId: z26.number(), email: z26.string(), unsubscribed: z26.boolean(), message: z26.string() }),
      handler: ({ body, user }) => unsubscribeFromPromotion({ config, database }, user, body)
    }),
    route({
      method: "post",
      path: "/unsubscribe/resubscribeToPromotion",
      summary: "The account holder receives the promotion's reminders again",
      access: "user",
      body: z26.object({ promotionId: PromotionId }),
      response: z26.object({ promotionId: z26.number(), unsubscribed: z26.boolean(), message: z26.string() }),
      handler: ({ body, user }) => resubscribeToPromotion({ config, database }, user, body.promotionId)
    }),
    route({
      method: "get",
      path: "/calendar/getFeed",
      summary: "The account's private calendar feed: made on first ask and its address (webcal) shown then only; later, when it was made",
      access: "session",
      response: FeedSchema,
      handler: ({ user }) => getCalendarFeed(db, user.id, config.PUBLIC_URL)
    }),
    route({
      method: "post",
      path: "/calendar/regenerateFeed",
      summary: "Replaces the feed secret: the old address stops working; the new one is shown once",
      access: "session",
      response: FeedSchema,
      handler: ({ user }) => regenerateCalendarFeed(db, user.id, config.PUBLIC_URL)
    })
  ];
}
var ICS_TYPE = "text/calendar; charset=utf-8";
function reminderLinkRoutes({ database, config }) {
  const router = Router11({ caseSensitive: false });
  router.get("/promotions/downloadcalendarfile/:id", async (req, res) => {
    const id = Number(req.params.id);
    const user = res.locals.user;
    if (!user) throw new AppError81("UNAUTHENTICATED");
    if (!Number.isSafeInteger(id) || id <= 0) throw new AppError81("NOT_FOUND");
    const file = await promotionCalendarFile(database.db, ownerOf(user), id, config.PUBLIC_URL);
    res.set("Content-Type", ICS_TYPE);
    res.set("Content-Disposition", `attachment; filename="${file.fileName}"`);
    res.set("Cache-Control", "private, no-store");
    res.send(file.text);
  });
  router.get("/calendar/feed/:file", async (req, res) => {
    const token = String(req.params.file).replace(/\.ics$/i, "");
    const text32 = /^[A-Za-z0-9_-]{16,64}$/.test(token) ? await calendarFeedText(database.db, token, config.PUBLIC_URL) : void 0;
    if (text32 === void 0) throw new AppError81("NOT_FOUND");
    res.set("Content-Type", ICS_TYPE);
    res.set("Cache-Control", "private, max-age=300");
    res.send(text32);
  });
  router.get("/unsubscribe/", (req, res) => {
    const promotionId = String(req.query.promotionId ?? "");
    const email = String(req.query.email ?? "");
    const token = String(req.query.token ?? "");
    res.set("Cache-Control", "no-store");
    res.type("html").send(
      page(
        "Stop reminders",
        `<p>Stop the reminders of promotion #${escapeHtml(promotionId)} to <strong>${escapeHtml(email)}</strong>?</p>
<form method="post" action="/unsubscribe/">
<input type="hidden" name="promotionId" value="${escapeHtml(promotionId)}">
<input type="hidden" name="email" value="${escapeHtml(email)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">Stop reminders</button>
</form>`
      )
    );
  });
  router.post("/unsubscribe/", sameOrigin(config.publicOrigin), express4.urlencoded({ extended: false, limit: "8kb" }), async (req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      const input = parseInput(z26.object({ promotionId: PromotionId, email: z26.string().min(1), token: z26.string().min(1) }), req.body);
      const result = await unsubscribeFromPromotion({ config, database }, void 0, input);
      res.type("html").send(page("Reminders stopped", `<p role="status">${escapeHtml(result.message)}</p>`));
    } catch (error) {
      if (!(error instanceof AppError81)) throw error;
      res.status(404).type("html").send(page("Link not valid", `<p role="alert">${escapeHtml(MSG_UNSUBSCRIBE_LINK_INVALID2)}</p>`));
    }
  });
  return router;
}
function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} \xB7 PermitDesk</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#14213d}button{font:inherit;padding:.5rem 1rem;background:#14213d;color:#fff;border:0;border-radius:4px;cursor:pointer}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

// api/src/modules/draws/draws.routes.ts
import { z as z27 } from "zod";
import {
  DrawCancelSchema,
  DrawCreateSchema,
  DrawIdSchema,
  DrawListQuerySchema,
  DrawLookupQuerySchema,
  DrawPublicQuerySchema,
  DrawRedrawSchema,
  DrawRunSchema
} from "@permitdesk/shared";

// api/src/modules/draws/draw-service.ts
import crypto21 from "node:crypto";
import { once as once2 } from "node:events";
import { PassThrough as PassThrough5 } from "node:stream";
import {
  AppError as AppError83,
  canonicalField,
  DRAW_ALGORITHM as DRAW_ALGORITHM3,
  MSG_DRAW_ALREADY_COMMITTED,
  MSG_DRAW_CHAIN_OPEN,
  MSG_DRAW_COMMITTED,
  MSG_DRAW_COUNT_RANGE,
  MSG_DRAW_NO_ENTRIES_YET,
  MSG_DRAW_NO_SERVICE,
  MSG_DRAW_NOT_COMMITTED,
  MSG_DRAW_NOT_RUN,
  MSG_DRAW_SCRUTINEER_REQUIRED,
  parseCanonicalRow as parseCanonicalRow3,
  maskEntry as maskEntry2,
  maskField,
  rootIndexOf,
  drawInstant,
  winnerPublicationsOf,
  MSG_DRAW_SCHEDULE_NEEDS_DATE,
  MSG_DRAW_PRIZE_VALUES,
  selectIndexes,
  merkleLeaf as merkleLeaf2,
  toHex as toHex2,
  formatDateTime as formatDateTime3,
  msgDrawTooEarly,
  MSG_DRAW_EARLY_REASON_REQUIRED,
  MSG_DRAW_CANCELLED,
  MSG_DRAW_RUN_CANNOT_CANCEL,
  MSG_DRAW_RUN_AT_INVALID
} from "@permitdesk/shared";

// api/src/modules/draws/canonical-file.ts
import { once } from "node:events";
import { csvSafeRow } from "@permitdesk/shared";
var LF = 10;
var QUOTE = 34;
async function eachCanonicalRow(stream, onRow, { wanted } = {}) {
  let index16 = 0;
  let partial = [];
  let quotes = 0;
  for await (const chunk of stream) {
    let pos = 0;
    const hasQuote = chunk.indexOf(QUOTE) >= 0;
    if (wanted && !hasQuote && quotes === 0) {
      if (partial.length) {
        const nl = chunk.indexOf(LF);
        if (nl < 0) {
          partial.push(chunk);
          continue;
        }
        const row = Buffer.concat([...partial, chunk.subarray(0, nl)]);
        partial = [];
        if (wanted(index16) && await onRow(index16, row) === false) return index16 + 1;
        index16 += 1;
        pos = nl + 1;
      }
      for (; ; ) {
        const nl = chunk.indexOf(LF, pos);
        if (nl < 0) break;
        if (wanted(index16)) {
          if (await onRow(index16, chunk.subarray(pos, nl)) === false) return index16 + 1;
        }
        index16 += 1;
        pos = nl + 1;
      }
      if (pos < chunk.length) partial.push(chunk.subarray(pos));
      continue;
    }
    for (; ; ) {
      const nl = chunk.indexOf(LF, pos);
      if (nl < 0) {
        if (pos < chunk.length) {
          const rest = chunk.subarray(pos);
          if (hasQuote) quotes += countQuotes(rest);
          partial.push(rest);
        }
        break;
      }
      const segment = chunk.subarray(pos, nl);
      if (hasQuote) quotes += countQuotes(segment);
      pos = nl + 1;
      if (quotes % 2 === 1) {
        partial.push(chunk.subarray(pos - 1 - segment.length, pos));
        continue;
      }
      const row = partial.length ? Buffer.concat([...partial, segment]) : segment;
      partial = [];
      quotes = 0;
      let answer = onRow(index16++, row);
      if (answer instanceof Promise) answer = await answer;
      if (answer === false) return index16;
    }
  }
  return index16;
}
function countQuotes(bytes) {
  let n = 0;
  let at = bytes.indexOf(QUOTE);
  while (at >= 0) {
    n += 1;
    at = bytes.indexOf(QUOTE, at + 1);
  }
  return n;
}
async function writeSafeRows(source, out) {
  let batch = "";
  await eachCanonicalRow(source, async (_index, row) => {
    batch += `${csvSafeRow(row.toString("utf8"))}
`;
    if (batch.length < 65536) return;
    const more = out.write(batch);
    batch = "";
    if (!more) await once(out, "drain");
  });
  if (batch) out.write(batch);
}

// api/src/modules/draws/ingest-entries.ts
import crypto15 from "node:crypto";
import { isUtf8 } from "node:buffer";
import { Readable } from "node:stream";
import { pipeline as pipeline2 } from "node:stream/promises";
import { parse as parse2, CsvError } from "csv-parse";
import ExcelJS from "exceljs";
import { AppError as AppError82, EntriesCanonicaliser, EntriesError, MSG_DRAW_FILE_BINARY, MSG_DRAW_FILE_EMPTY, msgDrawBadCsv, msgDrawFileTooLarge, msgDrawTooManyEntries } from "@permitdesk/shared";

// api/src/modules/draws/row-index.ts
var ROW_INDEX_EVERY = 256;
var rowIndexKey = (entriesKey) => `${entriesKey}.rows`;
var RowIndexBuilder = class {
  chunks = [];
  current = Buffer.alloc(8 * 4096);
  used = 0;
  rows = 0;
  /** `offset`: the byte offset where the next row starts. */
  row(offset) {
    if (this.rows++ % ROW_INDEX_EVERY !== 0) return;
    if (this.used === this.current.length) {
      this.chunks.push(this.current);
      this.current = Buffer.alloc(this.current.length);
      this.used = 0;
    }
    this.current.writeDoubleLE(offset, this.used);
    this.used += 8;
  }
  bytes() {
    return Buffer.concat([...this.chunks, this.current.subarray(0, this.used)]);
  }
  async save(storage2, entriesKey) {
    await storage2.put(rowIndexKey(entriesKey), this.bytes());
  }
};
async function loadRowIndex(storage2, entriesKey) {
  const stream = await storage2.get(rowIndexKey(entriesKey));
  if (!stream) return void 0;
  const bytes = await streamToBuffer(stream);
  const offsets = new Array(Math.floor(bytes.length / 8));
  for (let i = 0; i < offsets.length; i++) offsets[i] = bytes.readDoubleLE(i * 8);
  return offsets;
}

// api/src/modules/draws/ingest-entries.ts
var MAX_DRAW_ENTRIES = 1e7;
var ROW_BLOCK = 65536;
var invalid = (message) => new AppError82("VALIDATION", message, { modelState: { file: [message] } });
async function ingestEntries(storage2, file, { limitBytes, maxEntries = MAX_DRAW_ENTRIES }) {
  const key = `draws/entries/${crypto15.randomUUID()}.csv`;
  const hash = crypto15.createHash("sha256");
  let batch = "";
  const rowOffsets = [];
  const rowIndex = new RowIndexBuilder();
  let offset = 0;
  let rows = 0;
  const canonicaliser = new EntriesCanonicaliser((row) => {
    rowIndex.row(offset);
    if (rows++ % ROW_BLOCK === 0) rowOffsets.push(offset);
    offset += Buffer.byteLength(row, "utf8");
    batch += row;
  }, maxEntries);
  let total = 0;
  const tooLarge2 = () => invalid(msgDrawFileTooLarge(Math.round(limitBytes / 1024 / 1024)));
  const iterator = file[Symbol.asyncIterator]();
  const first = await iterator.next();
  const isXlsx = !first.done && first.value.subarray(0, 4).equals(ZIP_MAGIC);
  async function* sniff() {
    if (first.done) throw invalid(MSG_DRAW_FILE_EMPTY);
    let chunk = first.value;
    let isFirst = true;
    for (; ; ) {
      total += chunk.length;
      if (total > limitBytes) throw tooLarge2();
      if (isXlsx) {
      } else if (isFirst) {
        const head = chunk.subarray(0, 65536);
        if (head.some((b) => b < 9 || b > 13 && b < 32 || b === 11)) throw invalid(MSG_DRAW_FILE_BINARY);
        if (!isUtf8(head.subarray(0, Math.max(0, head.length - 3)))) throw invalid(MSG_DRAW_FILE_BINARY);
      } else if (chunk.indexOf(0) >= 0) throw invalid(MSG_DRAW_FILE_BINARY);
      isFirst = false;
      yield chunk;
      const next = await iterator.next();
      if (next.done) return;
      chunk = next.value;
    }
  }
  async function* emit(records) {
    for await (const { fields, line } of records) {
      canonicaliser.add(fields, line);
      if (batch.length >= 65536) {
        const bytes = Buffer.from(batch, "utf8");
        batch = "";
        hash.update(bytes);
        yield bytes;
      }
    }
    canonicaliser.finish();
    if (batch) {
      const bytes = Buffer.from(batch, "utf8");
      batch = "";
      hash.update(bytes);
      yield bytes;
    }
  }
  function* flushBatch() {
    if (!batch) return;
    const bytes = Buffer.from(batch, "utf8");
    batch = "";
    hash.update(bytes);
    yield bytes;
  }
  async function* csv() {
    const source = sniff()[Symbol.asyncIterator]();
    let carry = null;
    let pending = null;
    let line = 0;
    let started = false;
    let commas = -1;
    const SPACE = 32;
    const COMMA2 = 44;
    const fastLine = (data, start, end) => {
      if (end === start) return false;
      let count7 = 0;
      let prev = COMMA2;
      for (let i = start; i < end; i++) {
        const b = data[i];
        if (b < 32 || b === 34) return false;
        if (b === COMMA2) {
          if (prev === SPACE || prev >= 128) return false;
          count7 += 1;
        } else if (prev === COMMA2 && (b === SPACE || b >= 128)) return false;
        prev = b;
      }
      if (prev === SPACE || prev >= 128 || count7 !== commas || count7 === end - start) return false;
      return true;
    };
    for (; ; ) {
      const next = pending ? { done: false, value: pending } : await source.next();
      pending = null;
      let data;
      if (next.done) {
        if (!carry || carry.length === 0) break;
        data = Buffer.concat([carry, NEWLINE]);
      } else if (carry && carry.length > 0) {
        const nl = next.value.indexOf(10);
        if (nl < 0 || nl === next.value.length - 1) data = Buffer.concat([carry, next.value]);
        else {
          data = Buffer.concat([carry, next.value.subarray(0, nl + 1)]);
          pending = next.value.subarray(nl + 1);
        }
      } else data = next.value;
      carry = null;
      if (!started) {
        if (data.length < 3 && !next.done) {
          carry = data;
          continue;
        }
        started = true;
        if (data[0] === 239 && data[1] === 187 && data[2] === 191) data = data.subarray(3);
      }
      const lastNl = data.lastIndexOf(10);
      if (lastNl < 0) {
        carry = data;
        if (next.done) break;
        continue;
      }
      if (!next.done) carry = data.subarray(lastNl + 1);
      let pos = 0;
      let runStart = 0;
      while (pos <= lastNl) {
        const nl = data.indexOf(10, pos);
        line += 1;
        if (commas >= 0 && fastLine(data, pos, nl)) {
          rowIndex.row(offset);
          if (rows++ % ROW_BLOCK === 0) rowOffsets.push(offset);
          offset += nl - pos + 1;
          if (++canonicaliser.count > maxEntries) throw new EntriesError(msgDrawTooManyEntries(maxEntries), line);
          pos = nl + 1;
          continue;
        }
        if (pos > runStart) {
          yield* flushBatch();
          const run = data.subarray(runStart, pos);
          hash.update(run);
          yield run;
        }
        const text32 = data.toString("utf8", pos, nl);
        if (text32.includes('"') || text32.includes("\r")) {
          const rest = data.subarray(pos);
          const lineOffset = line - 1;
          const parser = parse2({ relax_column_count: true, info: true, skip_empty_lines: false, record_delimiter: ["\r\n", "\n", "\r"] });
          const after = pending;
          pending = null;
          async function* restBytes() {
            yield rest;
            if (after) yield after;
            if (next.done) return;
            for (; ; ) {
              const more = await source.next();
              if (more.done) return;
              yield more.value;
            }
          }
          const parsing = pipeline2(Readable.from(restBytes()), parser);
          parsing.catch(() => {
          });
          try {
            for await (const { fields, line: at } of csvRecords(parser)) {
              canonicaliser.add(fields, at + lineOffset);
              if (batch.length >= 65536) yield* flushBatch();
            }
            await parsing;
          } catch (error) {
            if (error instanceof CsvError) throw new EntriesError(msgDrawBadCsv(Number(error.lines ?? 0) + lineOffset));
            throw error;
          }
          canonicaliser.finish();
          yield* flushBatch();
          return;
        }
        canonicaliser.add(text32.split(","), line);
        if (commas < 0 && canonicaliser.headerFields) commas = canonicaliser.headerFields.length - 1;
        if (batch.length >= 65536) yield* flushBatch();
        pos = nl + 1;
        runStart = pos;
      }
      if (lastNl + 1 > runStart) {
        yield* flushBatch();
        const run = data.subarray(runStart, lastNl + 1);
        hash.update(run);
        yield run;
      }
      if (next.done) break;
    }
    canonicaliser.finish();
    yield* flushBatch();
  }
  const stream = isXlsx ? Readable.from(emit(xlsxRecords(Readable.from(sniff())))) : Readable.from(csv());
  try {
    const bytes = await putStream(storage2, key, stream);
    await rowIndex.save(storage2, key);
    return { key, entryCount: canonicaliser.count, entriesHash: hash.digest("hex"), bytes, header: canonicaliser.headerFields ?? [], rowOffsets, rowIndexEvery: ROW_INDEX_EVERY };
  } catch (error) {
    file.resume();
    await storage2.delete(key).catch(() => {
    });
    await storage2.delete(rowIndexKey(key)).catch(() => {
    });
    if (error instanceof AppError82) throw error;
    if (error instanceof EntriesError) throw invalid(error.message);
    if (error instanceof CsvError) throw invalid(msgDrawBadCsv(Number(error.lines ?? 0)));
    if (isXlsx) throw invalid(MSG_DRAW_FILE_BINARY);
    const cause = error.cause;
    if (cause instanceof AppError82) throw cause;
    throw error;
  }
}
var ZIP_MAGIC = Buffer.from([80, 75, 3, 4]);
var NEWLINE = Buffer.from("\n");
async function* csvRecords(parser) {
  for await (const { record, info } of parser) yield { fields: record, line: info.lines };
}
function cellText(value) {
  if (value === null || value === void 0) return "";
  if (value instanceof Date) return value.toISOString().replace(/T00:00:00\.000Z$/, "");
  if (typeof value === "object") {
    const v = value;
    if (v.richText) return v.richText.map((r) => r.text).join("");
    if (v.text !== void 0) return cellText(v.text);
    if (v.result !== void 0) return cellText(v.result);
    if (v.error) return v.error;
    return "";
  }
  return String(value);
}
async function* xlsxRecords(input) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, { worksheets: "emit", sharedStrings: "cache", styles: "ignore", hyperlinks: "ignore", entries: "ignore" });
  let width = 0;
  for await (const worksheet of reader) {
    for await (const row of worksheet) {
      const cells = Array.from({ length: Math.max(0, row.values.length - 1) }, (_, i) => cellText(row.values[i + 1]));
      if (width === 0) width = cells.length;
      while (cells.length < width) cells.push("");
      yield { fields: cells, line: row.number };
    }
    break;
  }
  for await (const _ of input) {
  }
}

// api/src/modules/draws/draws.repository.ts
import crypto16 from "node:crypto";
import { and as and18, asc as asc8, eq as eq20, isNotNull as isNotNull4, isNull as isNull10, lte, or as or4, sql as sql23 } from "drizzle-orm";
async function insertDraw(db, values) {
  const [row] = await db.insert(draws).values(values).returning();
  return row;
}
async function findDrawFor(db, owner, id) {
  const where2 = owner.isStaff ? eq20(draws.id, id) : and18(eq20(draws.id, id), eq20(draws.userId, owner.userId));
  const [row] = await db.select().from(draws).where(where2);
  return row;
}
async function findDrawByPublicId(db, publicId) {
  const [row] = await db.select().from(draws).where(eq20(draws.publicId, publicId));
  return row;
}
async function findDraw(db, id) {
  const [row] = await db.select().from(draws).where(eq20(draws.id, id));
  return row;
}
async function replaceEntries(db, id, values) {
  const [row] = await db.update(draws).set(values).where(and18(eq20(draws.id, id), isNull10(draws.committedAt))).returning();
  return row;
}
async function commitDraw(db, id, values, entriesKey) {
  const [row] = await db.update(draws).set({ ...values, committedAt: sql23`now()` }).where(and18(eq20(draws.id, id), isNull10(draws.committedAt), isNull10(draws.cancelledAt), eq20(draws.entriesKey, entriesKey), isNotNull4(draws.entriesHash))).returning();
  return row;
}
async function findResult(db, drawId) {
  const [row] = await db.select().from(drawResults).where(eq20(drawResults.drawId, drawId));
  return row;
}
async function recordResult(db, values) {
  return db.transaction(async (tx) => {
    const [draw] = await tx.select({ cancelledAt: draws.cancelledAt }).from(draws).where(eq20(draws.id, values.drawId)).for("update");
    if (draw?.cancelledAt) return "cancelled";
    const inserted = await tx.insert(drawResults).values(values).onConflictDoNothing({ target: drawResults.drawId }).returning();
    const [result] = await tx.select().from(drawResults).where(eq20(drawResults.drawId, values.drawId));
    return { result, recorded: inserted.length === 1 };
  });
}
async function findChain(db, rootId) {
  const rows = await db.select().from(draws).leftJoin(drawResults, eq20(drawResults.drawId, draws.id)).where(or4(eq20(draws.id, rootId), eq20(draws.rootId, rootId))).orderBy(asc8(draws.id));
  return rows.map((r) => ({ draw: r.draws, result: r.draw_results }));
}
async function findPromotionDrawsWithResults(db, promotionId) {
  const rows = await db.select().from(draws).leftJoin(drawResults, eq20(drawResults.drawId, draws.id)).where(eq20(draws.promotionId, promotionId)).orderBy(asc8(draws.id));
  return rows.map((r) => ({ draw: r.draws, result: r.draw_results }));
}
async function cancelDraw(db, id, reason) {
  return db.transaction(async (tx) => {
    const [draw] = await tx.select().from(draws).where(eq20(draws.id, id)).for("update");
    if (!draw || draw.cancelledAt) return void 0;
    const [result] = await tx.select({ drawId: drawResults.drawId }).from(drawResults).where(eq20(drawResults.drawId, id));
    if (result) return void 0;
    const [row] = await tx.update(draws).set({ cancelledAt: sql23`now()`, cancelReason: reason }).where(eq20(draws.id, id)).returning();
    return row;
  });
}
async function entriesBytesOf(db, userId) {
  const { rows } = await db.execute(sql23`select coalesce(sum(entries_bytes), 0)::text as n from app.draws where user_id = ${userId}`);
  return Number(rows[0]?.n ?? 0);
}
async function findDrawsOfPromotion(db, promotionId) {
  return db.select().from(draws).where(eq20(draws.promotionId, promotionId)).orderBy(asc8(draws.id));
}
async function getSeedKey(db) {
  const fresh = crypto16.randomBytes(32).toString("base64url");
  await db.insert(instanceSettings).values({ key: "draw_seed_key", value: fresh }).onConflictDoNothing({ target: instanceSettings.key });
  const [row] = await db.select().from(instanceSettings).where(eq20(instanceSettings.key, "draw_seed_key"));
  return Buffer.from(row.value, "base64url");
}
async function accountNameOf(db, userId) {
  const { rows } = await db.execute(sql23`select account_name from app.users where id = ${userId}`);
  return rows[0]?.account_name ?? "";
}
async function emailOf(db, userId) {
  const { rows } = await db.execute(sql23`select email from app.users where id = ${userId}`);
  return rows[0]?.email;
}
async function findPromotionRow(db, id) {
  const [row] = await db.select().from(promotions).where(eq20(promotions.id, id));
  return row;
}
async function setWinnerPublications(db, id, publications) {
  await db.update(draws).set({ winnerPublications: publications }).where(eq20(draws.id, id));
}
async function publishDueWinners(db, now) {
  const { rows } = await db.execute(sql23`
    update app.draws set winner_publications = (
      select jsonb_agg(case when p->>'publishedAt' is null and (p->>'publishAt')::timestamptz <= ${now.toISOString()}::timestamptz
        then jsonb_set(p, '{publishedAt}', to_jsonb(${now.toISOString()}::text)) else p end)
      from jsonb_array_elements(winner_publications) p)
    where exists (select 1 from jsonb_array_elements(winner_publications) p
      where p->>'publishedAt' is null and (p->>'publishAt')::timestamptz <= ${now.toISOString()}::timestamptz)
    returning id`);
  return rows.length;
}
async function setPromotionAttachments(db, promotionId, entries, change3) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(promotions).where(eq20(promotions.id, promotionId)).for("update");
    if (!row) return;
    const attachments = [...row.attachments ?? []];
    for (const entry of entries) {
      const at = attachments.findIndex((a) => a.attachmentType?.code === entry.attachmentType.code);
      if (at >= 0) attachments[at] = entry;
      else attachments.push(entry);
    }
    await tx.update(promotions).set({ attachments, version: sql23`${promotions.version} + 1`, updatedAt: sql23`now()` }).where(eq20(promotions.id, row.id));
    await insertChange(tx, {
      promotionId: row.id,
      userId: change3.userId,
      entity: "promotion",
      entityId: row.id,
      action: "attachDrawDocuments",
      changes: { attachments: { from: null, to: change3.summary } }
    });
  });
}

// api/src/modules/draws/seed-crypto.ts
import crypto17 from "node:crypto";
function encryptSeed(key, seed, drawId) {
  const iv = crypto17.randomBytes(12);
  const cipher = crypto17.createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`draw:${drawId}`));
  const ciphertext = Buffer.concat([cipher.update(seed), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString("base64url");
}
function decryptSeed(key, sealed, drawId) {
  const bytes = Buffer.from(sealed, "base64url");
  const decipher = crypto17.createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
  decipher.setAAD(Buffer.from(`draw:${drawId}`));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
}

// api/src/modules/draws/draw-view.ts
import { DRAW_ALGORITHM, maskEntry, parseCanonicalRow, toDollars as toDollars6 } from "@permitdesk/shared";
function statusOf2(draw, result) {
  if (result) return "run";
  if (draw.cancelledAt) return "cancelled";
  if (draw.committedAt) return "committed";
  if (draw.entriesHash) return "uploaded";
  return "created";
}
function selections(result, mask) {
  const all = result?.selections ?? [];
  const view = (s) => ({ position: s.position, entryIndex: s.entryIndex, rootIndex: s.rootIndex, entry: mask(s.entry) });
  return { winners: all.filter((s) => !s.reserve).map(view), reserves: all.filter((s) => s.reserve).map(view) };
}
function chainView(chain) {
  return chain.map(({ draw, result }) => ({
    publicId: draw.publicId,
    title: draw.title,
    parentPublicId: chain.find((c) => c.draw.id === draw.parentId)?.draw.publicId ?? null,
    status: statusOf2(draw, result),
    ranAt: result?.ranAt.toISOString() ?? null
  }));
}
function promotionDrawsView(all) {
  return all.map(({ draw, result }) => ({
    publicId: draw.publicId,
    title: draw.title,
    status: statusOf2(draw, result),
    parentPublicId: all.find((c) => c.draw.id === draw.parentId)?.draw.publicId ?? null,
    scheduledAt: draw.runAt?.toISOString() ?? null,
    committedAt: draw.committedAt?.toISOString() ?? null,
    ranAt: result?.ranAt.toISOString() ?? null,
    cancelledAt: draw.cancelledAt?.toISOString() ?? null,
    cancelReason: draw.cancelReason,
    url: `/draws/${draw.publicId}/`
  }));
}
function toPublicDraw(draw, result, chain, promotionDraws = chain) {
  const rule = draw.maskRule;
  return {
    publicId: draw.publicId,
    title: draw.title,
    promotionName: draw.promotionName,
    promoterName: draw.promoterName,
    algorithm: DRAW_ALGORITHM,
    status: statusOf2(draw, result),
    winnersCount: draw.winners,
    reservesCount: draw.reserves,
    drawDate: draw.drawDate,
    drawTime: draw.drawTime,
    drawLocation: draw.drawLocation,
    scrutineerName: result?.scrutineerName ?? null,
    maskRule: rule,
    entryCount: draw.committedAt ? draw.entryCount : null,
    entriesHash: draw.committedAt ? draw.entriesHash : null,
    seedHash: draw.seedHash,
    /** Merkle root over the canonical rows (DESIGN.md §5a), published with the commit. */
    entriesRoot: draw.committedAt ? draw.entriesRoot : null,
    scheduledAt: draw.runAt?.toISOString() ?? null,
    cancelledAt: draw.cancelledAt?.toISOString() ?? null,
    cancelReason: draw.cancelReason,
    earlyRunReason: result?.earlyRunReason ?? null,
    committedAt: draw.committedAt?.toISOString() ?? null,
    seed: result?.seedHex ?? null,
    ranAt: result?.ranAt.toISOString() ?? null,
    ...selections(result, (entry) => maskEntry(parseCanonicalRow(entry), rule)),
    parentPublicId: chain.find((c) => c.draw.id === draw.parentId)?.draw.publicId ?? null,
    /** For a redraw: the original indexes of the earlier winners its entries leave out. */
    excludedRootIndexes: draw.excludedRootIndexes,
    chain: chainView(chain),
    promotionDraws: promotionDrawsView(promotionDraws)
  };
}
function toOwnerDraw(draw, result, chain, promotionDraws = chain) {
  return {
    ...toPublicDraw(draw, result, chain, promotionDraws),
    id: draw.id,
    promotionId: draw.promotionId,
    parentId: draw.parentId,
    entryCount: draw.entryCount,
    entriesHash: draw.entriesHash,
    entriesBytes: draw.entriesBytes,
    header: draw.header,
    sourceFileName: draw.sourceFileName,
    scrutineerRequired: draw.scrutineerRequired,
    /** Dollars per winner position (null: not given). */
    prizeValues: draw.prizeValues.map((cents2) => cents2 === null ? null : toDollars6(cents2)),
    scrutineerName: result?.scrutineerName ?? draw.scrutineerName,
    entriesUrl: draw.entriesKey ? `/download/draw/${draw.id}/entries.csv` : null,
    publicUrl: `/draws/${draw.publicId}/`,
    certificateUrl: `/draws/${draw.publicId}/certificate.pdf`,
    ...selections(result, (entry) => entry)
  };
}

// api/src/modules/draws/attach-draw-documents.ts
import crypto18 from "node:crypto";
import { PassThrough as PassThrough4 } from "node:stream";
import { csvSafeCell, csvSafeRow as csvSafeRow2, getAttachmentType as getAttachmentType5 } from "@permitdesk/shared";
var csvField = (value) => /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
async function storeUpload2(deps, draw, userFileName, write) {
  const serverFileName = `${crypto18.randomUUID()}.csv`;
  const out = new PassThrough4();
  const storing = putStream(deps.storage, `uploads/${serverFileName}`, out);
  await write(out);
  out.end();
  const size = await storing;
  await insertUpload(deps.database.db, { userId: draw.userId, serverFileName, headerFileName: userFileName, fileExtension: "csv", mimeType: "text/csv", sizeBytes: size });
  return { serverFileName, userFileName };
}
async function attachDrawDocuments(deps, draw, result) {
  const header = draw.header ?? [];
  const winnersFile = await storeUpload2(deps, draw, `${draw.parentId ? "unclaimed-prize-winners" : "prize-winners"}-${draw.publicId}.csv`, async (out) => {
    out.write(`position,kind,entryIndex,${header.map((h) => csvField(csvSafeCell(h))).join(",")}
`);
    for (const s of result.selections) out.write(`${s.position},${s.reserve ? "reserve" : "winner"},${s.entryIndex},${csvSafeRow2(s.entry)}
`);
  });
  const files = [{ code: draw.parentId ? "W" : "V", file: winnersFile }];
  if (!draw.parentId && draw.entriesKey) {
    const entries2 = await storeUpload2(deps, draw, `entries-${draw.publicId}.csv`, async (out) => {
      out.write(`${header.map((h) => csvField(csvSafeCell(h))).join(",")}
`);
      const source = await deps.storage.get(draw.entriesKey);
      if (!source) return;
      await writeSafeRows(source, out);
    });
    files.push({ code: "X", file: entries2 });
  }
  const now = (/* @__PURE__ */ new Date()).toISOString();
  const entries = files.map(({ code, file }) => {
    const type = getAttachmentType5(code);
    return {
      attachmentType: { code: type.code, slug: type.slug, name: type.name, isAddendum: type.isAddendum },
      uploaded: true,
      isUploading: false,
      exists: true,
      reuseFromPromotion: null,
      shouldReuse: false,
      fileName: file.serverFileName,
      userFileName: file.userFileName,
      fileExtension: "csv",
      uploadDate: now
    };
  });
  await setPromotionAttachments(deps.database.db, draw.promotionId, entries, {
    userId: result.ranByUserId ?? draw.userId,
    summary: `draw ${draw.publicId}: ${files.map((f) => `${f.code} ${f.file.userFileName}`).join(", ")}`
  });
}

// api/src/modules/draws/certificate.ts
import crypto19 from "node:crypto";
import fs6 from "node:fs";
import { DEFAULT_PRODUCT_NAME as DEFAULT_PRODUCT_NAME3 } from "@permitdesk/shared/site-content";

// api/src/modules/draws/draw-page.ts
import { DRAW_ALGORITHM as DRAW_ALGORITHM2, formatCurrency as formatCurrency7, formatDateTime as formatDateTime2 } from "@permitdesk/shared";
var esc = (value) => String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
var when = (iso) => iso ? formatDateTime2(iso) : "";
var ALGORITHM_PATH = "/draws/algorithm.md";
var VERIFIER_PATH = "/draws/verify-draw.mjs";
var STYLE = `
body{font:16px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.6rem;margin-bottom:.2rem} dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem}
dt{font-weight:600} dd{margin:0;overflow-wrap:anywhere} code{font-size:.9em;overflow-wrap:anywhere}
table{border-collapse:collapse;margin:.5rem 0 1rem} th,td{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}
.ok{color:#0a6b2d}.bad{color:#b00020} section{margin-top:1.5rem}
.table-scroll{overflow-x:auto;max-width:100%} main{min-width:0} li,p{overflow-wrap:anywhere}
@media (max-width:40rem){dl{grid-template-columns:minmax(0,1fr)} dd{margin-bottom:.4rem}}`;
function selectionTable(caption, rows, kind) {
  if (rows.length === 0) return "";
  return `<div class="table-scroll" tabindex="0" role="region" aria-label="${esc(caption)}"><table id="${kind}"><caption>${esc(caption)}</caption><thead><tr><th>Position</th><th>Entry index</th><th>Entry</th></tr></thead><tbody>${rows.map((r) => `<tr><td>${r.position}</td><td>${r.entryIndex}</td><td>${esc(r.entry) || "<em>hidden</em>"}</td></tr>`).join("")}</tbody></table></div>`;
}
function facts(d) {
  const row = (label, value) => `<dt>${esc(label)}</dt><dd>${value}</dd>`;
  return `<dl>
${row("Promotion", esc(d.promotionName))}
${row("Promoter", esc(d.promoterName))}
${row("Algorithm", `<code>${DRAW_ALGORITHM2}</code>`)}
${row("Scheduled", esc(`${when(d.scheduledAt) || "not set"}${d.drawLocation ? `, ${d.drawLocation}` : ""}`))}
${row("Winners, reserves", `${d.winnersCount}, ${d.reservesCount}`)}
${row("Entries", d.entryCount === null ? "not committed yet" : esc(d.entryCount.toLocaleString("en-AU")))}
${row("Entries hash (SHA-256)", `<code id="entries-hash">${esc(d.entriesHash ?? "")}</code>`)}
${row("Entries root (Merkle)", `<code id="entries-root">${esc(d.entriesRoot ?? "")}</code>`)}
${row("Seed hash (SHA-256)", `<code id="seed-hash">${esc(d.seedHash ?? "")}</code>`)}
${row("Committed", esc(when(d.committedAt)))}
${row("Seed", d.seed ? `<code id="seed">${esc(d.seed)}</code>` : "revealed when the draw runs")}
${row("Run", esc(when(d.ranAt)) || "not yet")}
${d.earlyRunReason ? row("Run before its scheduled time because", `<span id="early-run-reason">${esc(d.earlyRunReason)}</span>`) : ""}
${d.cancelledAt ? row("Cancelled", `<span id="cancelled">${esc(when(d.cancelledAt))}: ${esc(d.cancelReason ?? "")}</span>`) : ""}
${d.scrutineerName ? row("Scrutineer", esc(d.scrutineerName)) : ""}
${d.excludedRootIndexes.length ? row("Excluded (earlier winners, original indexes)", esc(d.excludedRootIndexes.join(", "))) : ""}
</dl>`;
}
function promotionDrawsTable(d, base = "") {
  const cell = (iso) => `<td>${esc(when(iso)) || "\u2014"}</td>`;
  return `<section aria-labelledby="all-draws"><h2 id="all-draws">Every draw of this promotion</h2>
<div class="table-scroll" tabindex="0" role="region" aria-label="Every draw of this promotion"><table id="promotion-draws"><thead><tr><th>Draw</th><th>State</th><th>Scheduled</th><th>Committed</th><th>Run</th><th>Cancelled</th></tr></thead><tbody>${d.promotionDraws.map(
    (p) => `<tr><td>${p.publicId === d.publicId ? `<strong>${esc(p.title)}</strong> (this draw)` : `<a href="${esc(base + p.url)}">${esc(p.title)}</a>`}${p.parentPublicId ? " (redraw)" : ""}</td><td>${esc(p.status)}</td>${cell(p.scheduledAt)}${cell(p.committedAt)}${cell(p.ranAt)}<td>${p.cancelledAt ? `${esc(when(p.cancelledAt))}: ${esc(p.cancelReason ?? "")}` : "\u2014"}</td></tr>`
  ).join("")}</tbody></table></div></section>`;
}
function chainList(d) {
  if (d.chain.length < 2) return "";
  return `<section><h2>Draw and redraws</h2><ol>${d.chain.map((c) => `<li>${c.publicId === d.publicId ? `<strong>${esc(c.title)}</strong>` : `<a href="/draws/${esc(c.publicId)}/">${esc(c.title)}</a>`} (${esc(c.status)}${c.ranAt ? `, ${esc(when(c.ranAt))}` : ""})</li>`).join("")}</ol></section>`;
}
var METHOD = `The entries were fixed before the draw: their SHA-256 hash and the hash of a secret 32-byte
random seed were published at the commit. The draw then took the seed, derived a random stream
with HMAC-SHA256 from the seed and the entries hash, picked each winner with unbiased rejection
sampling and a partial Fisher\u2013Yates shuffle, and revealed the seed. Anyone with the entries file can
recompute every step.`;
function renderDrawPage(d) {
  const json = JSON.stringify(d).replace(/</g, "\\u003c");
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>${esc(d.title)}: draw record</title><style>${STYLE}</style></head><body><main>
<h1>${esc(d.title)}</h1><p>Public record of an electronic draw. <a href="/draws/${esc(d.publicId)}/certificate.pdf">Draw certificate (PDF)</a>${d.status === "cancelled" ? "" : ` \xB7 <a href="/winners/${esc(d.publicId)}/">Winners page</a>`}</p>
${facts(d)}
${selectionTable("Winners", d.winners, "winners")}${selectionTable("Reserves", d.reserves, "reserves")}
${chainList(d)}
${promotionDrawsTable(d)}
<section><h2>How this draw can be checked</h2><p>${METHOD}</p>
<p>Read <a href="${ALGORITHM_PATH}">the published algorithm</a>, or check the draw from a command line with <a href="${VERIFIER_PATH}">the verifier</a> (Node.js):
<code>node verify-draw.mjs entries.csv ${esc(d.seed ?? "&lt;seed&gt;")} ${d.winnersCount} ${d.reservesCount}${d.excludedRootIndexes.length ? ` --exclude ${esc(d.excludedRootIndexes.join(","))}` : ""}</code></p></section>
<section aria-labelledby="verify-title"><h2 id="verify-title">Verify this draw</h2>
<p>Choose the entries file: it is checked here, in your browser, and never uploaded.</p>
<label>Entries file (CSV) <input type="file" id="verify-file" accept=".csv,text/csv"></label>
<p id="verify-result" role="status"></p><ul id="verify-steps"></ul></section>
<section><h2>Did I enter?</h2><form id="lookup-form"><label>Your entry, exactly as entered (for example your e-mail address) <input name="value" required maxlength="500"></label> <button>Check</button></form><p id="lookup-result" role="status"></p></section>
</main><script type="application/json" id="draw-data">${json}</script><script type="module" src="/draws/verify.js"></script></body></html>`;
}
function recordTime(d) {
  return [d.ranAt, d.cancelledAt, d.committedAt].filter((t) => Boolean(t)).sort().at(-1) ?? null;
}
function renderCertificate(d, { letterhead, publicUrl }) {
  const recordUrl = `${publicUrl}/draws/${d.publicId}/`;
  const dated = recordTime(d);
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><title>Draw certificate</title><style>${STYLE} body{margin:0 auto} .letterhead{border-bottom:2px solid #1a1a1a;padding-bottom:.4rem;margin-bottom:1rem}</style></head><body>
<header class="letterhead"><strong>${esc(letterhead.name)}</strong>${letterhead.abn ? ` \xB7 ABN ${esc(letterhead.abn)}` : ""}</header>
<h1>Certificate of electronic draw</h1><p>${esc(d.title)}${dated ? `: the record as at ${esc(when(dated))}` : ""}.</p>
${facts(d)}
${d.status === "cancelled" ? `<p class="bad">This draw was cancelled ${esc(when(d.cancelledAt))}: ${esc(d.cancelReason ?? "")}</p>` : d.seed ? "" : '<p class="bad">This draw has not run yet: this certificate records its commit only.</p>'}
${selectionTable("Winners", d.winners, "winners")}${selectionTable("Reserves", d.reserves, "reserves")}
${chainList(d)}
${promotionDrawsTable(d, publicUrl)}
<section><h2>Method</h2><p>${METHOD}</p><p>Public record, with the verifier: <a href="${esc(recordUrl)}">${esc(recordUrl)}</a></p>
<p>Algorithm: <a href="${esc(publicUrl + ALGORITHM_PATH)}">${esc(publicUrl + ALGORITHM_PATH)}</a></p></section>
${d.scrutineerName ? `<section><p>Scrutineer: ${esc(d.scrutineerName)}</p><p>Signature: ______________________________</p></section>` : ""}
</body></html>`;
}
var PUBLICATION_RULE = {
  ACT: "winners of prizes of $1,000 or more",
  SA: "winners\u2019 initials and postcode"
};
function renderWinnersPending(w) {
  const whenText = w.publishAt ? `The winners will be published here on ${esc(when(w.publishAt))}.` : `The winners will be published here after the draw${w.drawAt ? `, which is scheduled for ${esc(when(w.drawAt))}` : ""}.`;
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>Winners: ${esc(w.promotionName)}</title><style>${STYLE}</style></head><body><main>
<h1>Winners: ${esc(w.promotionName)}</h1>
<p id="winners-pending">${whenText}</p>
<p>${esc(w.title)}: the draw's public record, with everything needed to check it: <a href="/draws/${esc(w.publicId)}/">/draws/${esc(w.publicId)}/</a></p>
</main></body></html>`;
}
function renderWinnersNotFound() {
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>Winners page not found</title><style>${STYLE}</style></head><body><main>
<h1>Winners page not found</h1><p>There is no winners page at this address. Please check the link you were given.</p>
</main></body></html>`;
}
function renderWinnersPage(w) {
  const list = (p) => `<section aria-labelledby="winners-${esc(p.state)}">
<h2 id="winners-${esc(p.state)}">Published for ${esc(p.state)}: ${esc(PUBLICATION_RULE[p.state] ?? "winners")}</h2>
<table id="winners-${esc(p.state).toLowerCase()}" class="winners"><thead><tr><th>Prize</th><th>Prize value</th><th>Winner</th></tr></thead><tbody>${p.winners.map((r) => `<tr><td>${r.position}</td><td>${r.prizeValue === null ? "" : esc(formatCurrency7(r.prizeValue))}</td><td>${esc(r.entry)}</td></tr>`).join("")}</tbody></table></section>`;
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">
<title>Winners: ${esc(w.promotionName)}</title><style>${STYLE}</style></head><body><main>
<h1>Winners: ${esc(w.promotionName)}</h1>
<p>${esc(w.title)}, drawn ${esc(when(w.ranAt))} by ${esc(w.promoterName)}.</p>
${w.publications.map(list).join("\n")}
<p>The draw's public record, with everything needed to check it: <a href="/draws/${esc(w.publicId)}/">/draws/${esc(w.publicId)}/</a></p>
</main></body></html>`;
}

// api/src/modules/draws/certificate.ts
var CERTIFICATE_LAYOUT = 2;
function letterheadOf(dataDir) {
  try {
    const { settings } = JSON.parse(fs6.readFileSync(contentFileFor(dataDir), "utf8"));
    return { name: settings.legalName || settings.productName || DEFAULT_PRODUCT_NAME3, abn: settings.abn ?? null };
  } catch {
    return { name: DEFAULT_PRODUCT_NAME3, abn: null };
  }
}
function certificateFingerprint(view, letterhead, publicUrl) {
  return crypto19.createHash("sha256").update(JSON.stringify([CERTIFICATE_LAYOUT, view, letterhead, publicUrl])).digest("hex").slice(0, 32);
}
var certificateKey = (publicId, fingerprint2) => `draws/certificates/${publicId}/${fingerprint2}.pdf`;
var printing = /* @__PURE__ */ new Map();
async function ensureCertificate(deps, view, priority) {
  const letterhead = letterheadOf(deps.config.DATA_DIR);
  const fingerprint2 = certificateFingerprint(view, letterhead, deps.config.PUBLIC_URL);
  const key = certificateKey(view.publicId, fingerprint2);
  const etag = `"${fingerprint2}"`;
  if (await deps.storage.exists(key)) return { key, etag };
  let job = printing.get(key);
  if (!job) {
    job = (async () => {
      const pdf = await deps.pdf().render(renderCertificate(view, { letterhead, publicUrl: deps.config.PUBLIC_URL }), { priority });
      await deps.storage.put(key, pdf);
    })().finally(() => printing.delete(key));
    printing.set(key, job);
  }
  await job;
  return { key, etag };
}

// api/src/modules/draws/proof-index.ts
import crypto20 from "node:crypto";
import fs7 from "node:fs";
import os from "node:os";
import path6 from "node:path";
import { Readable as Readable2 } from "node:stream";
import { MerkleBuilder, merkleLeaf, merkleProofOf, merkleRootOf, parseCanonicalRow as parseCanonicalRow2, toHex } from "@permitdesk/shared";
var PROOF_BLOCK = ROW_INDEX_EVERY;
var merkleKey = (entriesKey) => `${entriesKey}.merkle`;
var valueIndexKey = (entriesKey) => `${entriesKey}.values`;
var BUCKETS = 256;
var HEADER_BYTES = (BUCKETS + 1) * 8;
var RECORD = 12;
var sha256 = (data) => crypto20.hash("sha256", data, "buffer");
function valueKey(value) {
  const bytes = Buffer.from(value, "utf8");
  let a = 2166136261;
  let b = 84696351;
  for (const byte of bytes) {
    a = Math.imul(a ^ byte, 16777619);
    b = Math.imul(b ^ byte, 16777619);
  }
  return [a >>> 0, b >>> 0];
}
var BUCKET_BUFFER = 16380;
var COMMA = 44;
var QUOTE2 = 34;
function eachValueKey(row, onKey) {
  if (row.indexOf(QUOTE2) >= 0) {
    for (const field of new Set(parseCanonicalRow2(row.toString("utf8")))) if (field !== "") onKey(...valueKey(field));
    return;
  }
  let a = 2166136261;
  let b = 84696351;
  let empty = true;
  for (let i = 0; i <= row.length; i++) {
    const byte = i < row.length ? row[i] : COMMA;
    if (byte === COMMA) {
      if (!empty) onKey(a >>> 0, b >>> 0);
      a = 2166136261;
      b = 84696351;
      empty = true;
      continue;
    }
    a = Math.imul(a ^ byte, 16777619);
    b = Math.imul(b ^ byte, 16777619);
    empty = false;
  }
}
async function buildProofIndex(storage2, entriesKey) {
  const source = await storage2.get(entriesKey);
  if (!source) throw new Error(`draw entries missing: ${entriesKey}`);
  const dir = await fs7.promises.mkdtemp(path6.join(os.tmpdir(), "draw-values-"));
  try {
    let block = new MerkleBuilder(sha256);
    const blockRoots = [];
    const pending = Array.from({ length: BUCKETS }, () => ({ buffer: Buffer.allocUnsafe(BUCKET_BUFFER), bytes: 0 }));
    const sizes = new Array(BUCKETS).fill(0);
    const flush = async (bucket) => {
      const p = pending[bucket];
      if (p.bytes === 0) return;
      await fs7.promises.appendFile(path6.join(dir, String(bucket)), p.buffer.subarray(0, p.bytes));
      sizes[bucket] += p.bytes;
      p.bytes = 0;
    };
    await eachCanonicalRow(source, async (index16, row) => {
      block.addLeaf(merkleLeaf(row, sha256));
      if (block.count === PROOF_BLOCK) {
        blockRoots.push(Buffer.from(block.root()));
        block = new MerkleBuilder(sha256);
      }
      eachValueKey(row, (a, b) => {
        const bucket = a >>> 24;
        const p = pending[bucket];
        p.buffer.writeUInt32BE(a, p.bytes);
        p.buffer.writeUInt32BE(b, p.bytes + 4);
        p.buffer.writeUInt32BE(index16, p.bytes + 8);
        p.bytes += RECORD;
        if (p.bytes + RECORD > BUCKET_BUFFER) {
          fs7.appendFileSync(path6.join(dir, String(bucket)), p.buffer.subarray(0, p.bytes));
          sizes[bucket] += p.bytes;
          p.bytes = 0;
        }
      });
    });
    if (block.count > 0) blockRoots.push(Buffer.from(block.root()));
    for (let bucket = 0; bucket < BUCKETS; bucket++) await flush(bucket);
    await storage2.put(merkleKey(entriesKey), Buffer.concat(blockRoots));
    const header = Buffer.alloc(HEADER_BYTES);
    let offset = HEADER_BYTES;
    for (let bucket = 0; bucket <= BUCKETS; bucket++) {
      header.writeDoubleLE(offset, bucket * 8);
      offset += sizes[bucket] ?? 0;
    }
    async function* table() {
      yield header;
      for (let bucket = 0; bucket < BUCKETS; bucket++) if (sizes[bucket]) yield* fs7.createReadStream(path6.join(dir, String(bucket)));
    }
    await putStream(storage2, valueIndexKey(entriesKey), Readable2.from(table()));
    return { entriesRoot: toHex(merkleRootOf(blockRoots, sha256)) };
  } finally {
    await fs7.promises.rm(dir, { recursive: true, force: true });
  }
}
async function readRange(storage2, key, start, end) {
  if (end < start) return Buffer.alloc(0);
  const stream = storage2.getFrom ? await storage2.getFrom(key, start, end) : await storage2.get(key);
  if (!stream) return void 0;
  const bytes = await streamToBuffer(stream);
  return storage2.getFrom ? bytes : bytes.subarray(start, end + 1);
}
async function candidateRows(storage2, entriesKey, value) {
  const [a, b] = valueKey(value);
  const bucketAt = (a >>> 24) * 8;
  const header = await readRange(storage2, valueIndexKey(entriesKey), bucketAt, bucketAt + 15);
  if (!header || header.length < 16) return void 0;
  const start = header.readDoubleLE(0);
  const end = header.readDoubleLE(8);
  const bucket = await readRange(storage2, valueIndexKey(entriesKey), start, end - 1);
  if (!bucket) return void 0;
  const out = [];
  for (let at = 0; at + RECORD <= bucket.length; at += RECORD) {
    if (bucket.readUInt32BE(at) === a && bucket.readUInt32BE(at + 4) === b) out.push(bucket.readUInt32BE(at + 8));
  }
  return out;
}
async function loadBlockRoots(storage2, entriesKey) {
  const stream = await storage2.get(merkleKey(entriesKey));
  if (!stream) return void 0;
  const roots = await streamToBuffer(stream);
  return Array.from({ length: roots.length / 32 }, (_, i) => roots.subarray(i * 32, i * 32 + 32));
}
async function blockRowsOf(storage2, entriesKey, block) {
  const offsets = await readRange(storage2, rowIndexKey(entriesKey), block * 8, block * 8 + 15);
  if (!offsets || offsets.length < 8) return void 0;
  const start = offsets.readDoubleLE(0);
  const end = offsets.length >= 16 ? offsets.readDoubleLE(8) - 1 : void 0;
  const stream = storage2.getFrom ? await storage2.getFrom(entriesKey, start, end) : void 0;
  if (!stream) return void 0;
  const rows = [];
  await eachCanonicalRow(stream, (_index, row) => {
    rows.push(Buffer.from(row));
    if (rows.length === PROOF_BLOCK) return false;
  });
  stream.destroy();
  return rows;
}
function proofOf(blockRoots, index16, blockRows) {
  const block = Math.floor(index16 / PROOF_BLOCK);
  const leaves = blockRows.map((row) => merkleLeaf(row, sha256));
  return [...merkleProofOf(leaves, index16 - block * PROOF_BLOCK, sha256), ...merkleProofOf(blockRoots, block, sha256)];
}

// api/src/modules/draws/draw-service.ts
function refreshCertificate(deps, publicId) {
  const pdf = deps.pdf;
  if (!pdf) return;
  void getPublicDraw(deps, publicId).then((view) => ensureCertificate({ ...deps, pdf }, view, "customer")).catch((error) => deps.logger.error("draw certificate not printed", { publicId, error: String(error) }));
}
var NEWLINE2 = Buffer.from("\n");
var nodeHmac = (key, message) => crypto21.createHmac("sha256", key).update(message).digest();
function countRange(message = MSG_DRAW_COUNT_RANGE) {
  return new AppError83("VALIDATION", message, { modelState: { winners: [message] } });
}
async function requireDraw(deps, owner, id) {
  const draw = await findDrawFor(deps.database.db, owner, id);
  if (!draw) throw new AppError83("NOT_FOUND");
  return draw;
}
function text30(value) {
  return typeof value === "string" && value.trim() ? value.trim() : null;
}
function addressText(value) {
  if (!value || typeof value !== "object") return null;
  const a = value;
  return [a.lineOne, a.lineTwo, a.suburb, a.state, a.postcode].map(text30).filter(Boolean).join(", ") || null;
}
function scheduledTime(application, input, now) {
  const fromApplication = drawInstant(text30(application.date), text30(application.time) ?? "00:00");
  if (fromApplication) return fromApplication;
  if (input.runDate) {
    const given = drawInstant(input.runDate, input.runTime ?? "00:00");
    if (!given) throw new AppError83("VALIDATION", MSG_DRAW_RUN_AT_INVALID, { modelState: { runDate: [MSG_DRAW_RUN_AT_INVALID] } });
    return given;
  }
  return now;
}
function requireNotCancelled(draw) {
  if (draw.cancelledAt) throw new AppError83("CONFLICT", MSG_DRAW_CANCELLED);
}
function checkPrizeValues(prizeValues, winners) {
  if (!prizeValues) return [];
  if (prizeValues.length > winners) throw new AppError83("VALIDATION", MSG_DRAW_PRIZE_VALUES, { modelState: { prizeValues: [MSG_DRAW_PRIZE_VALUES] } });
  return prizeValues;
}
async function createDraw(deps, owner, input) {
  const promotion = await findPromotion(deps.database.db, owner, input.promotionId);
  if (!promotion) throw new AppError83("NOT_FOUND");
  if (!promotion.randomDraw) throw new AppError83("CONFLICT", MSG_DRAW_NO_SERVICE);
  const permit = promotion.permit ?? {};
  const details = promotion.details ?? {};
  const applicant = promotion.applicant ?? permit.applicant ?? {};
  const finalDraw = permit.finalDraw ?? {};
  const fromApplication = drawInstant(text30(finalDraw.date), text30(finalDraw.time) ?? "00:00");
  if (input.schedule && !fromApplication) throw new AppError83("VALIDATION", MSG_DRAW_SCHEDULE_NEEDS_DATE, { modelState: { schedule: [MSG_DRAW_SCHEDULE_NEEDS_DATE] } });
  const runAt = scheduledTime(finalDraw, input, /* @__PURE__ */ new Date());
  const commitAt = input.schedule ? drawInstant(text30(permit.endDate), text30(permit.endTime) ?? "23:59") ?? runAt : null;
  const prizeCount = Number.isInteger(details.prizeQuantityTotal) && details.prizeQuantityTotal > 0 ? details.prizeQuantityTotal : 1;
  const prizeValues = checkPrizeValues(input.prizeValues, input.winners ?? prizeCount);
  const draw = await insertDraw(deps.database.db, {
    publicId: crypto21.randomBytes(9).toString("base64url"),
    promotionId: promotion.id,
    userId: promotion.userId,
    title: input.title?.trim() || `${promotion.name || "Untitled promotion"}: final draw`,
    promotionName: promotion.name || "Untitled promotion",
    promoterName: text30(applicant.organisation) ?? text30(applicant.tradingName) ?? await accountNameOf(deps.database.db, promotion.userId),
    winners: input.winners ?? prizeCount,
    reserves: input.reserves ?? 0,
    prizeValues,
    maskRule: input.maskRule ?? "standard",
    drawDate: text30(finalDraw.date),
    drawTime: text30(finalDraw.time),
    drawLocation: [text30(finalDraw.locationOrganisation), addressText(finalDraw.locationAddress)].filter(Boolean).join(", ") || null,
    scrutineerRequired: permit.scrutineerRequired === true,
    scrutineerName: text30(permit.scrutineerName),
    scheduled: Boolean(input.schedule),
    commitAt,
    runAt
  });
  return { id: draw.id, publicId: draw.publicId, title: draw.title, winners: draw.winners, reserves: draw.reserves, drawDate: draw.drawDate, drawTime: draw.drawTime, drawLocation: draw.drawLocation, runAt: draw.runAt?.toISOString() ?? null };
}
async function commitDraw2(deps, owner, id) {
  const draw = await requireDraw(deps, owner, id);
  requireNotCancelled(draw);
  if (draw.committedAt) throw new AppError83("CONFLICT", MSG_DRAW_ALREADY_COMMITTED);
  if (!draw.entriesHash || !draw.entryCount) throw new AppError83("VALIDATION", MSG_DRAW_NO_ENTRIES_YET, { modelState: { file: [MSG_DRAW_NO_ENTRIES_YET] } });
  if (draw.winners + draw.reserves > draw.entryCount) throw countRange();
  const { entriesRoot } = await buildProofIndex(deps.storage, draw.entriesKey);
  const seed = crypto21.randomBytes(32);
  const key = await getSeedKey(deps.database.db);
  const committed = await commitDraw(
    deps.database.db,
    draw.id,
    { seedEncrypted: encryptSeed(key, seed, draw.id), seedHash: crypto21.createHash("sha256").update(seed).digest("hex"), entriesRoot },
    draw.entriesKey
  );
  seed.fill(0);
  if (!committed) {
    const now = await findDraw(deps.database.db, draw.id);
    if (now) requireNotCancelled(now);
    throw new AppError83("CONFLICT", now?.entriesKey === draw.entriesKey ? MSG_DRAW_ALREADY_COMMITTED : MSG_DRAW_COMMITTED);
  }
  const answer = {
    entryCount: committed.entryCount,
    entriesHash: committed.entriesHash,
    entriesRoot: committed.entriesRoot,
    seedHash: committed.seedHash,
    committedAt: committed.committedAt.toISOString()
  };
  refreshCertificate(deps, committed.publicId);
  await mailCommit(deps, committed, answer).catch((error) => deps.logger.error("draw commit mail failed", { drawId: draw.id, error: String(error) }));
  return answer;
}
async function mailCommit(deps, draw, commit) {
  const to = await emailOf(deps.database.db, draw.userId);
  if (!to) return;
  const url = `${deps.config.PUBLIC_URL}/draws/${draw.publicId}/`;
  const lines = [
    `The entries of "${draw.title}" (${draw.promotionName}) are committed. Nothing about them can change before the draw.`,
    "",
    `Algorithm: ${DRAW_ALGORITHM3}`,
    `Entries: ${commit.entryCount}`,
    `Entries hash (SHA-256): ${commit.entriesHash}`,
    `Entries root (Merkle): ${commit.entriesRoot}`,
    `Seed hash (SHA-256): ${commit.seedHash}`,
    `Committed: ${formatDateTime3(commit.committedAt)}`,
    "",
    `Keep this e-mail: it proves what was fixed before the draw. The public record: ${url}`
  ];
  const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  await deps.mailer.send({
    to,
    subject: `Draw committed: ${draw.title}`,
    text: lines.join("\n"),
    html: `<p>${lines.map(escape).join("<br>")}</p>`
  });
}
async function rowsAt(deps, draw, indexes) {
  const key = draw.entriesKey;
  const wanted = new Map(indexes.map((i) => [i, ""]));
  let every = 0;
  let offsets = [];
  if (deps.storage.getFrom) {
    const fine = draw.rowIndexEvery ? await loadRowIndex(deps.storage, key) : void 0;
    if (fine && draw.rowIndexEvery) [every, offsets] = [draw.rowIndexEvery, fine];
    else if (draw.rowOffsets.length > 0) [every, offsets] = [ROW_BLOCK, draw.rowOffsets];
  }
  const blocks = /* @__PURE__ */ new Map();
  for (const index16 of indexes) {
    const block = every ? Math.floor(index16 / every) : 0;
    const list = blocks.get(block);
    if (list) list.push(index16);
    else blocks.set(block, [index16]);
  }
  const queue = [...blocks];
  const readBlock = async ([block, inBlock]) => {
    const first = every ? block * every : 0;
    const end = every && block + 1 < offsets.length ? offsets[block + 1] - 1 : void 0;
    const stream = every ? await deps.storage.getFrom(key, offsets[block], end) : await deps.storage.get(key);
    if (!stream) throw new Error(`draw entries missing: ${key}`);
    let left = new Set(inBlock).size;
    const last = inBlock.reduce((a, b) => Math.max(a, b), 0);
    await eachCanonicalRow(
      stream,
      (index16, row) => {
        const at = index16 + first;
        if (wanted.has(at) && wanted.get(at) === "") {
          wanted.set(at, row.toString("utf8"));
          left -= 1;
        }
        if (left === 0 || at >= last) return false;
      },
      { wanted: (index16) => wanted.has(index16 + first) }
    );
    stream.destroy();
  };
  await Promise.all(
    Array.from({ length: Math.min(16, queue.length) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await readBlock(next);
    })
  );
  return wanted;
}
async function runDraw(deps, owner, id, { scrutineerName, actorId, earlyRunReason, now = /* @__PURE__ */ new Date() } = {}) {
  const draw = await requireDraw(deps, owner, id);
  await requireServicePaid(deps.database.db, draw.promotionId, "draw");
  const existing = await findResult(deps.database.db, draw.id);
  if (existing) return runAnswer(existing);
  requireNotCancelled(draw);
  if (!draw.committedAt || !draw.seedEncrypted) throw new AppError83("CONFLICT", MSG_DRAW_NOT_COMMITTED);
  let early = null;
  if (draw.runAt && now < draw.runAt) {
    if (!owner.isStaff) throw new AppError83("CONFLICT", msgDrawTooEarly(formatDateTime3(draw.runAt)));
    early = earlyRunReason?.trim() || null;
    if (!early) throw new AppError83("VALIDATION", MSG_DRAW_EARLY_REASON_REQUIRED, { modelState: { earlyRunReason: [MSG_DRAW_EARLY_REASON_REQUIRED] } });
  }
  const count7 = draw.winners + draw.reserves;
  if (count7 < 1 || count7 > draw.entryCount) throw countRange();
  const scrutineer = scrutineerName?.trim() || draw.scrutineerName;
  if (draw.scrutineerRequired && !scrutineer) throw new AppError83("VALIDATION", MSG_DRAW_SCRUTINEER_REQUIRED, { modelState: { scrutineerName: [MSG_DRAW_SCRUTINEER_REQUIRED] } });
  const seed = decryptSeed(await getSeedKey(deps.database.db), draw.seedEncrypted, draw.id);
  const selected = await selectIndexes({ seed, entriesHash: draw.entriesHash, entryCount: draw.entryCount, count: count7, hmac: nodeHmac });
  const text32 = await rowsAt(deps, draw, selected);
  const excluded = [...draw.excludedRootIndexes].sort((a, b) => a - b);
  const selections2 = selected.map((entryIndex, i) => ({
    position: i < draw.winners ? i + 1 : i - draw.winners + 1,
    reserve: i >= draw.winners,
    entryIndex,
    rootIndex: rootIndexOf(entryIndex, excluded),
    entry: text32.get(entryIndex) ?? ""
  }));
  const recording = await recordResult(deps.database.db, { drawId: draw.id, seedHex: seed.toString("hex"), selections: selections2, ranByUserId: actorId ?? null, scrutineerName: scrutineer ?? null, earlyRunReason: early });
  seed.fill(0);
  if (recording === "cancelled") throw new AppError83("CONFLICT", MSG_DRAW_CANCELLED);
  const { result, recorded } = recording;
  if (recorded) {
    void attachDrawDocuments(deps, draw, result).catch((error) => deps.logger.error("draw documents not attached", { drawId: draw.id, error: String(error) }));
    await scheduleWinnerPublication(deps, draw, result.ranAt).catch((error) => deps.logger.error("winner publication not scheduled", { drawId: draw.id, error: String(error) }));
    await mailResult(deps, draw, result).catch((error) => deps.logger.error("draw result mail failed", { drawId: draw.id, error: String(error) }));
    refreshCertificate(deps, draw.publicId);
  }
  return runAnswer(result);
}
async function mailResult(deps, draw, result) {
  const to = await emailOf(deps.database.db, draw.userId);
  if (!to) return;
  const rule = draw.maskRule;
  const shown = (s) => `${s.reserve ? "Reserve" : "Prize"} ${s.position}: entry ${s.entryIndex + 1}, ${maskEntry2(parseCanonicalRow3(s.entry), rule) || "hidden"}`;
  const lines = [
    `"${draw.title}" (${draw.promotionName}) was drawn on ${formatDateTime3(result.ranAt)}.`,
    ...result.earlyRunReason ? [`It ran before its scheduled time (${formatDateTime3(draw.runAt)}) because: ${result.earlyRunReason}`] : [],
    "",
    ...result.selections.map(shown),
    "",
    `The full result (names in full) is on the draw screen. The public record: ${deps.config.PUBLIC_URL}/draws/${draw.publicId}/`,
    `The winners page: ${deps.config.PUBLIC_URL}/winners/${draw.publicId}/`
  ];
  const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  await deps.mailer.send({ to, subject: `Draw result: ${draw.title}`, text: lines.join("\n"), html: `<p>${lines.map(escape).join("<br>")}</p>` });
}
async function cancelDraw2(deps, owner, id, reason) {
  const draw = await requireDraw(deps, owner, id);
  requireNotCancelled(draw);
  if (await findResult(deps.database.db, draw.id)) throw new AppError83("CONFLICT", MSG_DRAW_RUN_CANNOT_CANCEL);
  const cancelled = await cancelDraw(deps.database.db, draw.id, reason.trim());
  if (!cancelled) throw new AppError83("CONFLICT", MSG_DRAW_RUN_CANNOT_CANCEL);
  refreshCertificate(deps, draw.publicId);
  return { cancelledAt: cancelled.cancelledAt.toISOString(), cancelReason: cancelled.cancelReason };
}
function runAnswer(result) {
  const view = (s) => ({ position: s.position, entryIndex: s.entryIndex, entry: s.entry });
  return {
    seed: result.seedHex,
    ranAt: result.ranAt.toISOString(),
    scrutineerName: result.scrutineerName,
    earlyRunReason: result.earlyRunReason ?? null,
    winners: result.selections.filter((s) => !s.reserve).map(view),
    reserves: result.selections.filter((s) => s.reserve).map(view)
  };
}
async function redrawDraw(deps, owner, input) {
  const prizeValues = checkPrizeValues(input.prizeValues, input.winners);
  const parent = await requireDraw(deps, owner, input.id);
  const rootId = parent.rootId ?? parent.id;
  const chain = await findChain(deps.database.db, rootId);
  const root = chain[0].draw;
  if (!chain.find((c) => c.draw.id === parent.id)?.result) throw new AppError83("CONFLICT", MSG_DRAW_NOT_RUN);
  if (chain.some((c) => !c.result && !c.draw.cancelledAt)) throw new AppError83("CONFLICT", MSG_DRAW_CHAIN_OPEN);
  const promotionRow = await findPromotionRow(deps.database.db, root.promotionId);
  const unclaimed = (promotionRow?.permit ?? {}).unclaimedDraw ?? {};
  const runAt = scheduledTime(unclaimed, input, /* @__PURE__ */ new Date());
  const excluded = [...new Set(chain.flatMap((c) => c.result.selections.filter((s) => !s.reserve).map((s) => s.rootIndex)))].sort((a, b) => a - b);
  const remaining = root.entryCount - excluded.length;
  if (input.winners + input.reserves > remaining) throw countRange();
  const source = await deps.storage.get(root.entriesKey);
  if (!source) throw new Error(`draw entries missing: ${root.entriesKey}`);
  const skip = new Set(excluded);
  const hash = crypto21.createHash("sha256");
  let count7 = 0;
  let written = 0;
  const rowOffsets = [];
  const rowIndex = new RowIndexBuilder();
  const output = new PassThrough5();
  let batch = [];
  let size = 0;
  const flush = async () => {
    const bytes2 = Buffer.concat(batch);
    batch = [];
    size = 0;
    hash.update(bytes2);
    if (!output.write(bytes2)) await once2(output, "drain");
  };
  const key = `draws/entries/${crypto21.randomUUID()}.csv`;
  const storing = putStream(deps.storage, key, output);
  try {
    await eachCanonicalRow(source, (index16, row) => {
      if (skip.has(index16)) return;
      rowIndex.row(written);
      if (count7 % ROW_BLOCK === 0) rowOffsets.push(written);
      batch.push(Buffer.from(row), NEWLINE2);
      size += row.length + 1;
      written += row.length + 1;
      count7 += 1;
      if (size >= 65536) return flush();
    });
    await flush();
    output.end();
  } catch (error) {
    output.destroy(error);
    await storing.catch(() => {
    });
    throw error;
  }
  const bytes = await storing;
  await rowIndex.save(deps.storage, key);
  const draw = await insertDraw(deps.database.db, {
    publicId: crypto21.randomBytes(9).toString("base64url"),
    promotionId: root.promotionId,
    userId: root.userId,
    parentId: parent.id,
    rootId,
    title: input.title?.trim() || `${root.title}: redraw ${chain.length}`,
    promotionName: root.promotionName,
    promoterName: root.promoterName,
    winners: input.winners,
    reserves: input.reserves,
    prizeValues,
    maskRule: root.maskRule,
    drawDate: null,
    drawTime: null,
    runAt,
    drawLocation: root.drawLocation,
    scrutineerRequired: root.scrutineerRequired,
    scrutineerName: root.scrutineerName,
    entriesKey: key,
    entryCount: count7,
    entriesHash: hash.digest("hex"),
    entriesBytes: bytes,
    header: root.header,
    sourceFileName: root.sourceFileName,
    excludedRootIndexes: excluded,
    rowOffsets,
    rowIndexEvery: ROW_INDEX_EVERY
  });
  return { id: draw.id, publicId: draw.publicId, parentId: parent.id, entryCount: count7, entriesHash: draw.entriesHash, excludedRootIndexes: excluded };
}
async function getDraw(deps, owner, id) {
  const draw = await requireDraw(deps, owner, id);
  const chain = await findChain(deps.database.db, draw.rootId ?? draw.id);
  const promotionDraws = await findPromotionDrawsWithResults(deps.database.db, draw.promotionId);
  return toOwnerDraw(draw, chain.find((c) => c.draw.id === draw.id)?.result, chain, promotionDraws);
}
async function listDraws(deps, owner, promotionId) {
  const promotion = await findPromotion(deps.database.db, owner, promotionId);
  if (!promotion) throw new AppError83("NOT_FOUND");
  const rows = await findDrawsOfPromotion(deps.database.db, promotionId);
  return Promise.all(rows.map((row) => getDraw(deps, owner, row.id)));
}
async function getPublicDraw(deps, publicId) {
  const draw = await findDrawByPublicId(deps.database.db, publicId);
  if (!draw) throw new AppError83("NOT_FOUND");
  await requireServicePaid(deps.database.db, draw.promotionId, "draw");
  const chain = await findChain(deps.database.db, draw.rootId ?? draw.id);
  const promotionDraws = await findPromotionDrawsWithResults(deps.database.db, draw.promotionId);
  return toPublicDraw(draw, chain.find((c) => c.draw.id === draw.id)?.result, chain, promotionDraws);
}
async function lookupEntry(deps, publicId, value) {
  const draw = await findDrawByPublicId(deps.database.db, publicId);
  if (!draw) throw new AppError83("NOT_FOUND");
  const none = { found: false, entryIndexes: [], proofs: [] };
  if (!draw.committedAt || !draw.entriesKey) return none;
  const wanted = value.trim();
  const candidates = draw.entriesRoot ? await candidateRows(deps.storage, draw.entriesKey, wanted) : void 0;
  const blockRoots = candidates ? await loadBlockRoots(deps.storage, draw.entriesKey) : void 0;
  if (!candidates || !blockRoots) return { ...await scanEntries(deps, draw.entriesKey, wanted), proofs: [] };
  const found = { found: false, entryIndexes: [], proofs: [] };
  const blocks = /* @__PURE__ */ new Map();
  for (const index16 of [...new Set(candidates)].sort((a, b) => a - b)) {
    const block = Math.floor(index16 / PROOF_BLOCK);
    if (!blocks.has(block)) blocks.set(block, await blockRowsOf(deps.storage, draw.entriesKey, block));
    const rows = blocks.get(block);
    const row = rows?.[index16 - block * PROOF_BLOCK];
    if (!rows || !row || !parseCanonicalRow3(row.toString("utf8")).includes(wanted)) continue;
    found.entryIndexes.push(index16);
    found.proofs.push({
      entryIndex: index16,
      leaf: toHex2(merkleLeaf2(row, (data) => crypto21.createHash("sha256").update(data).digest())),
      entry: maskEntry2(parseCanonicalRow3(row.toString("utf8")), draw.maskRule),
      proof: proofOf(blockRoots, index16, rows)
    });
    if (found.entryIndexes.length >= 20) break;
  }
  found.found = found.entryIndexes.length > 0;
  return found;
}
async function scanEntries(deps, entriesKey, wanted) {
  const needle = Buffer.from(canonicalField(wanted) === wanted ? wanted : wanted.replace(/"/g, '""'), "utf8");
  const stream = await deps.storage.get(entriesKey);
  if (!stream) throw new Error(`draw entries missing: ${entriesKey}`);
  const indexes = [];
  await eachCanonicalRow(stream, (index16, row) => {
    if (row.indexOf(needle) < 0) return;
    if (parseCanonicalRow3(row.toString("utf8")).includes(wanted)) indexes.push(index16);
    if (indexes.length >= 20) return false;
  });
  stream.destroy();
  return { found: indexes.length > 0, entryIndexes: indexes };
}
async function scheduleWinnerPublication(deps, draw, ranAt) {
  const promotion = await findPromotionRow(deps.database.db, draw.promotionId);
  if (!promotion) return;
  const permit = promotion.permit ?? {};
  if (!permit.winnerPublication) return;
  const details = promotion.details ?? {};
  const cents2 = (value) => typeof value === "number" ? value : null;
  const due = winnerPublicationsOf({
    stateAct: promotion.stateAct,
    stateSa: promotion.stateSa,
    // Per prize (issue 15): the owner's value of each winner position's prize, else what the application tells.
    prizes: {
      winners: draw.winners,
      prizeValues: draw.prizeValues,
      isRedraw: draw.parentId !== null,
      maxPrizeValue: cents2(details.maxPrizeValue),
      prizeValueACT: cents2(details.prizeValueACT)
    },
    finalDrawDate: text30(permit.finalDraw?.date),
    prizePublicationDateACT: text30(details.prizePublicationDateACT),
    ranAt
  });
  if (due.length === 0) return;
  await setWinnerPublications(deps.database.db, draw.id, due.map((p) => ({ state: p.state, publishAt: p.publishAt.toISOString(), publishedAt: null, positions: p.positions })));
  const to = await emailOf(deps.database.db, draw.userId);
  if (to) {
    const url = `${deps.config.PUBLIC_URL}/winners/${draw.publicId}/`;
    const lines = [
      `The winners of "${draw.title}" (${draw.promotionName}) will be published on the hosted winners page:`,
      ...due.map((p) => `${p.state}: ${formatDateTime3(p.publishAt)}, prize ${p.positions.length === 1 ? "position" : "positions"} ${p.positions.join(", ")}`),
      "",
      `Page: ${url}`,
      "Please make sure every prize is correct before then; contact us if anything should change."
    ];
    await deps.mailer.send({ to, subject: `Winner publication scheduled: ${draw.title}`, text: lines.join("\n"), html: `<p>${lines.map((l) => l.replace(/&/g, "&amp;").replace(/</g, "&lt;")).join("<br>")}</p>` });
  }
  await publishDueWinners(deps.database.db, ranAt);
}
async function getWinnersPage(deps, publicId, now) {
  const draw = await findDrawByPublicId(deps.database.db, publicId);
  if (!draw || draw.cancelledAt) throw new AppError83("NOT_FOUND");
  const live = draw.winnerPublications.filter((p) => p.publishedAt && new Date(p.publishAt) <= now);
  const result = await findResult(deps.database.db, draw.id);
  if (live.length === 0) {
    const due = draw.winnerPublications.map((p) => p.publishAt).sort()[0] ?? null;
    if (result && !due) throw new AppError83("NOT_FOUND");
    const pending = { kind: "pending", title: draw.title, promotionName: draw.promotionName, publicId: draw.publicId, publishAt: due, drawAt: draw.runAt?.toISOString() ?? null };
    return pending;
  }
  if (!result) throw new AppError83("NOT_FOUND");
  const winners = result.selections.filter((s) => !s.reserve);
  const shown = (entry) => parseCanonicalRow3(entry).map((f) => maskField(f, "initialsPostcode")).filter((f) => /^(\p{Lu}\.)( \p{Lu}\.)*$/u.test(f) || /^\d{4}$/.test(f)).join(", ");
  const prizeValue = (position) => {
    const value = draw.prizeValues[position - 1];
    return typeof value === "number" ? value : null;
  };
  return {
    kind: "live",
    title: draw.title,
    promotionName: draw.promotionName,
    promoterName: draw.promoterName,
    publicId: draw.publicId,
    ranAt: result.ranAt.toISOString(),
    states: live.map((p) => p.state),
    // Each live publication lists its own prize positions (ACT: prizes of $1,000 or more; SA: all).
    publications: live.map((p) => ({
      state: p.state,
      winners: winners.filter((w) => !p.positions || p.positions.includes(w.position)).map((w) => ({ position: w.position, prizeValue: prizeValue(w.position), entry: shown(w.entry) }))
    }))
  };
}

// api/src/modules/draws/upload-entries.ts
import busboy2 from "busboy";
import { AppError as AppError84, MSG_DRAW_COMMITTED as MSG_DRAW_COMMITTED2, MSG_DRAW_FILE_REQUIRED, MSG_DRAW_ID_REQUIRED, msgDrawQuotaReached } from "@permitdesk/shared";
var missingFile = () => new AppError84("VALIDATION", MSG_DRAW_FILE_REQUIRED, { modelState: { file: [MSG_DRAW_FILE_REQUIRED] } });
async function uploadEntries(deps, owner, req) {
  const limitBytes = deps.config.DRAW_UPLOAD_LIMIT_MB * 1024 * 1024;
  let idText = typeof req.query.id === "string" ? req.query.id : void 0;
  let fileName = "entries.csv";
  let work;
  const checkDraw = async () => {
    const id = Number(idText);
    if (!idText || !Number.isSafeInteger(id) || id < 1) throw new AppError84("VALIDATION", MSG_DRAW_ID_REQUIRED, { modelState: { id: [MSG_DRAW_ID_REQUIRED] } });
    const draw = await requireDraw(deps, owner, id);
    requireNotCancelled(draw);
    if (draw.committedAt) throw new AppError84("CONFLICT", MSG_DRAW_COMMITTED2);
    const length = Number(req.headers["content-length"]);
    const incoming = Number.isSafeInteger(length) && length > 0 ? Math.min(length, limitBytes) : limitBytes;
    const kept = await entriesBytesOf(deps.database.db, draw.userId) - (draw.entriesBytes ?? 0);
    if (kept + incoming > deps.config.DRAW_QUOTA_MB * 1024 * 1024) {
      const message = msgDrawQuotaReached(deps.config.DRAW_QUOTA_MB);
      throw new AppError84("PAYLOAD_TOO_LARGE", message, { modelState: { file: [message] } });
    }
    return draw;
  };
  await new Promise((resolve, reject) => {
    let parser;
    try {
      parser = busboy2({ headers: req.headers, limits: { files: 1, fields: 10, fileSize: limitBytes + 1 } });
    } catch {
      reject(missingFile());
      return;
    }
    parser.on("field", (name, value) => {
      if (name === "id" && !work) idText = value;
    });
    parser.on("file", (name, file, info) => {
      if (name !== "file" || work) {
        file.resume();
        return;
      }
      fileName = sanitiseFileName(info.filename ?? "entries.csv");
      work = (async () => {
        await checkDraw();
        return ingestEntries(deps.storage, file, { limitBytes });
      })();
      work.catch(() => file.resume());
    });
    parser.on("close", () => resolve());
    parser.on("error", (error) => reject(error instanceof AppError84 ? error : missingFile()));
    req.pipe(parser);
  });
  if (!work) throw missingFile();
  const stored = await work;
  try {
    const draw = await checkDraw();
    const updated = await replaceEntries(deps.database.db, draw.id, {
      entriesKey: stored.key,
      entryCount: stored.entryCount,
      entriesHash: stored.entriesHash,
      entriesBytes: stored.bytes,
      header: stored.header,
      rowOffsets: stored.rowOffsets,
      rowIndexEvery: stored.rowIndexEvery,
      sourceFileName: fileName
    });
    if (!updated) throw new AppError84("CONFLICT", MSG_DRAW_COMMITTED2);
    if (draw.entriesKey) {
      await deps.storage.delete(draw.entriesKey).catch(() => {
      });
      await deps.storage.delete(rowIndexKey(draw.entriesKey)).catch(() => {
      });
    }
  } catch (error) {
    await deps.storage.delete(stored.key).catch(() => {
    });
    await deps.storage.delete(rowIndexKey(stored.key)).catch(() => {
    });
    throw error;
  }
  return { entryCount: stored.entryCount, entriesHash: stored.entriesHash };
}

// api/src/modules/draws/draws.routes.ts
var ownerOf2 = (user) => ({ userId: user.id, isStaff: user.isStaff });
var LOOKUP_LIMIT = { limit: 30, windowMs: 15 * 6e4 };
var Selection = z27.object({ position: z27.number(), entryIndex: z27.number(), entry: z27.string() });
var PublicSelection = Selection.extend({ rootIndex: z27.number() });
var ChainLink = z27.object({ publicId: z27.string(), title: z27.string(), parentPublicId: z27.string().nullable(), status: z27.string(), ranAt: z27.string().nullable() });
var DrawStatus = z27.enum(["created", "uploaded", "committed", "run", "cancelled"]);
var PromotionDraw = z27.object({
  publicId: z27.string(),
  title: z27.string(),
  status: DrawStatus,
  parentPublicId: z27.string().nullable(),
  scheduledAt: z27.string().nullable(),
  committedAt: z27.string().nullable(),
  ranAt: z27.string().nullable(),
  cancelledAt: z27.string().nullable(),
  cancelReason: z27.string().nullable(),
  url: z27.string()
});
var PublicDraw = z27.object({
  publicId: z27.string(),
  title: z27.string(),
  promotionName: z27.string(),
  promoterName: z27.string(),
  algorithm: z27.string(),
  status: DrawStatus,
  winnersCount: z27.number(),
  reservesCount: z27.number(),
  drawDate: z27.string().nullable(),
  drawTime: z27.string().nullable(),
  drawLocation: z27.string().nullable(),
  scrutineerName: z27.string().nullable(),
  maskRule: z27.string(),
  entryCount: z27.number().nullable(),
  entriesHash: z27.string().nullable(),
  seedHash: z27.string().nullable(),
  entriesRoot: z27.string().nullable().describe("Merkle root over the canonical rows (docs/draw-algorithm.md), published at the commit"),
  scheduledAt: z27.string().nullable().describe("the time from which the draw may run (Sydney date and time of the application, as an instant)"),
  cancelledAt: z27.string().nullable(),
  cancelReason: z27.string().nullable(),
  earlyRunReason: z27.string().nullable().describe("why staff ran the draw before its scheduled time"),
  committedAt: z27.string().nullable(),
  seed: z27.string().nullable(),
  ranAt: z27.string().nullable(),
  winners: z27.array(PublicSelection),
  reserves: z27.array(PublicSelection),
  parentPublicId: z27.string().nullable(),
  excludedRootIndexes: z27.array(z27.number()),
  chain: z27.array(ChainLink),
  promotionDraws: z27.array(PromotionDraw).describe("every draw of the same promotion, this one included")
});
var OwnerDraw = PublicDraw.extend({
  id: z27.number(),
  promotionId: z27.number(),
  parentId: z27.number().nullable(),
  entriesBytes: z27.number().nullable(),
  header: z27.array(z27.string()).nullable(),
  sourceFileName: z27.string().nullable(),
  scrutineerRequired: z27.boolean(),
  prizeValues: z27.array(z27.number().nullable()).describe("dollars per winner position, null when not given"),
  entriesUrl: z27.string().nullable(),
  publicUrl: z27.string(),
  certificateUrl: z27.string()
});
function drawRoutes(deps) {
  return [
    route({
      method: "post",
      path: "/draw/create",
      summary: "Create a draw for a promotion with the random draw service (defaults from its application)",
      access: "user",
      idempotent: true,
      body: DrawCreateSchema,
      response: z27.object({ id: z27.number(), publicId: z27.string(), title: z27.string(), winners: z27.number(), reserves: z27.number(), drawDate: z27.string().nullable(), drawTime: z27.string().nullable(), drawLocation: z27.string().nullable(), runAt: z27.string().nullable() }),
      handler: ({ body, user }) => createDraw(deps, ownerOf2(user), body)
    }),
    route({
      method: "post",
      path: "/draw/uploadEntries",
      summary: "Upload (or replace, before the commit) the entries: CSV, streamed",
      access: "user",
      multipart: true,
      body: z27.object({ id: z27.number(), file: z27.string().describe("the CSV file") }),
      response: z27.object({ entryCount: z27.number(), entriesHash: z27.string() }),
      handler: ({ req, user }) => uploadEntries(deps, ownerOf2(user), req)
    }),
    route({
      method: "post",
      path: "/draw/commit",
      summary: "Freeze the entries and draw the seed; publishes entryCount, entriesHash, entriesRoot (Merkle) and seedHash",
      access: "user",
      body: DrawIdSchema,
      response: z27.object({ entryCount: z27.number(), entriesHash: z27.string(), entriesRoot: z27.string(), seedHash: z27.string(), committedAt: z27.string() }),
      handler: ({ body, user }) => commitDraw2(deps, ownerOf2(user), body.id)
    }),
    route({
      method: "post",
      path: "/draw/run",
      summary: "Run a committed draw (again: the recorded result). Not before its scheduledAt: the owner is refused (409); staff may run early only with earlyRunReason, which the public record and certificate show",
      access: "user",
      body: DrawRunSchema,
      response: z27.object({ seed: z27.string(), ranAt: z27.string(), scrutineerName: z27.string().nullable(), earlyRunReason: z27.string().nullable(), winners: z27.array(Selection), reserves: z27.array(Selection) }),
      handler: ({ body, user }) => runDraw(deps, ownerOf2(user), body.id, { scrutineerName: body.scrutineerName, earlyRunReason: body.earlyRunReason, actorId: user.id })
    }),
    route({
      method: "post",
      path: "/draw/cancel",
      summary: "Cancel a draw that has not run, with the reason its public record keeps",
      access: "user",
      body: DrawCancelSchema,
      response: z27.object({ cancelledAt: z27.string(), cancelReason: z27.string() }),
      handler: ({ body, user }) => cancelDraw2(deps, ownerOf2(user), body.id, body.reason)
    }),
    route({
      method: "post",
      path: "/draw/redraw",
      summary: "A new draw over the entries minus every earlier winner of the chain",
      access: "user",
      idempotent: true,
      body: DrawRedrawSchema,
      response: z27.object({ id: z27.number(), publicId: z27.string(), parentId: z27.number(), entryCount: z27.number(), entriesHash: z27.string(), excludedRootIndexes: z27.array(z27.number()) }),
      handler: ({ body, user }) => redrawDraw(deps, ownerOf2(user), body)
    }),
    route({
      method: "get",
      path: "/draw/get",
      summary: "The whole draw record, with the entries file (owner and staff)",
      access: "user",
      query: DrawIdSchema,
      response: OwnerDraw,
      handler: ({ query, user }) => getDraw(deps, ownerOf2(user), query.id)
    }),
    route({
      method: "get",
      path: "/draw/list",
      summary: "The draws of a promotion (owner and staff)",
      access: "user",
      query: DrawListQuerySchema,
      response: z27.array(OwnerDraw),
      handler: ({ query, user }) => listDraws(deps, ownerOf2(user), query.promotionId)
    }),
    route({
      method: "get",
      path: "/draw/public",
      summary: "The public record of a draw (entries masked)",
      access: "public",
      query: DrawPublicQuerySchema,
      response: PublicDraw,
      handler: ({ query }) => getPublicDraw(deps, query.publicId)
    }),
    route({
      method: "get",
      path: "/draw/lookup",
      summary: "Entrant self-check: is an entry with exactly this value in a column in the committed list; for each, its index, leaf hash, masked entry and Merkle path to entriesRoot",
      access: "public",
      query: DrawLookupQuerySchema,
      response: z27.object({
        found: z27.boolean(),
        entryIndexes: z27.array(z27.number()),
        proofs: z27.array(
          z27.object({
            entryIndex: z27.number(),
            leaf: z27.string().describe("SHA-256(0x00 || canonical row), hex"),
            entry: z27.string().describe("the entry as the public record masks it"),
            proof: z27.array(z27.object({ side: z27.enum(["left", "right"]), hash: z27.string() })).describe("siblings from the leaf up (docs/draw-algorithm.md)")
          })
        )
      }),
      handler: async ({ query, req }) => {
        await hitOrThrow(deps.database.db, `draw-lookup:${req.ip}`, LOOKUP_LIMIT);
        return lookupEntry(deps, query.publicId, query.value);
      }
    })
  ];
}

// api/src/modules/draws/draw-pages.routes.ts
import { readFile } from "node:fs/promises";
import path7 from "node:path";
import { fileURLToPath as fileURLToPath2 } from "node:url";
import { Router as Router12 } from "express";
import { AppError as AppError85, canonicalRow, csvSafeRow as csvSafeRow3, DrawPublicQuerySchema as DrawPublicQuerySchema2, MSG_PDF_UNAVAILABLE as MSG_PDF_UNAVAILABLE5 } from "@permitdesk/shared";
var here = path7.dirname(fileURLToPath2(import.meta.url));
var repoRoot2 = path7.resolve(here, "../../../..");
var bundle;
function verifyScript() {
  bundle ??= import("esbuild").then(
    (esbuild) => esbuild.build({ entryPoints: [path7.join(here, "verify-panel.browser.ts")], bundle: true, format: "esm", platform: "browser", target: "es2022", minify: true, write: false })
  ).then((result) => result.outputFiles[0].text);
  bundle.catch(() => bundle = void 0);
  return bundle;
}
function drawPageRoutes(deps) {
  const router = Router12({ caseSensitive: false });
  router.get("/draws/verify.js", async (_req, res) => {
    res.set("Content-Type", "text/javascript; charset=utf-8");
    res.set("Cache-Control", "public, max-age=300");
    res.send(await verifyScript());
  });
  router.get(ALGORITHM_PATH, async (_req, res) => {
    res.set("Content-Type", "text/markdown; charset=utf-8");
    res.set("Cache-Control", "public, max-age=300");
    res.send(await readFile(path7.join(repoRoot2, "docs/draw-algorithm.md"), "utf8"));
  });
  router.get(VERIFIER_PATH, async (_req, res) => {
    res.set("Content-Type", "text/javascript; charset=utf-8");
    res.set("Content-Disposition", 'attachment; filename="verify-draw.mjs"');
    res.set("Cache-Control", "public, max-age=300");
    res.send(await readFile(path7.join(repoRoot2, "scripts/verify-draw.mjs"), "utf8"));
  });
  router.get("/draws/:publicId", async (req, res) => {
    if (!req.path.endsWith("/")) return res.redirect(301, `/draws/${encodeURIComponent(req.params.publicId)}/`);
    const { publicId } = parseInput(DrawPublicQuerySchema2, { publicId: req.params.publicId });
    const view = await getPublicDraw(deps, publicId);
    res.set("Content-Type", "text/html; charset=utf-8");
    res.set("Cache-Control", "no-cache");
    res.send(renderDrawPage(view));
  });
  router.get("/draws/:publicId/certificate.pdf", async (req, res) => {
    const { publicId } = parseInput(DrawPublicQuerySchema2, { publicId: req.params.publicId });
    const view = await getPublicDraw(deps, publicId);
    let stored;
    try {
      stored = await ensureCertificate(deps, view, res.locals.user ? "customer" : "anonymous");
    } catch (error) {
      if (error instanceof ChromiumNotFoundError) throw new AppError85("UNAVAILABLE", MSG_PDF_UNAVAILABLE5);
      throw error;
    }
    res.set("ETag", stored.etag);
    res.set("Cache-Control", "public, max-age=300, must-revalidate");
    if (req.headers["if-none-match"] === stored.etag) return res.status(304).end();
    const file = await deps.storage.get(stored.key);
    if (!file) throw new AppError85("NOT_FOUND");
    res.set("Content-Type", "application/pdf");
    res.set("Content-Disposition", `inline; filename="draw-certificate-${view.publicId}.pdf"`);
    file.pipe(res);
  });
  router.get("/winners/:publicId", async (req, res) => {
    if (!req.path.endsWith("/")) return res.redirect(301, `/winners/${encodeURIComponent(req.params.publicId)}/`);
    const { publicId } = parseInput(DrawPublicQuerySchema2, { publicId: req.params.publicId });
    res.set("Content-Type", "text/html; charset=utf-8");
    res.set("Cache-Control", "no-cache");
    const page2 = await getWinnersPage(deps, publicId, /* @__PURE__ */ new Date()).catch((error) => {
      if (error instanceof AppError85 && error.code === "NOT_FOUND") return void 0;
      throw error;
    });
    if (!page2) return res.status(404).send(renderWinnersNotFound());
    res.send(page2.kind === "pending" ? renderWinnersPending(page2) : renderWinnersPage(page2));
  });
  router.get("/download/draw/:id/entries.csv", async (req, res) => {
    const user = res.locals.user;
    if (!user) throw new AppError85("UNAUTHENTICATED");
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw new AppError85("NOT_FOUND");
    const draw = await requireDraw(deps, { userId: user.id, isStaff: user.isStaff }, id);
    const stream = draw.entriesKey ? await deps.storage.get(draw.entriesKey) : void 0;
    if (!stream) throw new AppError85("NOT_FOUND");
    res.set("Content-Type", "text/csv; charset=utf-8");
    res.set("Content-Disposition", `attachment; filename="draw-${draw.id}-entries.csv"`);
    res.set("Cache-Control", "private, no-store");
    if (draw.header?.length) res.write(`${csvSafeRow3(canonicalRow(draw.header))}
`);
    await writeSafeRows(stream, res);
    res.end();
  });
  return router;
}

// api/src/modules/security/security.routes.ts
import { z as z28 } from "zod";
import { ChangePasswordSchema, MSG_PASSWORD_CHANGED } from "@permitdesk/shared";

// api/src/modules/account/change-password.ts
import { AppError as AppError86, MSG_CURRENT_PASSWORD_WRONG } from "@permitdesk/shared";
async function changePassword(deps, userId, sessionId, input) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError86("UNAUTHENTICATED");
  await hitOrThrow(deps.db, `login:account:${user.email}`, RATE_LIMITS.loginPerAccount);
  if (!await verifyPassword(user.passwordHash, input.currentPassword)) {
    throw new AppError86("VALIDATION", MSG_CURRENT_PASSWORD_WRONG, { modelState: { currentPassword: [MSG_CURRENT_PASSWORD_WRONG] } });
  }
  assertPasswordNotCommon(input.password);
  await updateUser(deps.db, userId, { passwordHash: await hashPassword(input.password) });
  await endUserCredentials(deps.db, userId, "password_changed", { exceptSessionId: sessionId });
}

// api/src/modules/security/security.routes.ts
function securityRoutes(deps) {
  const accountDeps = { db: deps.database.db, mailer: deps.mailer, logger: deps.logger, config: deps.config };
  return [
    route({
      method: "post",
      path: "/account/changePassword",
      summary: "Changes the password: the current one is required; other sessions of the user end.",
      tag: "account",
      access: "session",
      body: ChangePasswordSchema,
      response: z28.object({ message: z28.string() }),
      handler: async ({ body, user, res }) => {
        await changePassword(accountDeps, user.id, res.locals.session.id, body);
        return { message: MSG_PASSWORD_CHANGED };
      }
    })
  ];
}

// api/src/modules/rules/rules.routes.ts
import { z as z29 } from "zod";
import {
  CloseObligationSchema,
  ObligationsQuerySchema,
  ObligationsResponseSchema,
  RuleSetDraftSchema,
  RuleSetPreviewSchema,
  RuleSetSummarySchema,
  RuleSetViewSchema,
  RulesCurrentQuerySchema
} from "@permitdesk/shared";

// api/src/modules/rules/close-obligation.ts
import { AppError as AppError88, MSG_OBLIGATION_UNKNOWN, MSG_OBLIGATION_UPLOAD_UNKNOWN } from "@permitdesk/shared";

// api/src/modules/rules/get-obligations.ts
import { AppError as AppError87, getObligations, getRuleNotes } from "@permitdesk/shared";
var text31 = (value) => typeof value === "string" && value !== "" ? value : null;
var cents = (value) => typeof value === "number" ? value : null;
function obligationInputOf(row) {
  const permit = row.permit ?? {};
  const details = row.details ?? {};
  const applicant = row.applicant ?? permit.applicant ?? {};
  return {
    ...feeInputOf(row),
    startDate: text31(permit.startDate) ?? row.startDate,
    endDate: text31(permit.endDate),
    finalDrawDate: text31(permit.finalDraw?.date),
    unclaimedDrawDate: text31(permit.unclaimedDraw?.date),
    nswAuthorityExpiration: text31(applicant.nswAuthorityExpiration),
    maxPrizeValue: cents(details.maxPrizeValue),
    prizePublicationDateACT: text31(details.prizePublicationDateACT)
  };
}
async function listObligations(db, owner, promotionId, now = /* @__PURE__ */ new Date()) {
  const row = await findPromotion(db, owner, promotionId);
  if (!row) throw new AppError87("NOT_FOUND");
  const ruleSet = await pricingRuleSet(db, row, now);
  const proofs = {};
  for (const p of await findObligationProofs(db, row.id)) proofs[p.code] = { kind: p.kind, reference: p.reference, label: p.label, note: p.note, closedAt: p.closedAt.toISOString() };
  const today2 = sydneyToday(now);
  const input = obligationInputOf(row);
  const permit = row.permit ?? {};
  const details = row.details ?? {};
  const notes = getRuleNotes({ ...input, entryMethodsValue: cents(permit.entryMethodsValue), prizeCategoriesValue: cents(details.prizeCategoriesValue) }, ruleSet);
  return { promotionId: row.id, ruleSetId: ruleSet.id, today: today2, obligations: getObligations(input, ruleSet, { today: today2, proofs }), notes };
}

// api/src/modules/rules/close-obligation.ts
async function closeObligation(db, owner, input) {
  const current = await listObligations(db, owner, input.id);
  if (!current.obligations.some((o) => o.code === input.code)) throw new AppError88("VALIDATION", MSG_OBLIGATION_UNKNOWN, { modelState: { code: [MSG_OBLIGATION_UNKNOWN] } });
  const row = await findPromotion(db, owner, input.id);
  let proof;
  if (input.serverFileName) {
    const [upload] = await findUploadsOwnedBy(db, [input.serverFileName], [row.userId, owner.userId]);
    if (!upload) throw new AppError88("VALIDATION", MSG_OBLIGATION_UPLOAD_UNKNOWN, { modelState: { serverFileName: [MSG_OBLIGATION_UPLOAD_UNKNOWN] } });
    proof = { kind: "upload", reference: upload.serverFileName, label: upload.headerFileName };
  } else {
    proof = { kind: "link", reference: input.link, label: null };
  }
  await upsertObligationProof(db, { promotionId: row.id, code: input.code, ...proof, note: input.note || null, closedBy: owner.userId });
  return listObligations(db, owner, input.id);
}

// api/src/modules/rules/get-rule-set.ts
import { AppError as AppError89, findRuleSet as findRuleSet2, inForceRuleSets, RULE_SET_CATALOGUE, ruleSetInForce as ruleSetInForce2, toRuleSetView } from "@permitdesk/shared";
async function getCurrentRuleSet(db, date5) {
  const published = await findPublishedRuleSets(db);
  return toRuleSetView(ruleSetInForce2(date5 ?? sydneyToday(), published), published);
}
async function getRuleSet(db, id) {
  const published = await findPublishedRuleSets(db);
  const set = findRuleSet2(id, published);
  if (!set) throw new AppError89("NOT_FOUND");
  return toRuleSetView(set, published);
}
async function listRuleSets(db) {
  const published = await findPublishedRuleSets(db);
  const current = ruleSetInForce2(sydneyToday(), published);
  const inForce = new Set(inForceRuleSets(published).map((s) => s.id));
  const all = [...published, ...RULE_SET_CATALOGUE.filter((s) => !published.some((p) => p.id === s.id))];
  return all.map((s) => ({ id: s.id, effectiveFrom: s.effectiveFrom, description: s.description, inForce: inForce.has(s.id), current: s.id === current.id, published: published.some((p) => p.id === s.id) })).sort((a, b) => a.effectiveFrom < b.effectiveFrom ? 1 : a.effectiveFrom > b.effectiveFrom ? -1 : 0);
}

// api/src/modules/rules/publish-rule-set.ts
import {
  AppError as AppError90,
  applyFigureChanges,
  calculateFees as calculateFees3,
  centsToDollars,
  findRuleSet as findRuleSet3,
  MSG_RULE_SET_BASE_UNKNOWN,
  MSG_RULE_SET_EFFECTIVE_PAST,
  MSG_RULE_SET_FIGURE_INVALID,
  MSG_RULE_SET_ID_TAKEN,
  RULE_SET_CATALOGUE as RULE_SET_CATALOGUE2,
  ruleSetInForce as ruleSetInForce3,
  toRuleSetView as toRuleSetView2
} from "@permitdesk/shared";
async function buildRuleSet(db, draft, today2) {
  const published = await findPublishedRuleSets(db);
  const modelState = {};
  const base = findRuleSet3(draft.baseId, published);
  if (!base) modelState.baseId = [MSG_RULE_SET_BASE_UNKNOWN];
  if (findRuleSet3(draft.id, published) || RULE_SET_CATALOGUE2.some((s) => s.id === draft.id)) modelState.id = [MSG_RULE_SET_ID_TAKEN];
  if (draft.effectiveFrom < today2) modelState.effectiveFrom = [MSG_RULE_SET_EFFECTIVE_PAST];
  let ruleSet = null;
  if (base) {
    const result = applyFigureChanges(base, { id: draft.id, effectiveFrom: draft.effectiveFrom, description: draft.description }, draft.changes);
    if (result.ok) ruleSet = result.ruleSet;
    else
      draft.changes.forEach((change3, index16) => {
        if (result.badKeys.includes(change3.key)) modelState[`changes.${index16}.value`] = [MSG_RULE_SET_FIGURE_INVALID];
      });
  }
  if (Object.keys(modelState).length > 0 || !ruleSet) throw new AppError90("VALIDATION", void 0, { modelState });
  return { ruleSet, published };
}
async function previewRuleSet(db, draft) {
  const today2 = sydneyToday();
  const { ruleSet, published } = await buildRuleSet(db, draft, today2);
  const before = ruleSetInForce3(ruleSet.effectiveFrom, published);
  const affected = [];
  for (const row of await findOpenPromotions(db)) {
    const input = feeInputOf(row);
    const was = calculateFees3(input, { ruleSet: before }).feeDue_Total;
    const will = calculateFees3(input, { ruleSet }).feeDue_Total;
    if (was !== will) affected.push({ id: row.id, name: row.name, startDate: row.startDate, feeDue_Total_before: centsToDollars(was), feeDue_Total_after: centsToDollars(will) });
  }
  return { ruleSet: toRuleSetView2(ruleSet, [...published, ruleSet]), affected };
}
async function publishRuleSet(db, userId, draft) {
  const { ruleSet, published } = await buildRuleSet(db, draft, sydneyToday());
  if (!await insertRuleSetPublication(db, ruleSet, userId)) throw new AppError90("VALIDATION", void 0, { modelState: { id: [MSG_RULE_SET_ID_TAKEN] } });
  return toRuleSetView2(ruleSet, [...published, ruleSet]);
}

// api/src/modules/rules/rules.routes.ts
function ruleRoutes({ database }) {
  const db = database.db;
  return [
    route({
      method: "get",
      path: "/rules/current",
      access: "public",
      tag: "rules",
      summary: "The rule set in force on a Sydney date (default today), with the source of every figure and what changed from the previous set.",
      query: RulesCurrentQuerySchema,
      response: RuleSetViewSchema,
      handler: ({ query }) => getCurrentRuleSet(db, query.date)
    }),
    route({
      method: "get",
      path: "/rules/:id",
      access: "public",
      tag: "rules",
      summary: "A rule set by id, in force or not, with its sources.",
      response: RuleSetViewSchema,
      handler: ({ req }) => getRuleSet(db, String(req.params.id))
    }),
    route({
      method: "get",
      path: "/admin/ruleSets",
      access: "staff",
      tag: "rules",
      summary: "Every known rule set, which are in force and which is current (staff).",
      response: z29.array(RuleSetSummarySchema),
      handler: () => listRuleSets(db)
    }),
    route({
      method: "post",
      path: "/admin/previewRuleSet",
      access: "staff",
      tag: "rules",
      summary: "A new rule set cloned from another with figures changed: how it reads and which open promotions it would change (staff).",
      body: RuleSetDraftSchema,
      response: RuleSetPreviewSchema,
      handler: ({ body }) => previewRuleSet(db, body)
    }),
    route({
      method: "post",
      path: "/admin/publishRuleSet",
      access: "staff",
      tag: "rules",
      summary: "Publish a new rule set with its effective date (staff).",
      body: RuleSetDraftSchema,
      response: RuleSetViewSchema,
      handler: ({ user, body }) => publishRuleSet(db, user.id, body)
    }),
    route({
      method: "get",
      path: "/promotion/obligations",
      access: "user",
      tag: "promotion",
      summary: "The promotion's compliance calendar: every duty its rules derive, with rule, source, due date (Sydney) and state.",
      query: ObligationsQuerySchema,
      response: ObligationsResponseSchema,
      handler: ({ owner, query }) => listObligations(db, owner, query.id)
    }),
    route({
      method: "post",
      path: "/promotion/closeObligation",
      access: "user",
      tag: "promotion",
      summary: "Mark a duty of the compliance calendar done, with an upload or a link as proof.",
      body: CloseObligationSchema,
      response: ObligationsResponseSchema,
      handler: ({ owner, body }) => closeObligation(db, owner, body)
    })
  ];
}

// api/src/pdf/pdf-service.ts
import puppeteer from "puppeteer-core";
import { AppError as AppError91 } from "@permitdesk/shared";

// api/src/pdf/chromium-sandbox.ts
async function launchSandboxed(launch, args, { uid, log: log2 }) {
  if (uid === 0) {
    log2?.info("PDF printing: Chromium runs without its sandbox (the server runs as root; run it as another user to sandbox it)");
    return { browser: await launch(["--no-sandbox", ...args]), mode: "no-sandbox: running as root" };
  }
  try {
    const browser = await launch(args);
    log2?.info("PDF printing: Chromium runs in its sandbox");
    return { browser, mode: "sandbox" };
  } catch (error) {
    log2?.warn("PDF printing: the Chromium sandbox could not start (no user namespaces here?); running without it", { error: error instanceof Error ? error.message.split("\n")[0] : String(error) });
    return { browser: await launch(["--no-sandbox", ...args]), mode: "no-sandbox: the sandbox could not start" };
  }
}

// api/src/pdf/pdf-service.ts
var PDF_RETRY_AFTER_SECONDS = 5;
var PdfService = class {
  browser;
  idle = [];
  busy = 0;
  anonymousBusy = 0;
  waiting = [];
  waitingAnonymous = [];
  poolSize;
  maxQueue;
  maxAnonymousQueue;
  executablePath;
  logger;
  sandbox;
  sandboxLogged = false;
  constructor(options = {}) {
    this.executablePath = findChromium(options.chromiumPath);
    this.poolSize = options.poolSize ?? 4;
    this.maxQueue = options.maxQueue ?? 32;
    this.logger = options.logger;
    this.maxAnonymousQueue = options.maxAnonymousQueue ?? 8;
  }
  /** How the running browser is sandboxed (undefined before the first launch). */
  get sandboxMode() {
    return this.sandbox;
  }
  /** Pages anonymous documents may hold at once: all but one, so a customer's document starts at once. */
  get anonymousLimit() {
    return Math.max(1, this.poolSize - 1);
  }
  launch() {
    if (!this.browser) {
      const launch = (args2) => puppeteer.launch({
        executablePath: this.executablePath,
        headless: true,
        // The server's own shutdown closes the browser; puppeteer's handlers would exit the process early.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
        args: args2
      });
      const args = ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-gpu", "--no-first-run", "--font-render-hinting=none"];
      this.browser = launchSandboxed(launch, args, { uid: process.getuid?.(), log: this.sandboxLogged ? void 0 : this.logger }).then(({ browser, mode }) => {
        this.sandbox = mode;
        this.sandboxLogged = true;
        return browser;
      }).then((browser) => {
        browser.on("disconnected", () => {
          this.browser = void 0;
          this.idle = [];
        });
        return browser;
      }).catch((error) => {
        this.browser = void 0;
        throw error;
      });
    }
    return this.browser;
  }
  /** Starts the browser ahead of the first document, so that one is fast too. */
  async warm() {
    await this.release(await this.acquire());
  }
  async acquire(priority = "customer") {
    if (priority === "anonymous") {
      const full = () => this.busy >= this.poolSize || this.anonymousBusy >= this.anonymousLimit;
      if (full() && this.waitingAnonymous.length >= this.maxAnonymousQueue) throw new AppError91("UNAVAILABLE", void 0, { retryAfterSeconds: PDF_RETRY_AFTER_SECONDS });
      while (full()) await new Promise((resolve) => this.waitingAnonymous.push(resolve));
      this.anonymousBusy++;
    } else {
      if (this.busy >= this.poolSize && this.waiting.length >= this.maxQueue) throw new AppError91("UNAVAILABLE");
      while (this.busy >= this.poolSize) await new Promise((resolve) => this.waiting.push(resolve));
    }
    this.busy++;
    try {
      const page2 = this.idle.pop();
      if (page2 && !page2.isClosed()) return page2;
      const browser = await this.launch();
      const fresh = await browser.newPage();
      await fresh.setJavaScriptEnabled(false);
      const cdp = await fresh.createCDPSession();
      await cdp.send("Network.enable");
      await cdp.send("Network.setBlockedURLs", { urls: ["ws://*", "wss://*", "http://*", "https://*"] });
      await fresh.setRequestInterception(true);
      fresh.on("request", (request) => request.url().startsWith("data:") || request.url() === "about:blank" ? request.continue() : request.abort());
      return fresh;
    } catch (error) {
      this.busy--;
      if (priority === "anonymous") this.anonymousBusy--;
      this.wakeNext();
      throw error;
    }
  }
  /** A page is free: a waiting customer first, else an anonymous caller (who re-checks its limit). */
  wakeNext() {
    const next = this.waiting.shift() ?? this.waitingAnonymous.shift();
    next?.();
  }
  async release(page2, priority = "customer") {
    this.busy--;
    if (priority === "anonymous") this.anonymousBusy--;
    if (!page2.isClosed() && this.idle.length < this.poolSize) this.idle.push(page2);
    this.wakeNext();
  }
  /** A4 PDF of a complete HTML document. */
  async render(html, { priority = "customer", ...options } = {}) {
    const page2 = await this.acquire(priority);
    let healthy = true;
    try {
      await page2.setContent(html, { waitUntil: "load", timeout: 2e4 });
      const pdf = await page2.pdf({ format: "A4", printBackground: true, margin: { top: "18mm", bottom: "18mm", left: "16mm", right: "16mm" }, ...options });
      return Buffer.from(pdf);
    } catch (error) {
      healthy = false;
      await page2.close().catch(() => {
      });
      throw error;
    } finally {
      if (healthy) await page2.goto("about:blank").catch(() => {
      });
      await this.release(page2, priority);
    }
  }
  async close() {
    const browser = this.browser;
    this.browser = void 0;
    this.idle = [];
    if (browser) await (await browser).close().catch(() => {
    });
  }
};

// api/src/storage/s3-storage.ts
import { Readable as Readable3, Transform as Transform2 } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
var missing = (error) => error instanceof S3ServiceException && (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata?.httpStatusCode === 404);
var S3FileStorage = class {
  client;
  bucket;
  prefix;
  constructor(options) {
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? "";
    this.client = new S3Client({
      region: options.region ?? "us-east-1",
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Checksums only when the operation needs one: S3-compatible services vary in what they accept.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED"
    });
  }
  keyOf(key) {
    assertSafeKey(key);
    return `${this.prefix}${key}`;
  }
  async put(key, data) {
    await new Upload({ client: this.client, params: { Bucket: this.bucket, Key: this.keyOf(key), Body: data } }).done();
  }
  async putStream(key, data) {
    let bytes = 0;
    const counted = data.pipe(
      new Transform2({
        transform(chunk, _encoding, callback) {
          bytes += chunk.length;
          callback(null, chunk);
        }
      })
    );
    data.once("error", (error) => counted.destroy(error));
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key: this.keyOf(key), Body: counted }, queueSize: 2, partSize: 5 * 1024 * 1024 });
    try {
      await upload.done();
    } catch (error) {
      await upload.abort().catch(() => {
      });
      throw error;
    }
    return bytes;
  }
  async get(key) {
    return this.read(key);
  }
  async getFrom(key, start) {
    return this.read(key, `bytes=${start}-`);
  }
  async read(key, range) {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key), Range: range }));
      return answer.Body;
    } catch (error) {
      if (missing(error)) return void 0;
      if (range && error instanceof S3ServiceException && error.$metadata?.httpStatusCode === 416) return Readable3.from([]);
      throw error;
    }
  }
  async exists(key) {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
      return true;
    } catch (error) {
      if (missing(error)) return false;
      throw error;
    }
  }
  async delete(key) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(key) }));
  }
  async list(prefix) {
    assertSafeKey(prefix);
    const keys3 = [];
    let token;
    do {
      const page2 = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.keyOf(prefix), ContinuationToken: token }));
      for (const item of page2.Contents ?? []) if (item.Key) keys3.push(item.Key.slice(this.prefix.length));
      token = page2.IsTruncated ? page2.NextContinuationToken : void 0;
    } while (token);
    return keys3;
  }
};

// api/src/storage/create-storage.ts
function createStorage(config) {
  if (config.STORAGE === "s3") {
    return new S3FileStorage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
      credentials: config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } : void 0
    });
  }
  return new LocalFileStorage(config.DATA_DIR);
}

// api/src/app.ts
function lazyPdf(config, logger) {
  let service;
  return () => service ??= new PdfService({ chromiumPath: config.CHROMIUM_PATH, logger });
}
function createApp(given) {
  const { onResponse, ...rest } = given;
  const deps = {
    ...rest,
    mailer: given.mailer ?? createMailer(given.config, given.logger),
    storage: given.storage ?? createStorage(given.config),
    pdf: given.pdf ?? lazyPdf(given.config, given.logger),
    paymentGateway: given.paymentGateway ?? createPaymentGateway(given.config, given.database.db),
    events: given.events ?? createEvents()
  };
  const uploads2 = uploadRoutes(deps);
  const app2 = express5();
  app2.disable("x-powered-by");
  app2.set("etag", false);
  app2.set("trust proxy", deps.config.TRUST_PROXY);
  app2.use(warnUntrustedForwarding(deps.logger));
  const api = express5.Router({ caseSensitive: false });
  api.use(compression({ threshold: 1024, filter: (_req, res) => /^application\/json/.test(String(res.getHeader("Content-Type") ?? "")) }));
  api.use(bodyParsers());
  api.use(sameOrigin(deps.config.publicOrigin));
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  const sessionCache = new SessionCache(deps.database.notifications).start();
  app2.locals.sessionCache = sessionCache;
  api.use(authenticate({ ...deps, sessionCache }));
  const routeSpecs = [
    ...healthRoutes(deps),
    ...accountRoutes(deps),
    ...apiKeyRoutes(deps),
    ...botCheckRoutes(deps),
    ...contactRoutes(deps),
    ...promotionRoutes(deps),
    ...promotionNoteRoutes(deps),
    ...applicantRoutes(deps),
    ...complianceNoteRoutes(deps),
    ...supportItemRoutes(deps),
    ...uploads2.api,
    ...paymentRoutes(deps),
    ...stripeWebhookDoc(),
    ...lodgementPackApiRoutes(deps),
    ...adminRoutes(deps),
    ...adminNoteRoutes(deps),
    ...staffPromotionRoutes(deps),
    ...termsRoutes(deps),
    ...reminderRoutes(deps),
    ...drawRoutes(deps),
    ...openApiRoutes(deps, () => routeSpecs),
    ...securityRoutes(deps),
    ...ruleRoutes(deps)
  ];
  app2.locals.apiRoutes = routeSpecs;
  api.use(mountRoutes(routeSpecs, { onResponse, idempotency: idempotencyHook(deps.database.db, deps.database.notifications) }));
  api.use(apiDocsRouter());
  api.use(notFoundApi);
  app2.use(stripeWebhookRoutes(deps));
  app2.use("/api", api);
  const downloads = express5.Router({ caseSensitive: false });
  downloads.use(authenticate({ ...deps, sessionCache }));
  downloads.use(invoiceDownloadRoutes(deps));
  downloads.use(voicemailDownloadRoutes(deps));
  downloads.use(lodgementPackRoutes(deps));
  downloads.use("/download", uploads2.downloads);
  downloads.use(documentRoutes(deps));
  downloads.use(termsDocumentRoutes(deps));
  downloads.use(reminderLinkRoutes(deps));
  downloads.use(drawPageRoutes(deps));
  app2.use(downloads);
  app2.use("/error", errorReportRoutes(deps));
  app2.use(errorHandler(deps.logger));
  return app2;
}
export {
  createApp
};
