/** The live-room adapter (server/adapters/live): the app's own page locally, the provider's room when configured. */
import { describe, expect, it } from "vitest";
import { createLiveRooms } from "../../server/adapters/live";
import { loadEnv } from "../../server/env";
import { productionEnv } from "./production-env";

describe("live rooms", () => {
  it("locally: the app's /live/{id} page, in the app", () => {
    expect(createLiveRooms({}).roomUrl({ eventId: 7, roomKey: "darsi-abc", displayName: "Amine" })).toEqual({ url: "/live/7", external: false });
  });

  it("with LIVE_PROVIDER_URL: the provider's room named by the session's key, with the pupil's name, in a new tab", () => {
    const rooms = createLiveRooms({ LIVE_PROVIDER_URL: "https://meet.example.tn/rooms", NODE_ENV: "production" });
    const room = rooms.roomUrl({ eventId: 7, roomKey: "darsi-abc def", displayName: "Amine Ben Ali" });
    expect(room.external).toBe(true);
    expect(room.url).toBe(`https://meet.example.tn/rooms/darsi-abc%20def#userInfo.displayName=${encodeURIComponent('"Amine Ben Ali"')}`);
  });

  it("refuses a provider URL that is not one, or not https in production", () => {
    expect(() => createLiveRooms({ LIVE_PROVIDER_URL: "not a url" })).toThrow(/LIVE_PROVIDER_URL/);
    expect(() => createLiveRooms({ LIVE_PROVIDER_URL: "http://meet.example.tn/", NODE_ENV: "production" })).toThrow(/https/);
    expect(createLiveRooms({ LIVE_PROVIDER_URL: "http://localhost:8443/" }).roomUrl({ eventId: 1, roomKey: "r", displayName: "x" }).external).toBe(true);
  });

  it("is checked at boot with the rest of the environment", () => {
    expect(() => loadEnv({ LIVE_PROVIDER_URL: "meet" })).toThrow(/LIVE_PROVIDER_URL/);
    expect(() => loadEnv(productionEnv({ LIVE_PROVIDER_URL: "http://meet.example.tn/" }))).toThrow(/LIVE_PROVIDER_URL: must be https/);
    expect(loadEnv({ LIVE_PROVIDER_URL: "https://meet.example.tn/" }).LIVE_PROVIDER_URL).toBe("https://meet.example.tn/");
  });
});
