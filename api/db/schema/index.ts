export * from "./identity";
export * from "./outbox";
export * from "./providers";
export * from "./teams";
