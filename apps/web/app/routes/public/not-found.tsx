import { data } from "react-router";

export function loader() {
  throw data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found | Touchline" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return null;
}
