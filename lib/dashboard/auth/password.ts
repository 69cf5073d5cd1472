import "server-only";
import { hash, verify } from "@node-rs/argon2";

/** @node-rs/argon2 exports Algorithm as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not tell. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword("not-a-real-password");
  return dummy;
}
