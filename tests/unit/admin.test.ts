import { describe, expect, it } from "vitest";
import { constantTimeEqual, hashPassword, isCurrentHash, PBKDF2_ITERATIONS, verifyPassword } from "~/features/auth/password.server";
import { csvStream, neutralizeCell } from "~/lib/csv";

const PEPPER = "unit-test-pepper";

describe("password hashing", () => {
  it("stores algorithm, 100,000 iterations (the production cap), a random salt and the hash", async () => {
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    const a = await hashPassword("correct horse battery", PEPPER);
    const b = await hashPassword("correct horse battery", PEPPER);
    expect(a).toMatch(/^pbkdf2-sha256-pepper\$100000\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(a).not.toBe(b); // a new salt each time
    expect(isCurrentHash(a)).toBe(true);
  });

  it("verifies the right password only", async () => {
    const stored = await hashPassword("s3cret-pass", PEPPER, 1000);
    expect(await verifyPassword("s3cret-pass", stored, PEPPER)).toBe(true);
    expect(await verifyPassword("s3cret-pasS", stored, PEPPER)).toBe(false);
    expect(await verifyPassword("", stored, PEPPER)).toBe(false);
  });

  it("needs the pepper a hash was made with: a dump cannot be checked without the Worker's secret", async () => {
    const stored = await hashPassword("s3cret-pass", PEPPER, 1000);
    expect(await verifyPassword("s3cret-pass", stored, "another-pepper")).toBe(false);
    expect(await verifyPassword("s3cret-pass", stored, null)).toBe(false);
    // Read as an unpeppered hash (PBKDF2 of the password itself, what a cracker without the secret tries): no match.
    const [, iterations, salt, hash] = stored.split("$");
    expect(await verifyPassword("s3cret-pass", `pbkdf2-sha256$${iterations}$${salt}$${hash}`, null)).toBe(false);
  });

  it("still verifies a hash from before the pepper, which is not current (upgraded at the next sign-in)", async () => {
    const old = await hashPassword("pw-from-2025", null);
    expect(old).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(await verifyPassword("pw-from-2025", old, PEPPER)).toBe(true);
    expect(await verifyPassword("pw-from-2024", old, PEPPER)).toBe(false);
    expect(isCurrentHash(old)).toBe(false);
  });

  it("reads the iteration count from the stored hash, so the scheme can be raised later", async () => {
    const old = await hashPassword("pw-from-2025", PEPPER, 5000);
    expect(old.split("$")[1]).toBe("5000");
    expect(await verifyPassword("pw-from-2025", old, PEPPER)).toBe(true);
    expect(isCurrentHash(old)).toBe(false);
  });

  it("rejects malformed stored values instead of throwing", async () => {
    for (const bad of ["", "plain", "md5$1$a$b", "pbkdf2-sha256$abc$a$b", "pbkdf2-sha256$0$a$b", "pbkdf2-sha256-pepper$0$a$b"]) {
      expect(await verifyPassword("x", bad, PEPPER)).toBe(false);
    }
  });

  it("compares in constant time across lengths and contents", () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 0]))).toBe(false);
  });
});

describe("CSV export", () => {
  it("neutralises every formula starter, LF and CR included", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r", "\n"]) {
      expect(neutralizeCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    }
    expect(neutralizeCell("plain@example.com")).toBe("plain@example.com");
    expect(neutralizeCell(null)).toBe("");
    expect(neutralizeCell(new Date(0))).toBe("1970-01-01T00:00:00.000Z");
  });

  it("quotes commas, quotes and line breaks, and writes pages one after another (empty ones skipped)", async () => {
    const bytes = new Uint8Array(
      await new Response(csvStream(["a", "b"], [[["x,y", 'say "hi"']], [], [["line\nbreak", "ok"]]])).arrayBuffer(),
    );
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe('a,b\r\n"x,y","say ""hi"""\r\n"line\nbreak",ok');
  });
});
