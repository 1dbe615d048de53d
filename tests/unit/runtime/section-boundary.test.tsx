import { renderToReadableStream } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { SectionBoundary } from "~/components/ui/SectionBoundary";

function Broken(): never {
  throw new Error("this section is broken");
}

async function render(node: React.ReactNode): Promise<string> {
  const stream = await renderToReadableStream(node, { onError: () => {} });
  await stream.allReady;
  return new Response(stream).text();
}

describe("SectionBoundary", () => {
  it("renders a failing section as its fallback on the server, and the rest of the page as usual", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const html = await render(
      <main>
        <h1>The page</h1>
        <SectionBoundary name="broken part" fallback={<p>Part unavailable</p>}>
          <Broken />
        </SectionBoundary>
        <p>The rest of the page</p>
      </main>,
    );
    expect(html).toContain("<h1>The page</h1>");
    expect(html).toContain("Part unavailable");
    expect(html).toContain("The rest of the page");
  });

  it("renders a working section as it is", async () => {
    const html = await render(
      <SectionBoundary name="fine part">
        <p>Working section</p>
      </SectionBoundary>,
    );
    expect(html).toContain("Working section");
  });
});
