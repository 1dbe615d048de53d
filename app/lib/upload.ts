import { useState } from "react";

/** Where an upload is: sending the body, or sent and waiting for the server's answer. */
export type UploadPhase = "idle" | "uploading" | "processing";

/** The server's answer: its status and its body as JSON (`null` when it is not JSON). */
export interface UploadAnswer {
  status: number;
  json: unknown;
}

/**
 * The one upload with progress, for forms that work without JavaScript (a
 * multipart POST) and, with it, send their file by XMLHttpRequest (fetch
 * reports no upload progress). `send` posts the body and resolves with the
 * answer, or `null` when the request failed (network, aborted); meanwhile
 * `progress` is the percentage sent (`null` when idle) and `phase` says
 * whether the body is still going up.
 */
export function useUpload() {
  const [progress, setProgress] = useState<number | null>(null);
  const [phase, setPhase] = useState<UploadPhase>("idle");
  const send = (url: string, body: FormData) =>
    new Promise<UploadAnswer | null>((resolve) => {
      const done = (answer: UploadAnswer | null) => {
        setPhase("idle");
        setProgress(null);
        resolve(answer);
      };
      const xhr = new XMLHttpRequest();
      xhr.open("POST", url);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) setProgress(Math.round((e.loaded / e.total) * 100));
      };
      xhr.upload.onload = () => setPhase("processing");
      xhr.onload = () => {
        let json: unknown = null;
        try {
          json = JSON.parse(xhr.responseText);
        } catch {
          json = null;
        }
        done({ status: xhr.status, json });
      };
      xhr.onerror = () => done(null);
      xhr.onabort = () => done(null);
      setPhase("uploading");
      setProgress(0);
      xhr.send(body);
    });
  return { progress, phase, busy: phase !== "idle", send };
}
