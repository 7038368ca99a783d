import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { issuesToErrors } from "./schemas/issues";
import { AnswerParentRequestSchema, groupByTopic, isParentRequestPending, isReportEditable, ReportStatusSchema, VideoReportUpdateSchema } from "./account";

describe("parent requests", () => {
  it("approved is true or false (JSON or form spellings); anything else is approved_required", () => {
    for (const [input, out] of [[true, true], [false, false], ["true", true], ["false", false], [1, true], [0, false]] as const) {
      expect(v.parse(AnswerParentRequestSchema, { approved: input }).approved).toBe(out);
    }
    for (const bad of [undefined, null, "yes", 2, "", {}]) {
      const r = v.safeParse(AnswerParentRequestSchema, { approved: bad });
      expect(r.success).toBe(false);
      expect(r.issues?.[0]?.message).toBe("approved_required");
    }
  });

  it("null is pending; true and false are final", () => {
    expect(isParentRequestPending({ approved: null })).toBe(true);
    expect(isParentRequestPending({ approved: true })).toBe(false);
    expect(isParentRequestPending({ approved: false })).toBe(false);
  });
});

describe("video reports", () => {
  it("only a pending report is editable", () => {
    expect(isReportEditable({ status: "Pending" })).toBe(true);
    for (const s of ["In progress", "Rejected", "Resolved"]) expect(isReportEditable({ status: s })).toBe(false);
  });

  it("an edit needs a reason and a description (trimmed, at most 1000)", () => {
    expect(v.parse(VideoReportUpdateSchema, { reportReason: "2", description: "  Son coupé  " })).toEqual({ reportReason: 2, description: "Son coupé" });
    const codes = (input: unknown) => Object.values(issuesToErrors(v.safeParse(VideoReportUpdateSchema, input).issues ?? [])).flat();
    expect(codes({ description: "x" })).toContain("report_reason_required");
    expect(codes({ reportReason: 1, description: "  " })).toContain("description_required");
    expect(codes({ reportReason: 1, description: "x".repeat(1001) })).toContain("description_too_long");
    expect(codes({ reportReason: "abc", description: "x" })).toContain("report_reason_invalid");
  });

  it("a status is one of the four; a rejection needs its reason", () => {
    expect(v.safeParse(ReportStatusSchema, { status: "Resolved" }).success).toBe(true);
    expect(v.safeParse(ReportStatusSchema, { status: "Rejected", rejectReason: "Vidéo conforme" }).success).toBe(true);
    expect(v.safeParse(ReportStatusSchema, { status: "Done" }).issues?.[0]?.message).toBe("report_status_invalid");
    expect(v.safeParse(ReportStatusSchema, { status: "Rejected" }).issues?.[0]?.message).toBe("reject_reason_required");
    expect(v.safeParse(ReportStatusSchema, { status: "Rejected", rejectReason: "  " }).issues?.[0]?.message).toBe("reject_reason_required");
  });
});

describe("help videos", () => {
  it("groups by topic in the order topics first appear, keeping each topic's order", () => {
    const groups = groupByTopic([
      { id: 1, topic: "A" },
      { id: 2, topic: "B" },
      { id: 3, topic: "A" },
      { id: 4, topic: "C" },
    ]);
    expect(groups.map((g) => g.topic)).toEqual(["A", "B", "C"]);
    expect(groups[0]!.videos.map((x) => x.id)).toEqual([1, 3]);
    expect(groupByTopic([])).toEqual([]);
  });
});
