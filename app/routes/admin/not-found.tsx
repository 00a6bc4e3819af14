import { data } from "react-router";

/** Unknown admin addresses: staff only (the layout checks first), then 404. */
export async function loader() {
  throw data(null, { status: 404 });
}

export async function action() {
  throw data(null, { status: 404 });
}

export default function AdminNotFound() {
  return null;
}
