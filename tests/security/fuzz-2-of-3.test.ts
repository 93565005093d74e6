import { describeHostileInput } from "./fuzz";

// Hostile input, the second of three shares of the routes (see fuzz.ts).
await describeHostileInput(2, 3);
