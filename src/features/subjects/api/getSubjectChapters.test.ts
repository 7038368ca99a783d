import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { isNotFound } from "@tanstack/react-router";
import { ApiRequestError } from "@/lib/api";
import { makeSubjectPage } from "../testData";
import { ensureSubjectChapters } from "./getSubjectChapters";

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ensureSubjectChapters (the subject page's loader)", () => {
  it("loads the subject page into the cache", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ payload: makeSubjectPage() })));
    const qc = client();
    const page = await ensureSubjectChapters(qc, "maths");
    expect(page.subject.slug).toBe("maths");
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toBe("/api/student/subjects/maths/chapters");
  });

  it("turns the API's 404 into the router's not-found", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ code: "not_found", message: "Not found" }, { status: 404 })));
    const err = await ensureSubjectChapters(client(), "inconnue").catch((e: unknown) => e);
    expect(isNotFound(err)).toBe(true);
  });

  it("shows not-found for a malformed slug (422 on slug)", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ code: "validation_failed", message: "Invalid", errors: { slug: ["slug_invalid"] } }, { status: 422 })));
    expect(isNotFound(await ensureSubjectChapters(client(), "Maths").catch((e: unknown) => e))).toBe(true);
  });

  it("lets other errors through", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => Response.json({ code: "server_error", message: "Boom" }, { status: 500 })));
    const err = await ensureSubjectChapters(client(), "maths").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(isNotFound(err)).toBe(false);
  });
});
