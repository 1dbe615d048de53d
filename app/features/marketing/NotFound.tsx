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

export function ServerError() {
  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-600">500</p>
      <h1 className="mt-4 text-3xl font-bold">Something went wrong</h1>
      <p className="mt-3 max-w-md text-slate-600">
        We hit an unexpected problem. Please try again in a moment; if it keeps happening, contact us.
      </p>
      <ButtonLink to="/" size="lg" className="mt-8">
        Return to Home
      </ButtonLink>
    </Container>
  );
}
