/**
 * Bookmark toggles are serialised per pupil and lesson (issue 8 item 3): 50 concurrent toggles by one pupil on one
 * lesson, each with its own Idempotency-Key, answer exactly 25 "bookmarked" and 25 not, end in the state of 50 toggles
 * (not bookmarked), and each key replays the answer its toggle produced. Run on PGlite and on PostgreSQL
 * (TEST_DATABASE=postgres), where the requests really run at once over the connection pool.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookmarks } from "../../server/db/schema";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;
let pupil: NewStudent;
const PATH = "/api/user/subjects/mathematiques/chapters/limites-et-continuite/contents/introduction-et-activites/bookmark";

beforeAll(async () => {
  h = await startTestServer();
  pupil = await h.registerVerified();
});
afterAll(async () => {
  await h?.close();
});

const toggle = (key: string) => h.request("POST", PATH, { token: pupil.token, body: {}, headers: { "Idempotency-Key": key } });

async function rows(): Promise<number> {
  const found = await h.deps.db.select({ id: bookmarks.id }).from(bookmarks).where(and(eq(bookmarks.userId, pupil.id)));
  return found.length;
}

describe("concurrent bookmark toggles", () => {
  it("50 at once with distinct keys: 25 bookmarked, 25 not, and the bookmark ends removed", async () => {
    const keys = Array.from({ length: 50 }, (_, i) => `toggle-race-${String(i).padStart(4, "0")}`);
    const answers = await Promise.all(keys.map(toggle));
    for (const a of answers) expect(a.status, a.text).toBe(200);
    const on = answers.filter((a) => a.json.payload.bookmarked === true).length;
    expect(on).toBe(25);
    expect(answers.length - on).toBe(25);
    expect(await rows()).toBe(0);

    // Each key replays what its own toggle answered, and changes nothing.
    const replays = await Promise.all(keys.map(toggle));
    replays.forEach((r, i) => {
      expect(r.headers.get("idempotency-replayed")).toBe("true");
      expect(r.json.payload).toEqual(answers[i]!.json.payload);
    });
    expect(await rows()).toBe(0);
  });

  it("an odd number at once ends bookmarked, listed once", async () => {
    const answers = await Promise.all(Array.from({ length: 7 }, (_, i) => toggle(`toggle-odd-${String(i).padStart(4, "0")}`)));
    expect(answers.filter((a) => a.json.payload.bookmarked === true)).toHaveLength(4);
    expect(await rows()).toBe(1);
    const list = await h.request("GET", "/api/student/bookmarked-contents", { token: pupil.token });
    expect(list.json.meta.total).toBe(1);
  });
});
