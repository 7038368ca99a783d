-- Profile, report cards and class change (issue 12): its tables.
CREATE TABLE "marksheets" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "division_id" integer NOT NULL REFERENCES "divisions"("id"),
  "trimester" integer NOT NULL,
  "name" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "reject_reason" text,
  "file_key" text NOT NULL,
  "mime" text NOT NULL,
  "size" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "decided_at" timestamp with time zone,
  CONSTRAINT "marksheets_trimester_check" CHECK ("trimester" between 1 and 3),
  CONSTRAINT "marksheets_status_check" CHECK ("status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX "marksheets_user_idx" ON "marksheets" ("user_id", "id");
--> statement-breakpoint
CREATE TABLE "division_change_requests" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "old_division_id" integer REFERENCES "divisions"("id"),
  "new_division_id" integer NOT NULL REFERENCES "divisions"("id"),
  "reason_id" integer NOT NULL REFERENCES "edit_division_reasons"("id"),
  "reason2" text,
  "status" text DEFAULT 'pending' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "decided_at" timestamp with time zone,
  CONSTRAINT "division_change_requests_status_check" CHECK ("status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX "division_change_requests_user_idx" ON "division_change_requests" ("user_id", "id");
--> statement-breakpoint
CREATE UNIQUE INDEX "division_change_requests_pending_uq" ON "division_change_requests" ("user_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE TABLE "contact_changes" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "value" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "contact_changes_pk" PRIMARY KEY ("user_id", "kind"),
  CONSTRAINT "contact_changes_kind_check" CHECK ("kind" in ('email', 'phone'))
);
