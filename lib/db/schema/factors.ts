// Second factors of the dashboard's users (docs/security.md): passkeys, authenticator apps,
// recovery codes, and the short-lived challenges of sign-in, enrolment and step-up.
import { sql } from "drizzle-orm";
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { users } from "./dashboard";
import { ts } from "./columns";

const ofUser = (table: string, column: AnyPgColumn) =>
  foreignKey({ name: `${table}_user_id_fkey`, columns: [column], foreignColumns: [users.id] }).onDelete("cascade");

/** A WebAuthn credential (a passkey), registered with user verification. */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential id, base64url, as the authenticator made it. */
    id: text("id").primaryKey(),
    userId: uuid("user_id").notNull(),
    name: text("name").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    /** The signature counter last seen (0 for authenticators that keep none). */
    counter: bigint("counter", { mode: "number" }).notNull(),
    transports: jsonb("transports").$type<string[]>().notNull(),
    /** singleDevice | multiDevice (a synced passkey) */
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    createdAt: ts("created_at").notNull(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [ofUser("passkeys", t.userId), index("passkeys_user").on(t.userId)],
);

/** A user's authenticator app (RFC 6238): pending until a first code confirms it. */
export const totpFactors = pgTable(
  "totp_factors",
  {
    userId: uuid("user_id").primaryKey(),
    /** The shared key, sealed with APP_ENCRYPTION_KEY. */
    secretEnc: text("secret_enc").notNull(),
    createdAt: ts("created_at").notNull(),
    confirmedAt: ts("confirmed_at"),
    /** The time step of the last code accepted: a code of that step or before is refused (replay). */
    lastStep: bigint("last_step", { mode: "number" }).notNull().default(0),
  },
  (t) => [ofUser("totp_factors", t.userId)],
);

/** Single-use recovery codes, kept as SHA-256 of user id and code. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    userId: uuid("user_id").notNull(),
    codeHash: text("code_hash").notNull(),
    createdAt: ts("created_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [primaryKey({ name: "recovery_codes_pkey", columns: [t.userId, t.codeHash] }), ofUser("recovery_codes", t.userId)],
);

/**
 * What a ceremony in progress holds: the half-signed-in state after a correct password
 * (second_factor), a WebAuthn challenge of passkey sign-in, registration or step-up. A row bound
 * to a browser is keyed by the SHA-256 of a random token in that browser's httpOnly cookie.
 */
export const authChallenges = pgTable(
  "auth_challenges",
  {
    id: text("id").primaryKey(),
    /** second_factor | passkey_sign_in | passkey_register | step_up */
    kind: text("kind").notNull(),
    userId: uuid("user_id"),
    /** The WebAuthn challenge (base64url) once one was issued. */
    challenge: text("challenge"),
    /** Wrong answers given so far. */
    attempts: integer("attempts").notNull().default(0),
    createdAt: ts("created_at").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [
    ofUser("auth_challenges", t.userId),
    index("auth_challenges_expires_at").on(t.expiresAt),
    index("auth_challenges_user")
      .on(t.userId)
      .where(sql`user_id IS NOT NULL`),
  ],
);
