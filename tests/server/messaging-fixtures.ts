/** Helpers of the messaging tests: a pupil registered in a given language, and a message's row in the queue. */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { TestServer } from "./harness";

export interface MessageRow {
  id: number;
  to: string;
  kind: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  language: string;
  provider: string | null;
  provider_id: string | null;
  last_error: string | null;
  /** Seconds from now to the next try. */
  due_in: number;
}

const tag = randomBytes(3).toString("hex");
let n = 0;

/** Registers a pupil (abroad with an e-mail only, or in Tunisia with a phone) from an app set to `language`. */
export async function registerIn(
  h: TestServer,
  language: string | undefined,
  contact: { email: string } | { phone: string },
): Promise<{ status: number; token: string }> {
  n += 1;
  const password = "Secret#2026";
  const body = {
    name: "Amine",
    lastName: "Ben Ali",
    birthDate: "14/03/2008",
    plainPassword: { first: password, second: password },
    division: 18,
    optionalSubject: "",
    ...("email" in contact ? { email: contact.email, phone: "", country: 7, state: "" } : { phone: contact.phone, email: `sms${n}.${tag}@test.darsi.tn`, country: 1, state: 23 }),
  };
  const res = await h.request("POST", "/api/auth/register", { body, ip: h.freshIp(), headers: language ? { "accept-language": language } : {} });
  return { status: res.status, token: res.json?.payload?.token as string };
}

/** A phone number no other test uses (8 digits, starting with 9). */
export function uniquePhone(): string {
  n += 1;
  return `9${String((parseInt(tag, 16) * 100 + n) % 10_000_000).padStart(7, "0")}`;
}

export async function messageRows(h: TestServer, to: string): Promise<MessageRow[]> {
  const res = await h.deps.db.execute(sql`
    select id, "to", kind, status, attempts, language, provider, provider_id, last_error,
           extract(epoch from next_attempt_at - now())::float8 as due_in
      from outbox_messages where "to" = ${to} order by id`);
  return (res as unknown as { rows: MessageRow[] }).rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts), due_in: Number(r.due_in) }));
}

/** Waits until the newest message to `to` satisfies `done` (the server's own dispatcher delivers it). */
export async function waitForMessage(h: TestServer, to: string, done: (row: MessageRow) => boolean, timeoutMs = 20_000): Promise<MessageRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = (await messageRows(h, to)).at(-1);
    if (row && done(row)) return row;
    if (Date.now() > until) throw new Error(`message to ${to}: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Makes the newest message to `to` due now (the retry's backoff already checked), as if its time had come. */
export async function makeDue(h: TestServer, to: string): Promise<void> {
  await h.deps.db.execute(sql`update outbox_messages set next_attempt_at = now() where "to" = ${to} and status = 'pending'`);
}
