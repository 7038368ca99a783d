import type { Affiliation, Me, Permissions } from "@domain/user";
import type { PublicConfig } from "@/lib/config";

const noPermissions: Permissions = {
  forum: false,
  exam: false,
  isProfSon: false,
  versPilote: false,
  freeHours: false,
  hasEditDivision: false,
  influencer: false,
  eligibleUserForGift: false,
  takeTrialAdvantage: false,
  search: true,
  changePassword: false,
  discount: false,
};

/** An offer of the pupil (`group` is the offer group: 35 Gold, 34 Silver+, 33 operator Silver, 104 …). */
export function makeAffiliation(groupId: number, overrides: Partial<Affiliation> = {}): Affiliation {
  return {
    id: groupId * 10,
    offer_id: groupId,
    group: { id: groupId, name: `Groupe ${groupId}` },
    period: "year",
    start_date: "2026-09-15",
    end_date: "2027-06-30",
    ...overrides,
  };
}

/** A verified pupil without offers, points or permissions; override what a test needs. */
export function makeMe(overrides: Partial<Omit<Me, "permissions">> & { permissions?: Partial<Permissions> } = {}): Me {
  const { permissions, ...rest } = overrides;
  return {
    id: 1,
    user_type: "student",
    name: "Yasmine",
    last_name: "Ben Salah",
    email: "eleve@darsi.tn",
    phone: "22000001",
    phone2: null,
    gender: "female",
    birth_date: "2008-03-14",
    avatar: null,
    points: 0,
    gift_point: 0,
    division: { id: 18, name: "Bac Mathématiques" },
    optional_subject: null,
    country: { id: 1, name: "Tunisie" },
    state: { id: 1, name: "Ariana" },
    delegation: null,
    institute: null,
    affiliations: [],
    completed: true,
    verified: true,
    google_id: null,
    facebook_id: null,
    freeHours: null,
    isTest: false,
    gift_code: null,
    password_changed_at: null,
    hasPhoneParent: false,
    created_at: "2026-01-01T00:00:00.000Z",
    discountCode: null,
    discountType: null,
    discountAmount: null,
    studentLevel: "baccalaureate",
    hasParent: false,
    hasParentRequest: false,
    digitalVirgoClient: false,
    adminId: null,
    ...rest,
    permissions: { ...noPermissions, ...permissions },
  };
}

export const testConfig: PublicConfig = {
  botCheck: "off",
  teacherAppUrl: "https://prof.example.tn/",
  registrationUrl: "https://www.example.tn/inscription",
  forumUrl: "https://forum.example.tn/",
  termsUrl: "https://www.example.tn/conditions",
  paymentMethods: ["online", "d17", "bank"],
};

/** A bearer token shaped like the server's (a JWT whose payload carries `sub`): the device store reads the user from it. */
export function fakeToken(userId = 1): string {
  const payload = btoa(JSON.stringify({ sub: String(userId), sid: "00000000-0000-4000-8000-000000000000" })).replace(/=+$/, "");
  return `eyJhbGciOiJIUzI1NiJ9.${payload}.signature`;
}
