-- Parents, history, video reports and assistance (issue 12): its tables.
CREATE TABLE "help_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"topic_en" text NOT NULL,
	"topic_ar" text NOT NULL,
	"title" text NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"url" text NOT NULL,
	"poster" text,
	"duration" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE INDEX "help_videos_position_idx" ON "help_videos" ("position");
--> statement-breakpoint
-- One pending request per parent and child: asking again while one waits changes nothing.
CREATE UNIQUE INDEX "parent_requests_pending_uq" ON "parent_requests" ("parent_user_id", "child_user_id") WHERE "approved" IS NULL;
--> statement-breakpoint
CREATE INDEX "parent_requests_parent_idx" ON "parent_requests" ("parent_user_id");
