import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiRequestError, api } from "../api";
import { describeError } from "./errors";
import { activateLocale, i18n } from "./index";

/** The answer of the server while its database is away (server/lib/errors.ts `databaseUnavailable`). */
const unavailable = () =>
  new Response(JSON.stringify({ message: "The database is unavailable for a moment", code: "database_unavailable" }), {
    status: 503,
    headers: { "Content-Type": "application/json", "Retry-After": "5" },
  });

afterEach(() => activateLocale("fr"));

describe("503 database_unavailable", () => {
  it("reaches the app as its code with Retry-After, and reads 'réessayez dans un instant' in each language", async () => {
    vi.stubGlobal("fetch", async () => unavailable());
    const err = await api("/student/subjects").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 503, code: "database_unavailable", retryAfter: 5 });
    await activateLocale("fr");
    expect(describeError(i18n, err)).toBe("Le service est momentanément indisponible, réessayez dans un instant.");
    await activateLocale("en");
    expect(describeError(i18n, err)).toBe("The service is temporarily unavailable, try again in a moment.");
    await activateLocale("ar");
    expect(describeError(i18n, err)).toBe("الخدمة غير متاحة مؤقتًا، أعد المحاولة بعد لحظات.");
  });
});
