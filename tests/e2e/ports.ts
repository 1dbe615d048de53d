/** Ports for the end-to-end server: a free one, or the one asked for if it is free. */
import { createServer } from "node:net";

function listenOnce(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === "object" && address ? address.port : port;
      server.close(() => resolve(bound));
    });
  });
}

export class PortTakenError extends Error {}

/**
 * `E2E_PORT` when given (refused with a clear message when something already
 * listens there), else a free port chosen by the system.
 */
export async function choosePort(requested: string | undefined): Promise<number> {
  if (!requested) return listenOnce(0);
  const port = Number(requested);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`E2E_PORT must be a port number, not "${requested}"`);
  try {
    return await listenOnce(port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    throw new PortTakenError(
      `Port ${port} (E2E_PORT) is already in use: another server (another checkout or a second test run?) listens there. ` +
        "Stop it, or unset E2E_PORT to let the tests pick a free port.",
    );
  }
}

/** True once wrangler's own output says it is ready on this port (so the server answering is ours). */
export const readyOn = (output: string, port: number) => new RegExp(`Ready on https?://[^\\s]+:${port}\\b`).test(output);
