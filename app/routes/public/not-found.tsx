import { data, Link } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export const meta = () => [{ title: "Page Not Found | Millbrook Community Foundation" }];

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="font-display text-3xl font-semibold">Page Not Found</h1>
      <p className="mt-3">Sorry, we couldn't find the page you were looking for.</p>
      <Link to="/" className="mt-6 inline-block underline">
        Return Home
      </Link>
    </main>
  );
}
