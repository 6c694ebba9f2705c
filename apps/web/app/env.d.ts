import type { WebLoadContext } from "@touchline/contract/load-context";

declare module "react-router" {
  interface AppLoadContext extends WebLoadContext {}
}
