-- Homework kept on the device and sent later (issue 23 item 4): the client's key of each file, so that a create
-- replayed after a crash answers the same upload; unique per pupil and exam (null for uploads without a key).
ALTER TABLE "exam_uploads" ADD COLUMN "client_key" uuid;
--> statement-breakpoint
CREATE UNIQUE INDEX "exam_uploads_client_key_uq" ON "exam_uploads" USING btree ("exam_id","user_id","client_key");
