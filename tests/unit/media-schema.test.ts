/** The Media tab's schema, as the browser runs it on blur (the action runs the same one), and sizes for people. */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { humanSize, MAX_IMAGE_BYTES } from "~/features/media/media";
import { MEDIA_MESSAGES } from "~/features/media/media.messages";
import { mediaSchema } from "~/features/media/media.resource";

function parse(fields: Record<string, string | File>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: mediaSchema });
}
/** The field errors of a refused submission (null when it passed). */
function errorsOf(fields: Record<string, string | File>) {
  const submission = parse(fields);
  return submission.status === "error" ? submission.error : null;
}

describe("mediaSchema", () => {
  it("accepts a file up to 5 MB with alt text", () => {
    const submission = parse({ file: new File([new Uint8Array(MAX_IMAGE_BYTES)], "a.png"), alt: " A chart " });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value.alt).toBe("A chart");
  });

  it("refuses an empty file, one byte over 5 MB and missing or long alt text, each with its message", () => {
    expect(errorsOf({ file: new File([], "a.png"), alt: "x" })).toEqual({ file: [MEDIA_MESSAGES.empty] });
    expect(errorsOf({ file: new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], "a.png"), alt: "x" })).toEqual({
      file: [MEDIA_MESSAGES.tooLarge],
    });
    expect(errorsOf({ file: new File(["x"], "a.png"), alt: "  " })).toEqual({ alt: [MEDIA_MESSAGES.altRequired] });
    expect(errorsOf({ file: new File(["x"], "a.png"), alt: "a".repeat(301) })).toEqual({ alt: [MEDIA_MESSAGES.altTooLong] });
  });

  it("leaves 'no file' to the server's check (the edit form has none)", () => {
    expect(parse({ alt: "Only alt" }).status).toBe("success");
  });
});

describe("humanSize", () => {
  it("writes bytes as people read them", () => {
    expect(humanSize(840)).toBe("840 bytes");
    expect(humanSize(12 * 1024)).toBe("12 KB");
    expect(humanSize(1.2 * 1024 * 1024)).toBe("1.2 MB");
    expect(humanSize(5 * 1024 * 1024)).toBe("5 MB");
  });
});
