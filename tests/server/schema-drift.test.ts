/**
 * One database truth (issue 19): the database `server/db/schema.ts` declares is the one the committed SQL migrations
 * build — tables, columns (type, nullability, default), primary, foreign, unique and check constraints, indexes. A
 * migration without its schema.ts change, or a schema.ts change without its migration, fails here.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/client";
import { builtShape, compareShapes, declaredShape } from "../../server/db/drift";
import * as schema from "../../server/db/schema";

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
});
afterAll(async () => {
  await database.close();
});

describe("schema.ts and the migrations describe the same database", () => {
  it("has no difference", async () => {
    const declared = declaredShape(schema);
    expect(Object.keys(declared).length).toBeGreaterThan(60);
    expect(compareShapes(declared, await builtShape(database.db))).toEqual([]);
  });

  it("sees a column, a nullability, a check, an index and a foreign key that only a migration has", async () => {
    const db = database.db;
    await db.execute(sql`alter table help_videos add column drift_probe text`);
    await db.execute(sql`alter table help_videos alter column poster set not null`);
    await db.execute(sql`alter table benefit_payments add constraint drift_probe_check check (amount < 10000000)`);
    await db.execute(sql`drop index exams_subject_idx`);
    await db.execute(sql`alter table exam_documents drop constraint exam_documents_exam_id_fkey`);
    await db.execute(sql`create table drift_probe_table (id integer primary key)`);
    const diff = compareShapes(declaredShape(schema), await builtShape(db));
    expect(diff).toEqual(
      expect.arrayContaining([
        "+ help_videos: column drift_probe text default none",
        "+ help_videos: column poster text not null default none",
        "- help_videos: column poster text default none",
        "+ benefit_payments: check drift_probe_check amount<10000000",
        "- exams: index exams_subject_idx (subject_id, due_date)",
        "- exam_documents: foreign key (exam_id) references exams (id) on delete cascade",
        "+ drift_probe_table: a migration creates the table but schema.ts does not declare it",
      ]),
    );
    expect(diff).toHaveLength(7);
  });
});
