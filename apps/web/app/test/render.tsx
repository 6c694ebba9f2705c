import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ReactNode } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { toast } from "sonner";
import { ToastHost } from "../components/toast-host.tsx";

/** A fresh query client for what a test renders, as the app's root gives every page one. */
export function WithQueryClient({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Shows where the app navigated to, so tests can assert on it. */
function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders a screen inside a memory router (at `path`, with stub pages for every other path it
 * may navigate to), a fresh query client and the toaster. Test-only helper.
 */
export function renderScreen(
  element: ReactNode,
  { path = "/here", queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } }) } = {},
) {
  const Stub = createRoutesStub([
    { path, Component: () => <>{element}</> },
    { path: "*", Component: Where },
  ]);
  // Sonner keeps toasts in a module-level store and replays active ones to a new Toaster:
  // dismiss them so each test sees only its own.
  toast.dismiss();
  // No pause between keystrokes: the forms do not care, and a loaded CI machine stays under time limits.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Stub initialEntries={[path]} />
      <ToastHost />
    </QueryClientProvider>,
  );
  return { user, queryClient, ...result };
}

export const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
