export * from "./identity";
export * from "./outbox";
