/**
 * Rules that only the browser enforced now hold on the server (issue 18 item 5), each one rule of `domain/user.ts`:
 * search is refused to a pupil with an offer of group 104 (403 `search_disabled`, `permissions.search` false), and a
 * lesson's attachments are not given when the pupil's only offers are the packs 83/84 (`attachments_hidden`).
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { affiliations, attachments, chapters, contents, groupSubjects, subjects } from "../../server/db/schema";
import { startTestServer, type NewStudent, type TestServer } from "./harness";

let h: TestServer;

beforeAll(async () => {
  h = await startTestServer();
});
afterAll(() => h?.close());

/** A Bac Maths pupil with live offers of these groups. */
async function pupilWithGroups(...groupIds: number[]): Promise<NewStudent> {
  const p = await h.registerVerified();
  for (const groupId of groupIds) {
    await h.deps.db.insert(affiliations).values({ userId: p.id, offerId: groupId, groupId, period: "year", startDate: "2000-01-01", endDate: "2999-06-30", amountPaid: 0 });
  }
  return p;
}

const search = (token: string) => h.request("POST", "/api/search/autocomplete", { token, body: { term: "fonction" } });

describe("search and group 104", () => {
  it("is refused to a pupil with an offer of group 104, and /auth/me says so", async () => {
    const trial = await pupilWithGroups(104);
    const refused = await search(trial.token);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.json.code).toBe("search_disabled");
    expect((await h.request("GET", "/api/auth/me", { token: trial.token })).json.payload.permissions.search).toBe(false);

    const gold = await pupilWithGroups(35);
    const found = await search(gold.token);
    expect(found.status, found.text).toBe(200);
    expect(found.json.payload.length).toBeGreaterThan(0);
    expect((await h.request("GET", "/api/auth/me", { token: gold.token })).json.payload.permissions.search).toBe(true);
  });
});

describe("attachments and the packs 83/84", () => {
  it("are not given when the pupil's only offers are the packs, and are with another offer beside them", async () => {
    // A lesson with attachments in a subject that pack 83 opens (its first subjects of the class).
    const [lesson] = await h.deps.db
      .select({ slug: contents.slug, chapter: chapters.slug, subject: subjects.slug })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(
        and(
          eq(subjects.divisionId, 18),
          eq(contents.isFree, false),
          inArray(subjects.id, h.deps.db.select({ id: groupSubjects.subjectId }).from(groupSubjects).where(eq(groupSubjects.groupId, 83))),
          sql`exists (select 1 from ${attachments} a where a.content_id = ${contents.id})`,
        ),
      )
      .limit(1);
    expect(lesson, "a lesson with attachments in a subject of pack 83").toBeTruthy();
    const open = (token: string) => h.request("GET", `/api/student/subjects/${lesson!.subject}/chapters/${lesson!.chapter}/contents/${lesson!.slug}`, { token });

    const packOnly = (await open((await pupilWithGroups(83, 84)).token)).json.payload;
    expect(packOnly).toMatchObject({ locked: false, attachments_hidden: true, attachments: [] });

    const withGold = (await open((await pupilWithGroups(83, 35)).token)).json.payload;
    expect(withGold.locked).toBe(false);
    expect(withGold.attachments_hidden).toBe(false);
    expect(withGold.attachments.length).toBeGreaterThan(0);

    const locked = (await open((await pupilWithGroups()).token)).json.payload;
    expect(locked).toMatchObject({ locked: true, attachments_hidden: true, attachments: [] });
  });
});
