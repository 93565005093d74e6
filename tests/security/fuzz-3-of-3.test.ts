import { describeHostileInput } from "./fuzz";

// Hostile input, the third of three shares of the routes (see fuzz.ts).
await describeHostileInput(3, 3);
