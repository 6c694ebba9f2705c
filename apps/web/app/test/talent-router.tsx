import { render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { toast } from "sonner";
import { ToastHost } from "../components/toast-host.tsx";
import { WithQueryClient } from "./render.tsx";

/** Shows the current URL (path, query and hash), so tests can assert where a form or link led. */
function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}${location.hash}`}</p>;
}

/**
 * Renders element at `url` in a memory router; every path shows the element again with the
 * current URL beside it, as the real /players page re-renders on a new query. Test-only helper.
 */
export function renderAt(url: string, element: (location: { search: string }) => ReactNode) {
  function Page() {
    const location = useLocation();
    return (
      <>
        {element(location)}
        <Where />
      </>
    );
  }
  const Stub = createRoutesStub([{ path: "*", Component: Page }]);
  toast.dismiss();
  const user = userEvent.setup({ delay: null });
  return {
    user,
    ...render(
      <WithQueryClient>
        <Stub initialEntries={[url]} />
        <ToastHost />
      </WithQueryClient>,
    ),
  };
}
