import type { AccountingAccount, AccountingDivision, AccountingRecurrence } from "./types";

/** The sandbox's chart of accounts: a UK small business's, as Xero's demo company has it. */
export const SANDBOX_CHART: readonly AccountingAccount[] = [
  { code: "090", name: "Business Bank Account", type: "BANK", sales: false, status: "ACTIVE" },
  { code: "091", name: "Business Savings Account", type: "BANK", sales: false, status: "ACTIVE" },
  { code: "200", name: "Sales", type: "REVENUE", sales: true, status: "ACTIVE" },
  { code: "210", name: "Sales - Wholesale", type: "REVENUE", sales: true, status: "ACTIVE" },
  { code: "220", name: "Sales - Services", type: "REVENUE", sales: true, status: "ACTIVE" },
  { code: "260", name: "Other Revenue", type: "OTHERINCOME", sales: true, status: "ACTIVE" },
  { code: "270", name: "Interest Income", type: "OTHERINCOME", sales: false, status: "ACTIVE" },
  { code: "310", name: "Cost of Goods Sold", type: "DIRECTCOSTS", sales: false, status: "ACTIVE" },
  { code: "400", name: "Advertising & Marketing", type: "EXPENSE", sales: false, status: "ACTIVE" },
  { code: "404", name: "Bank Fees", type: "EXPENSE", sales: false, status: "ACTIVE" },
  { code: "412", name: "Consulting & Accounting", type: "EXPENSE", sales: false, status: "ACTIVE" },
  { code: "429", name: "General Expenses", type: "EXPENSE", sales: false, status: "ACTIVE" },
  { code: "433", name: "Insurance", type: "EXPENSE", sales: false, status: "ACTIVE" },
  { code: "469", name: "Rent", type: "EXPENSE", sales: false, status: "ACTIVE" },
  { code: "489", name: "Telephone & Internet", type: "EXPENSE", sales: false, status: "ACTIVE" },
  { code: "610", name: "Accounts Receivable", type: "CURRENT", sales: false, status: "ACTIVE" },
  { code: "800", name: "Accounts Payable", type: "CURRLIAB", sales: false, status: "ACTIVE" },
  { code: "820", name: "VAT", type: "CURRLIAB", sales: false, status: "ACTIVE" },
  { code: "230", name: "Sales - Legacy", type: "REVENUE", sales: true, status: "ARCHIVED" },
];

export const SANDBOX_SALES_CODES: readonly string[] = SANDBOX_CHART.filter((a) => a.sales && a.status === "ACTIVE").map((a) => a.code);
export const SANDBOX_BANK_CODES: readonly string[] = SANDBOX_CHART.filter((a) => a.type === "BANK").map((a) => a.code);

/** The sandbox's tracking categories. */
export const SANDBOX_DIVISIONS: readonly AccountingDivision[] = [
  { name: "Region", options: ["London", "South East", "North", "Scotland", "Online"] },
  { name: "Business line", options: ["Retail", "Wholesale", "Events", "Advisory"] },
];

/** Repeating schedules (Xero's repeating invoices: a unit and a period). */
export const RECURRENCES: readonly AccountingRecurrence[] = [
  { value: "WEEKLY/1", label: "Every week", unit: "WEEKLY", period: 1 },
  { value: "WEEKLY/2", label: "Every 2 weeks", unit: "WEEKLY", period: 2 },
  { value: "MONTHLY/1", label: "Every month", unit: "MONTHLY", period: 1 },
  { value: "MONTHLY/3", label: "Every quarter", unit: "MONTHLY", period: 3 },
  { value: "MONTHLY/12", label: "Every year", unit: "MONTHLY", period: 12 },
];
