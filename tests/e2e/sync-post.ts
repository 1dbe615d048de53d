/**
 * A POST that blocks until its answer, for helpers the tests call without
 * `await` (support.ts, `query`): a worker thread does the fetch while this
 * thread waits on a shared flag.
 */
import { MessageChannel, receiveMessageOnPort, Worker } from "node:worker_threads";

const FETCHER = `
const { parentPort } = require("node:worker_threads");
parentPort.on("message", async ({ url, body, flag, port }) => {
  let reply;
  try {
    const res = await fetch(url, { method: "POST", body });
    reply = { status: res.status, text: await res.text() };
  } catch (error) {
    reply = { status: 0, text: String(error && error.cause ? error.cause : error) };
  }
  port.postMessage(reply);
  port.close();
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});`;

let fetcher: Worker | undefined;

export function postSync(url: string, body: string, timeoutMs = 60_000): { status: number; text: string } {
  if (!fetcher) {
    fetcher = new Worker(FETCHER, { eval: true });
    // The thread must not keep a finished test file's process alive.
    fetcher.unref();
  }
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const { port1, port2 } = new MessageChannel();
  fetcher.postMessage({ url, body, flag, port: port2 }, [port2]);
  const waited = Atomics.wait(flag, 0, 0, timeoutMs);
  const reply = receiveMessageOnPort(port1)?.message as { status: number; text: string } | undefined;
  port1.close();
  if (waited === "timed-out" || !reply) throw new Error(`POST ${url} got no answer within ${timeoutMs} ms`);
  return reply;
}
