-- Scheduled jobs (issue 24): housekeeping and scheduled work run inside the server, each job once across every process.
-- One row per job (server/lib/jobs.ts): a process claims a due job by setting `leased_until` in a conditional UPDATE
-- (due, and no live lease), runs it, then moves `next_run_at` one period on and records the outcome. A runner that
-- died leaves its lease behind: once it has run out, another process claims the job.
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"leased_until" timestamp with time zone,
	"last_ok_at" timestamp with time zone,
	"last_error" text
);
