import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, setSession } from "../session";
import { getOfflineStatus, reportReachable } from "../offline/status";
import { api, apiBlob, ApiRequestError } from "./index";

/** The fake network: answers `reply` and records each request. */
function network(reply: () => Response | Promise<Response>) {
  const fake = vi.fn(async (_url: string, _init: RequestInit) => reply());
  vi.stubGlobal("fetch", fake);
  return {
    url: (i = 0) => fake.mock.calls[i]![0],
    init: (i = 0) => fake.mock.calls[i]![1],
    headers: (i = 0) => fake.mock.calls[i]![1].headers as Record<string, string>,
  };
}

beforeEach(() => {
  setSession({ token: "tok-1" });
  localStorage.setItem("locale", "ar");
  reportReachable(true);
});

afterEach(() => {
  clearSession();
});

describe("api(): a JSON call", () => {
  it("sends the bearer token, the language, the key and the JSON body, and unwraps the envelope", async () => {
    const net = network(() => Response.json({ payload: { id: 3 }, message: "ok" }));
    const res = await api<{ id: number }>("/student/things", { method: "POST", body: { a: 1 }, query: { page: 2, none: null }, idempotencyKey: "k-1" });
    expect(res).toEqual({ payload: { id: 3 }, message: "ok" });
    expect(net.url()).toBe("/api/student/things?page=2");
    expect(net.init().method).toBe("POST");
    expect(net.init().body).toBe('{"a":1}');
    expect(net.headers()).toMatchObject({
      Accept: "application/json",
      Authorization: "Bearer tok-1",
      "Content-Type": "application/json",
      "Idempotency-Key": "k-1",
    });
    expect(net.headers()["Accept-Language"]).toBe("ar");
    // This browser's device id, made once and sent with every call (a referral used from its owner's device is flagged).
    const device = net.headers()["X-Device-Id"];
    expect(device).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem("darsi_device")).toBe(device);
  });

  it("sends no token when anonymous, and no Content-Type without a body", async () => {
    const net = network(() => Response.json({ payload: [] }));
    await api("/config", { anonymous: true });
    expect(net.headers().Authorization).toBeUndefined();
    expect(net.headers()["Content-Type"]).toBeUndefined();
    expect(net.init().body).toBeUndefined();
  });

  it("throws the envelope's error with its Retry-After, and the server counts as reachable", async () => {
    reportReachable(false);
    network(() => Response.json({ code: "rate_limited", message: "Slow down" }, { status: 429, headers: { "Retry-After": "30" } }));
    const err = await api("/student/x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ status: 429, code: "rate_limited", message: "Slow down", retryAfter: 30 });
    expect(getOfflineStatus().reachable).toBe(true);
  });

  it("a network failure is status 0 and marks the server unreachable; an abort stays an abort", async () => {
    network(() => Promise.reject(new TypeError("Failed to fetch")));
    const err = await api("/student/x").catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 0, code: "network_error", isNetwork: true });
    expect(getOfflineStatus().reachable).toBe(false);
    network(() => Promise.reject(new DOMException("Aborted", "AbortError")));
    const aborted = await api("/student/x").catch((e: unknown) => e);
    expect(aborted).toBeInstanceOf(DOMException);
    expect((aborted as DOMException).name).toBe("AbortError");
  });

  it("a body cut while it is read is an abort or a network error, never an empty payload; an empty body is null", async () => {
    const cut = (reason: Error) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"payload":{"id"'));
            controller.error(reason);
          },
        }),
        { status: 200, headers: { "Content-Type": "application/json" } },
      );
    network(() => cut(new DOMException("Aborted", "AbortError")));
    const aborted = await api("/auth/me").catch((e: unknown) => e);
    expect((aborted as DOMException).name).toBe("AbortError");
    network(() => cut(new TypeError("network error")));
    expect(await api("/auth/me").catch((e: unknown) => e)).toMatchObject({ status: 0, code: "network_error" });
    expect(getOfflineStatus().reachable).toBe(false);
    // A captive portal's page with a 200 is not the API's answer.
    network(() => new Response("<html>Wi-Fi login</html>", { status: 200, headers: { "Content-Type": "text/html" } }));
    expect(await api("/auth/me").catch((e: unknown) => e)).toMatchObject({ status: 0, code: "network_error" });
    network(() => new Response(null, { status: 204 }));
    expect(await api("/student/x", { method: "DELETE" })).toEqual({ payload: null });
  });
});

describe("api(): a raw body", () => {
  it("sends a form as is, without a Content-Type (the browser writes the multipart boundary)", async () => {
    const net = network(() => Response.json({ payload: { avatar: "/user/avatar?v=2" } }));
    const form = new FormData();
    form.set("imageFile", new Blob(["jpeg"], { type: "image/jpeg" }), "avatar.jpg");
    const res = await api<{ avatar: string }>("/user/avatar", { method: "POST", raw: form });
    expect(res.payload.avatar).toBe("/user/avatar?v=2");
    expect(net.init().body).toBe(form);
    expect(net.headers()["Content-Type"]).toBeUndefined();
    expect(net.headers().Authorization).toBe("Bearer tok-1");
  });

  it("sends an upload chunk with its own Content-Type, offset and extra headers, and reads the JSON answer", async () => {
    const net = network(() => Response.json({ payload: { id: "u1", offset: 4, complete: true } }));
    const chunk = new Blob(["abcd"]);
    const res = await api<{ offset: number }>("/student/content-exam/5/uploads/u1", {
      method: "PUT",
      query: { offset: 0 },
      raw: chunk,
      contentType: "application/octet-stream",
      headers: { "Upload-Offset": "0" },
    });
    expect(res.payload.offset).toBe(4);
    expect(net.url()).toBe("/api/student/content-exam/5/uploads/u1?offset=0");
    expect(net.init().body).toBe(chunk);
    expect(net.headers()).toMatchObject({ "Content-Type": "application/octet-stream", "Upload-Offset": "0", Authorization: "Bearer tok-1" });
  });
});

describe("apiBlob(): a file answer", () => {
  it("fetches a private file with the bearer token and answers its bytes", async () => {
    const net = network(() => new Response(new Blob(["%PDF-1.7"], { type: "application/pdf" })));
    const blob = await apiBlob("/student/mark-sheet/4/file");
    expect(await blob.text()).toBe("%PDF-1.7");
    expect(net.url()).toBe("/api/student/mark-sheet/4/file");
    expect(net.headers().Authorization).toBe("Bearer tok-1");
  });

  it("throws the envelope's error for a refused file", async () => {
    network(() => Response.json({ code: "not_found", message: "Not found" }, { status: 404 }));
    await expect(apiBlob("/user/avatar?v=1")).rejects.toMatchObject({ status: 404, code: "not_found" });
  });
});
