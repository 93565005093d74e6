/** The bordereaux import's constants without zod: the import page reads them in the browser too. */

export const BDX_LIMITS = {
  /** The largest file: 50 MB. */
  fileBytes: 50 * 1024 * 1024,
  /** The most data rows in one file. */
  rows: 100_000,
  /** Rows shown in the preview. */
  previewRows: 20,
} as const;

export const BDX_MESSAGES = {
  companyUuid: "Company uuid not found!",
  fallback: "Something went wrong",
  empty: "You have attempted to upload an invalid/empty file.",
  tooLarge: "The file is larger than 50 MB.",
  tooManyRows: "The file has more than 100,000 rows: split it into smaller files.",
  notSpreadsheet: "This file is not a CSV or XLSX spreadsheet: choose a .csv or .xlsx file.",
  unreadable: "This file could not be read as a spreadsheet",
  fileRequired: "Choose a CSV or XLSX file.",
  mapName: "Enter a name for the map.",
  mapNameTaken: "A map with this name exists already.",
  mapRequired: "Choose a map or create a new one.",
  missingColumn: (column: string) => `The file has no column "${column}".`,
  fieldRequired: (label: string) => `Choose the column for ${label}.`,
  month: "Choose the declaration month.",
  year: "Enter the declaration year (four digits).",
  started: "This import has started already.",
  mapInUse: "This map is being used by an import that has not finished: delete it once the import is done.",
  mapDeleted: "The map was deleted.",
  mapRenamed: "The map was renamed.",
} as const;

/** The policy fields a bordereau column can fill. */
export const BDX_FIELDS = [
  { key: "policy_number", label: "Policy number", required: true },
  { key: "product_name", label: "Product name", required: true },
  { key: "client_name", label: "Client", required: true },
  { key: "client_type", label: "Client type", required: false },
  { key: "client_email", label: "Client e-mail", required: false },
  { key: "insurer", label: "Insurer", required: false },
  { key: "class_of_business", label: "Class of business", required: false },
  { key: "main_broker_name", label: "Brokerage", required: false },
  { key: "premium", label: "Premium", required: true },
  { key: "ipt_rate", label: "IPT rate", required: false },
  { key: "fees", label: "Fees", required: false },
  { key: "inception_date", label: "Inception date", required: true },
  { key: "renewal_date", label: "Renewal date", required: true },
  { key: "state", label: "Status", required: false },
] as const;
export type BdxField = (typeof BDX_FIELDS)[number]["key"];
export const BDX_FIELD_KEYS = BDX_FIELDS.map((f) => f.key) as [BdxField, ...BdxField[]];

export const BDX_IMPORT_STATUSES = ["uploaded", "queued", "running", "done", "failed"] as const;
