import { data } from "react-router";
import { ErrorPanel } from "../../components/site/error-panel.tsx";

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
    <ErrorPanel eyebrow="Error 404" title="Page Not Found" back={{ href: "/", label: "Return Home" }}>
      Sorry, we couldn't find the page you were looking for. It may have moved, or the link may be mistyped.
    </ErrorPanel>
  );
}
