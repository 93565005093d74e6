import { describeHostileInput } from "./fuzz";

// Hostile input, the first of three shares of the routes (see fuzz.ts).
await describeHostileInput(1, 3);
