/**
 * The admin's small forms (account, notifications, privacy) read at most 16 KB: a bigger body is answered 413,
 * never a 500, and changes nothing.
 */
import { describe, expect, it } from "vitest";
import { SAME_ORIGIN, signedInAdmin } from "./admin-helpers";
import { all, postForm } from "./helpers";

const padding = "x".repeat(17 * 1024);

describe("small admin forms", () => {
  it.for(["/admin/account", "/admin/settings/notifications", "/admin/privacy"])(
    "refuses a body over 16 KB on %s with 413",
    async (path) => {
      const admin = await signedInAdmin();
      const before = await all("SELECT COUNT(*) AS n FROM notification_destinations");
      const res = await postForm(
        path,
        { intent: "add-webhook", name: "Big", url: "https://hooks.example.com/x", note: padding },
        {
          cookie: admin.cookie,
          headers: SAME_ORIGIN,
        },
      );
      expect(res.status).toBe(413);
      expect(await all("SELECT COUNT(*) AS n FROM notification_destinations")).toEqual(before);
    },
  );
});
