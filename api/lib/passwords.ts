import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id recommendation: 19 MiB of memory, 2 iterations, 1 degree of parallelism.
const options = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A well-formed hash that no password matches; verified against when the e-mail is unknown so timing tells nothing. */
export const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$2ZyKpQBVaRH3rxnAoNf5Jyl6Dq2VAq8oiTezHGlKCyI";
