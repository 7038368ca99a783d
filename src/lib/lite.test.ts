import { afterEach, describe, expect, it } from "vitest";
import { decideLite, liteState, mayBeMobileData, setLiteChoice } from "./lite";

describe("decideLite", () => {
  it("turns lite mode on automatically when the browser asks to save data", () => {
    expect(decideLite("auto", { saveData: true, effectiveType: "4g" })).toEqual({ choice: "auto", on: true, reason: "save-data" });
  });

  it("turns lite mode on automatically on a 2g or slow-2g link, not on 3g or 4g", () => {
    expect(decideLite("auto", { effectiveType: "2g" }).on).toBe(true);
    expect(decideLite("auto", { effectiveType: "slow-2g" }).reason).toBe("slow-link");
    expect(decideLite("auto", { effectiveType: "3g" }).on).toBe(false);
    expect(decideLite("auto", { effectiveType: "4g", saveData: false }).on).toBe(false);
  });

  it("stays off automatically when the browser tells nothing (Safari, Firefox)", () => {
    expect(decideLite("auto", undefined)).toEqual({ choice: "auto", on: false, reason: null });
  });

  it("lets the pupil's choice win over the link, both ways", () => {
    expect(decideLite("off", { saveData: true, effectiveType: "slow-2g" })).toEqual({ choice: "off", on: false, reason: null });
    expect(decideLite("on", { effectiveType: "4g" })).toEqual({ choice: "on", on: true, reason: null });
  });
});

describe("mayBeMobileData", () => {
  it("believes the connection type when the browser gives it", () => {
    expect(mayBeMobileData({ type: "cellular", effectiveType: "4g" })).toBe(true);
    expect(mayBeMobileData({ type: "wifi", effectiveType: "2g", saveData: true })).toBe(false);
    expect(mayBeMobileData({ type: "ethernet" })).toBe(false);
  });

  it("without the type, counts a slow link or a data-saving preference as mobile data, a 4g link as not", () => {
    expect(mayBeMobileData({ effectiveType: "3g" })).toBe(true);
    expect(mayBeMobileData({ effectiveType: "4g", saveData: true })).toBe(true);
    expect(mayBeMobileData({ effectiveType: "4g" })).toBe(false);
  });

  it("asks when the browser tells nothing at all", () => {
    expect(mayBeMobileData(undefined)).toBe(true);
  });
});

describe("the choice kept on the device", () => {
  afterEach(() => {
    setLiteChoice("auto");
    localStorage.clear();
  });

  it("keeps on and off in localStorage, and forgets the key for automatic", () => {
    setLiteChoice("on");
    expect(localStorage.getItem("darsi_lite")).toBe("on");
    expect(liteState()).toMatchObject({ choice: "on", on: true });
    setLiteChoice("off");
    expect(localStorage.getItem("darsi_lite")).toBe("off");
    expect(liteState().on).toBe(false);
    setLiteChoice("auto");
    expect(localStorage.getItem("darsi_lite")).toBeNull();
    expect(liteState().choice).toBe("auto");
  });
});
