import { describe, expect, it } from "vitest";
import { batchedById, createBatcher } from "../../server/lib/batcher";

const tick = () => new Promise((r) => setImmediate(r));

describe("createBatcher", () => {
  it("hands the calls of one moment to one run, and answers each its own result in order", async () => {
    const runs: number[][] = [];
    const double = createBatcher(async (items: number[]) => {
      runs.push(items);
      return items.map((n) => n * 2);
    });
    expect(await Promise.all([1, 2, 3].map((n) => double(n)))).toEqual([2, 4, 6]);
    expect(await double(4)).toBe(8);
    expect(runs).toEqual([[1, 2, 3], [4]]);
  });

  it("fails an item alone when its result is an Error, and every item when the run throws", async () => {
    const check = createBatcher(async (items: number[]) => items.map((n) => (n < 0 ? new Error(`negative ${n}`) : n)));
    const answers = await Promise.allSettled([check(1), check(-1), check(2)]);
    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((answers[1] as PromiseRejectedResult).reason.message).toBe("negative -1");

    const broken = createBatcher(async (): Promise<number[]> => {
      throw new Error("database down");
    });
    const failed = await Promise.allSettled([broken(1), broken(2)]);
    expect(failed.map((a) => (a as PromiseRejectedResult).reason.message)).toEqual(["database down", "database down"]);
    // A run that answers fewer results than items fails the rest instead of leaving them waiting.
    const short = createBatcher(async (items: number[]) => items.slice(0, 1));
    expect((await Promise.allSettled([short(1), short(2)])).map((a) => a.status)).toEqual(["fulfilled", "rejected"]);
  });

  it("keeps batches under maxSize, and while maxInFlight runs are busy, the next calls wait and form one larger batch", async () => {
    const runs: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = createBatcher(
      async (items: number[]) => {
        runs.push(items);
        await gate;
        return items;
      },
      { maxSize: 2, maxInFlight: 1 },
    );
    const first = [slow(1), slow(2), slow(3)];
    await tick();
    expect(runs).toEqual([[1, 2]]);
    const later = [slow(4)];
    await tick();
    expect(runs).toEqual([[1, 2]]);
    release();
    expect(await Promise.all([...first, ...later])).toEqual([1, 2, 3, 4]);
    expect(runs).toEqual([[1, 2], [3, 4]]);
  });
});

describe("batchedById", () => {
  it("reads the distinct ids of a moment once per shared parameter and answers each caller its row", async () => {
    const reads: Array<[number[], string]> = [];
    const rows = batchedById(async (ids: number[], day: string) => {
      reads.push([ids, day]);
      return new Map(ids.filter((id) => id !== 404).map((id) => [id, `${id}@${day}`]));
    });
    const answers = await Promise.all([
      rows({ id: 1, shared: "d1" }),
      rows({ id: 2, shared: "d1" }),
      rows({ id: 1, shared: "d1" }),
      rows({ id: 1, shared: "d2" }),
      rows({ id: 404, shared: "d1" }),
    ]);
    expect(answers).toEqual(["1@d1", "2@d1", "1@d1", "1@d2", undefined]);
    expect(reads).toEqual([
      [[1, 2, 404], "d1"],
      [[1], "d2"],
    ]);
  });
});
