/** The harness never tests another server: a taken E2E_PORT is refused, a free port is found otherwise. */
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { baseUrl } from "./support";
import { choosePort, PortTakenError, readyOn } from "./ports";

describe("end-to-end harness", () => {
  it("refuses a taken E2E_PORT with a clear message", async () => {
    const other = createServer();
    await new Promise<void>((r) => other.listen({ port: 0, host: "127.0.0.1" }, r));
    const port = (other.address() as { port: number }).port;
    try {
      const attempt = choosePort(String(port));
      await expect(attempt).rejects.toBeInstanceOf(PortTakenError);
      await expect(choosePort(String(port))).rejects.toThrow(`Port ${port} (E2E_PORT) is already in use`);
    } finally {
      other.close();
    }
  });

  it("picks a free port when none is asked for, and reads readiness from its own server", async () => {
    const port = await choosePort(undefined);
    expect(port).toBeGreaterThan(0);
    expect(await choosePort(String(port))).toBe(port);
    expect(readyOn("[wrangler:info] Ready on http://localhost:8811", 8811)).toBe(true);
    expect(readyOn("[wrangler:info] Ready on http://localhost:88110", 8811)).toBe(false);
  });

  it("runs this suite against the server it started", async () => {
    const res = await fetch(baseUrl);
    expect(res.status).toBe(200);
    expect(new URL(baseUrl).port).not.toBe("");
  });
});
