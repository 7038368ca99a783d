-- Shared-tablet class mode (issue 23): a device turned into a class tablet with a one-time code, and the pupils' PINs
-- on it. Nothing here is a pupil's password: the device keeps its own credential (hashed here), the PINs are argon2id.
--
-- One-time codes (`npm run admin -- tablet-code <class>`): 15 minutes, used once, to turn a device on for a class or
-- to turn one of the class's tablets off. Only the keyed hash of the code is kept.
CREATE TABLE "tablet_codes" (
  "id" serial PRIMARY KEY NOT NULL,
  "division_id" integer NOT NULL REFERENCES "divisions"("id"),
  "code_hash" text NOT NULL,
  -- The idle lock of the tablet this code turns on, in minutes.
  "idle_minutes" integer DEFAULT 10 NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "tablet_codes_idle_check" CHECK ("idle_minutes" >= 1 AND "idle_minutes" <= 240)
);--> statement-breakpoint
CREATE UNIQUE INDEX "tablet_codes_hash_uq" ON "tablet_codes" USING btree ("code_hash");--> statement-breakpoint

-- A class tablet: its device credential's keyed hash, its class and idle lock; revoked_at ends it for good.
CREATE TABLE "tablets" (
  "id" serial PRIMARY KEY NOT NULL,
  "division_id" integer NOT NULL REFERENCES "divisions"("id"),
  "credential_hash" text NOT NULL,
  "idle_minutes" integer DEFAULT 10 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_seen_at" timestamp with time zone,
  "revoked_at" timestamp with time zone,
  CONSTRAINT "tablets_idle_check" CHECK ("idle_minutes" >= 1 AND "idle_minutes" <= 240)
);--> statement-breakpoint
CREATE UNIQUE INDEX "tablets_credential_uq" ON "tablets" USING btree ("credential_hash");--> statement-breakpoint

-- A pupil's PIN on one tablet, chosen at their first sign-in there with their real password; dead after 5 wrong tries
-- (`failures`) until the real password sets a new one.
CREATE TABLE "tablet_pins" (
  "tablet_id" integer NOT NULL REFERENCES "tablets"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "pin_hash" text NOT NULL,
  "failures" integer DEFAULT 0 NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "tablet_pins_tablet_id_user_id_pk" PRIMARY KEY("tablet_id","user_id"),
  CONSTRAINT "tablet_pins_failures_check" CHECK ("failures" >= 0)
);
