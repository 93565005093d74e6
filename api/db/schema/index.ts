export * from "./identity";
export * from "./outbox";
export * from "./providers";
export * from "./teams";
export * from "./preferences";
export * from "./lookups";
export * from "./clients";
export * from "./notifications";
