-- Live sessions, reviews and attendance (issue 10): its tables.
CREATE TABLE "live_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"division_id" integer NOT NULL REFERENCES "divisions"("id"),
	"subject_id" integer NOT NULL REFERENCES "subjects"("id") ON DELETE CASCADE,
	"chapter_id" integer REFERENCES "chapters"("id") ON DELETE SET NULL,
	"instructor_id" integer REFERENCES "instructors"("id") ON DELETE SET NULL,
	"name" text NOT NULL,
	"name_ar" text,
	"name_en" text,
	"description" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"vers_pilote" boolean DEFAULT false NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"price" bigint,
	"room_key" text NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_events_span_check" CHECK ("end_at" > "start_at")
);
--> statement-breakpoint
CREATE INDEX "live_events_division_start_idx" ON "live_events" ("division_id", "start_at");
--> statement-breakpoint
CREATE INDEX "live_events_subject_idx" ON "live_events" ("subject_id");
--> statement-breakpoint
CREATE TABLE "live_event_attendees" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL REFERENCES "live_events"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attendance_s" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "live_event_attendees_uq" ON "live_event_attendees" ("event_id", "user_id");
--> statement-breakpoint
CREATE INDEX "live_event_attendees_user_idx" ON "live_event_attendees" ("user_id");
--> statement-breakpoint
CREATE TABLE "live_event_reviews" (
	"attendee_id" integer PRIMARY KEY NOT NULL REFERENCES "live_event_attendees"("id") ON DELETE CASCADE,
	"rating" integer,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_event_reviews_rating_check" CHECK ("rating" IS NULL OR "rating" BETWEEN 1 AND 5)
);
