import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLocation } from "react-router";
import { toast } from "sonner";
import { ToastHost } from "../components/toast-host.tsx";
import AdminAgeChecks from "../routes/admin/ages.tsx";
import AdminAudit from "../routes/admin/audit.tsx";
import AdminDeletions from "../routes/admin/deletions.tsx";
import AdminDeliveries from "../routes/admin/deliveries.tsx";
import AdminEndorsements from "../routes/admin/endorsements.tsx";
import AdminLayout from "../routes/admin/layout.tsx";
import AdminMessages from "../routes/admin/messages.tsx";
import AdminReviews from "../routes/admin/reviews.tsx";
import AdminScouts from "../routes/admin/scouts.tsx";

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * The whole console (layout and its pages, as routes.ts mounts them) in a memory router at
 * `path`, with a fresh query client and the toaster. Other addresses render where they are.
 * Test-only helper.
 */
export function renderConsole(path = "/admin") {
  const Stub = createRoutesStub([
    {
      path: "/admin",
      Component: AdminLayout,
      children: [
        { index: true, Component: AdminReviews },
        { path: "ages", Component: AdminAgeChecks },
        { path: "messages", Component: AdminMessages },
        { path: "deletions", Component: AdminDeletions },
        { path: "audit", Component: AdminAudit },
        { path: "deliveries", Component: AdminDeliveries },
        { path: "scouts", Component: AdminScouts },
        { path: "endorsements", Component: AdminEndorsements },
      ],
    },
    { path: "*", Component: Where },
  ]);
  toast.dismiss();
  const user = userEvent.setup();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Stub initialEntries={[path]} />
      <ToastHost />
    </QueryClientProvider>,
  );
  return { user, queryClient, ...result };
}
