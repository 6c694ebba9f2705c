import { Outlet } from "react-router";

/** Shared public layout: fixed header, page, footer (SPEC.md "Shared public layout"). */
export default function PublicLayout() {
  return (
    <>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
