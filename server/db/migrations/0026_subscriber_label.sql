-- Issue 22 item 2: a notification about an operator's subscriber who had not given their name carried the stored
-- placeholder ("Abonné Ooredoo", isolated as a person's words: FSI … PDI) in its English and Arabic texts too. New ones
-- say the label in each language (server/services/notifications/texts.ts `subscriberLabel`); this rewrites those
-- already written the same way: the label in the sentence's direction (LRI/RLI … PDI), the brand LRI … PDI inside it.
UPDATE "notifications" SET
  "body" = replace("body", E'\u2068Abonné Ooredoo\u2069', E'\u2066Abonné \u2066Ooredoo\u2069\u2069'),
  "body_en" = replace("body_en", E'\u2068Abonné Ooredoo\u2069', E'\u2066\u2066Ooredoo\u2069 subscriber\u2069'),
  "body_ar" = replace("body_ar", E'\u2068Abonné Ooredoo\u2069', E'\u2067مشترك \u2066Ooredoo\u2069\u2069')
WHERE "type" IN ('transfer_received', 'transfer_to_confirm', 'parent_request_created')
  AND "body" LIKE E'%\u2068Abonné Ooredoo\u2069%';
