import type { WebLoadContext } from "@touchline/contract/load-context";

declare module "react-router" {
  // Declaration merging needs an interface, even one that only names what it extends.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}
