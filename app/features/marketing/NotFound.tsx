import { ButtonLink } from "~/components/ui/Button";
import { Container } from "~/components/ui/Container";

export function NotFound() {
  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold">Oops! Page not found</h1>
      <p className="mt-3 max-w-md text-slate-600">The page you are looking for doesn't exist or has moved.</p>
      <ButtonLink to="/" size="lg" className="mt-8">
        Return to Home
      </ButtonLink>
    </Container>
  );
}

const problems: Record<number, { title: string; body: string }> = {
  400: { title: "That request didn't look right", body: "Please go back and try again." },
  403: { title: "Not allowed", body: "This request was refused. If you followed a link here, go back and try again from our site." },
  405: { title: "Not allowed", body: "This page doesn't accept that kind of request." },
  429: { title: "Too many requests", body: "Please wait a few minutes and try again." },
};

export function ServerError({ status = 500 }: { status?: number }) {
  const problem = problems[status] ?? {
    title: "Something went wrong",
    body: "We hit an unexpected problem. Please try again in a moment; if it keeps happening, contact us.",
  };
  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-600">{problems[status] ? status : 500}</p>
      <h1 className="mt-4 text-3xl font-bold">{problem.title}</h1>
      <p className="mt-3 max-w-md text-slate-600">{problem.body}</p>
      <ButtonLink to="/" size="lg" className="mt-8">
        Return to Home
      </ButtonLink>
    </Container>
  );
}
