import { data } from "react-router";
import { ArrowLeftIcon } from "../../components/site/icons.tsx";
import { buttonClasses } from "../../components/ui/button.ts";

/** Shows built-in and seeded text only (and the layout's settings). */

export function loader() {
  throw data({ notFound: true }, { status: 404 });
}

export function action() {
  throw data({ notFound: true }, { status: 404 });
}

export const meta = () => [
  { title: "Page Not Found | Millbrook Community Foundation" },
  { name: "description", content: "The page you were looking for is not on the Millbrook Community Foundation website." },
  { name: "robots", content: "noindex" },
];

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <div className="bg-linear-to-b from-sun-100 to-white px-4 pt-36 pb-24 text-center">
      <div className="mx-auto max-w-xl">
        <p className="text-sm font-bold tracking-[0.14em] text-brand-700 uppercase">Error 404</p>
        <h1 className="mt-3 font-display text-4xl font-semibold text-brand-900">Page Not Found</h1>
        <p className="mt-4 text-lg text-slate-700">
          Sorry, we couldn't find the page you were looking for. It may have moved, or the link may be mistyped.
        </p>
        <a href="/" className={buttonClasses("primary", "lg", "mt-8")}>
          <ArrowLeftIcon className="size-5" />
          Return Home
        </a>
      </div>
    </div>
  );
}
