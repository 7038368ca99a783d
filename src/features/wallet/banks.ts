/**
 * The three bank accounts a pupil's family can pay into (SPEC §9 "three named, names not shown": invented banks and
 * accounts). A RIB is 20 digits: bank (2), branch (3), account (13), key (2, checked: 97 − (first 18 digits × 100
 * mod 97)).
 */
export interface BankAccount {
  id: string;
  /** The bank's and the branch's names in French (the reference), Arabic and English (shown with `localized`). */
  bank: string;
  bank_ar: string;
  bank_en: string;
  branch: string;
  branch_ar: string;
  branch_en: string;
  holder: string;
  rib: string;
}

export const BANK_ACCOUNTS: readonly BankAccount[] = [
  {
    id: "carthage",
    bank: "Banque de Carthage",
    bank_ar: "بنك قرطاج",
    bank_en: "Bank of Carthage",
    branch: "Agence Lac II, Tunis",
    branch_ar: "فرع البحيرة 2، تونس",
    branch_en: "Lac II branch, Tunis",
    holder: "Darsi SARL",
    rib: "91301000192837465075",
  },
  {
    id: "oasis",
    bank: "Banque Oasis de Tunisie",
    bank_ar: "بنك الواحة التونسي",
    bank_en: "Oasis Bank of Tunisia",
    branch: "Agence Sousse Centre",
    branch_ar: "فرع سوسة المركز",
    branch_en: "Sousse Centre branch",
    holder: "Darsi SARL",
    rib: "93512000441772338111",
  },
  {
    id: "medina",
    bank: "Crédit Médina",
    bank_ar: "بنك المدينة للقرض",
    bank_en: "Medina Credit Bank",
    branch: "Agence Sfax El Jadida",
    branch_ar: "فرع صفاقس الجديدة",
    branch_en: "Sfax El Jadida branch",
    holder: "Darsi SARL",
    rib: "95088000905226184774",
  },
];

/** "91 301 0001928374650 75": the RIB in its four parts, as printed on a bank's slip. */
export function formatRib(rib: string): string {
  return `${rib.slice(0, 2)} ${rib.slice(2, 5)} ${rib.slice(5, 18)} ${rib.slice(18)}`;
}

/** True when the RIB's key matches its first 18 digits. */
export function isRibValid(rib: string): boolean {
  if (!/^\d{20}$/.test(rib)) return false;
  const key = 97n - ((BigInt(rib.slice(0, 18)) * 100n) % 97n);
  return key === BigInt(rib.slice(18));
}
