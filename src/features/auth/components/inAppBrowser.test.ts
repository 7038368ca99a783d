import { describe, expect, it } from "vitest";
import { isInAppBrowser } from "./inAppBrowser";

describe("isInAppBrowser", () => {
  it("recognises the Facebook and Instagram in-app browsers", () => {
    expect(isInAppBrowser("Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/444.0.0.0.0;]")).toBe(true);
    expect(isInAppBrowser("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Instagram 300.0.0.0")).toBe(true);
  });
  it("leaves the phone's own browsers alone", () => {
    expect(isInAppBrowser("Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36")).toBe(false);
    expect(isInAppBrowser("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1")).toBe(false);
  });
});
