import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { waitlistSchema } from "~/features/lead-capture/waitlist.schema";
import { WAITLIST_MESSAGES } from "~/features/lead-capture/lead-capture.messages";

function errorsFor(email: string | undefined) {
  const fd = new FormData();
  if (email !== undefined) fd.set("email", email);
  const submission = parseWithZod(fd, { schema: waitlistSchema });
  return submission.status === "success" ? null : submission.error?.email;
}

describe("waitlist schema", () => {
  it("asks for the email when it is missing, empty or only spaces", () => {
    expect(errorsFor(undefined)).toEqual([WAITLIST_MESSAGES.required]);
    expect(errorsFor("")).toEqual([WAITLIST_MESSAGES.required]);
    expect(errorsFor("    ")).toEqual([WAITLIST_MESSAGES.required]);
  });

  it("asks for a valid email when it is malformed", () => {
    for (const bad of ["plainaddress", "a@", "@b.com", "a b@c.com", "<script>@x", `${"a".repeat(250)}@example.com`]) {
      expect(errorsFor(bad)).toEqual([WAITLIST_MESSAGES.invalid]);
    }
  });

  it("trims and lower-cases a valid email, so one person is one row", () => {
    expect(waitlistSchema.parse({ email: "  Ada.Lovelace@Example.COM " })).toEqual({ email: "ada.lovelace@example.com" });
  });

  it("uses the spec's texts", () => {
    expect(WAITLIST_MESSAGES.required).toBe("Please enter your email");
    expect(WAITLIST_MESSAGES.success).toBe("You're on the waitlist! We'll notify you when the game launches.");
    expect(WAITLIST_MESSAGES.failure).toBe("Failed to join waitlist. Please try again.");
  });
});
