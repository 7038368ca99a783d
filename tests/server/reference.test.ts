import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./harness";

let h: TestServer;
beforeAll(async () => {
  h = await startTestServer();
});
afterAll(async () => {
  await h?.close();
});

async function payload(path: string) {
  const res = await h.request("GET", path);
  expect(res.status, path).toBe(200);
  expect(res.headers.get("content-type")).toContain("application/json");
  return res.json.payload;
}

describe("reference lists (public, no token)", () => {
  it("GET /api/countries: Tunisia is id 1", async () => {
    const countries = await payload("/api/countries");
    expect(countries[0]).toEqual({ id: 1, name: "Tunisie", name_en: "Tunisia", name_ar: "تونس", code: "TN" });
    expect(countries.length).toBeGreaterThan(1);
    expect(countries.map((c: { id: number }) => c.id)).toEqual([...countries.map((c: { id: number }) => c.id)].sort((a, b) => a - b));
    expect(countries).toContainEqual(expect.objectContaining({ id: 7, name: "France", code: "FR" }));
  });

  it("GET /api/countries/1/states: the 24 governorates", async () => {
    const states = await payload("/api/countries/1/states");
    expect(states).toHaveLength(24);
    expect(states.map((s: { id: number }) => s.id)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(states[0]).toEqual({ id: 1, name: "Ariana", name_ar: "أريانة" });
    expect(states).toContainEqual({ id: 23, name: "Tunis", name_ar: "تونس" });
    for (const s of states) expect(s.name_ar).toBeTruthy();
  });

  it("a country without governorates has an empty list", async () => {
    expect(await payload("/api/countries/7/states")).toEqual([]);
    expect(await payload("/api/countries/999/states")).toEqual([]);
  });

  it("GET /api/deleg/23/delegation: the delegations of Tunis", async () => {
    const delegations = await payload("/api/deleg/23/delegation");
    expect(delegations).toHaveLength(21);
    const names = delegations.map((d: { name: string }) => d.name);
    expect(names).toEqual(expect.arrayContaining(["El Menzah", "Bab El Bhar", "Carthage", "La Marsa", "Le Bardo", "Médina"]));
    expect(delegations.find((d: { name: string }) => d.name === "El Menzah")).toEqual({ id: expect.any(Number), name: "El Menzah", name_ar: "المنزه" });
    const ariana = await payload("/api/deleg/1/delegation");
    expect(ariana.map((d: { name: string }) => d.name)).toContain("La Soukra");
    expect(ariana.map((d: { name: string }) => d.name)).not.toContain("El Menzah");
  });

  it("GET /api/state/23/institutes: the schools of Tunis, linked to their delegation", async () => {
    const institutes = await payload("/api/state/23/institutes");
    const delegations = await payload("/api/deleg/23/delegation");
    const delegationIds = new Set(delegations.map((d: { id: number }) => d.id));
    expect(institutes.map((i: { name: string }) => i.name)).toEqual(
      expect.arrayContaining(["Collège Sadiki", "Lycée Pilote Bourguiba de Tunis", "Lycée de la Rue du Pacha"]),
    );
    for (const i of institutes) expect(delegationIds.has(i.delegation_id)).toBe(true);
    const medina = delegations.find((d: { name: string }) => d.name === "Médina").id;
    expect(institutes.find((i: { name: string }) => i.name === "Collège Sadiki").delegation_id).toBe(medina);
    const names = institutes.map((i: { name: string }) => i.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("GET /api/divisions: 23 classes in school order with the six bac tracks", async () => {
    const divisions = await payload("/api/divisions");
    expect(divisions).toHaveLength(23);
    expect(divisions[0]).toMatchObject({ id: 1, name: "4ème année primaire", level: "primary" });
    const byLevel = (level: string) => divisions.filter((d: { level: string }) => d.level === level);
    expect(byLevel("primary")).toHaveLength(3);
    expect(byLevel("basic")).toHaveLength(3);
    expect(byLevel("baccalaureate").map((d: { name: string }) => d.name)).toEqual([
      "Bac Mathématiques",
      "Bac Sciences expérimentales",
      "Bac Économie et Gestion",
      "Bac Lettres",
      "Bac Sciences techniques",
      "Bac Sciences de l'informatique",
    ]);
    expect(divisions.find((d: { id: number }) => d.id === 18)).toMatchObject({ name: "Bac Mathématiques", name_en: expect.any(String), name_ar: expect.any(String) });
  });

  it("GET /api/edit-division-reasons: id 4 is 'Autre'", async () => {
    const reasons = await payload("/api/edit-division-reasons");
    expect(reasons.map((r: { id: number }) => r.id)).toEqual([1, 2, 3, 4]);
    expect(reasons[3]).toEqual({ id: 4, name: "Autre", name_en: "Other", name_ar: "أخرى" });
  });

  it("GET /api/optional-subjects/{division}: the options of a class", async () => {
    const bac = await payload("/api/optional-subjects/18");
    expect(bac).toHaveLength(10);
    expect(bac.map((o: { name: string }) => o.name)).toEqual(expect.arrayContaining(["Allemand", "Italien", "Espagnol"]));
    expect(bac).toContainEqual({ id: 101, name: "Allemand", name_ar: "الألمانية" });
    expect(await payload("/api/optional-subjects/1")).toEqual([]);
  });
});

describe("bad ids → 422 on the path parameter", () => {
  it.each([
    ["/api/countries/abc/states", "id"],
    ["/api/countries/0/states", "id"],
    ["/api/countries/-1/states", "id"],
    ["/api/countries/1.5/states", "id"],
    ["/api/deleg/x/delegation", "stateId"],
    ["/api/deleg/0/delegation", "stateId"],
    ["/api/state/abc/institutes", "stateId"],
    ["/api/optional-subjects/x", "id"],
    ["/api/optional-subjects/0", "id"],
  ])("%s", async (path, field) => {
    const res = await h.request("GET", path);
    expect(res.status).toBe(422);
    expect(res.json.code).toBe("validation_failed");
    expect(Object.keys(res.json.errors)).toEqual([field]);
  });
});
