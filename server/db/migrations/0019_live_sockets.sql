-- Cross-process events (issue 24 item 4).
-- One row per open progress websocket of any process (server/lib/ws.ts): the per-pupil cap counts these rows, so it
-- holds across processes and machines. Its process refreshes `heartbeat_at` every 20 s; a row older than 60 s belongs
-- to a process that died and no longer counts (it is deleted by the next heartbeat of any process).
CREATE TABLE "live_sockets" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "live_sockets_user_idx" ON "live_sockets" USING btree ("user_id");
--> statement-breakpoint
-- A session that ends (revoked: logout, password change, an admin; or deleted with its account) is announced on
-- `darsi_session_ended` with its id, when the transaction commits: every process closes that session's sockets.
CREATE FUNCTION "darsi_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('darsi_session_ended', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "sessions_revoked_notify" AFTER UPDATE OF "revoked_at" ON "sessions"
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL) EXECUTE FUNCTION "darsi_session_ended"();
--> statement-breakpoint
CREATE TRIGGER "sessions_deleted_notify" AFTER DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "darsi_session_ended"();
