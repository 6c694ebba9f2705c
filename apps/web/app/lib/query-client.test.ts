import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api.ts";
import { createQueryClient } from "./query-client.ts";
import { SESSION_QUERY_KEY } from "./session.ts";

afterEach(() => vi.restoreAllMocks());

describe("createQueryClient", () => {
  it("checks the session again when any other call is answered 401", async () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    await client
      .fetchQuery({
        queryKey: ["profile"],
        queryFn: () => Promise.reject(new ApiError(401, "Please log in to continue.")),
        retry: false,
      })
      .catch(() => {});
    expect(invalidate).toHaveBeenCalledWith({ queryKey: SESSION_QUERY_KEY });
  });

  it("leaves the session alone for other failures and for the session check itself", async () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    await client
      .fetchQuery({
        queryKey: ["profile"],
        queryFn: () => Promise.reject(new ApiError(404, "Not found")),
        retry: false,
      })
      .catch(() => {});
    await client
      .fetchQuery({
        queryKey: SESSION_QUERY_KEY,
        queryFn: () => Promise.reject(new ApiError(401, "Please log in to continue.")),
        retry: false,
      })
      .catch(() => {});
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("checks the session again when a change is refused with 401", async () => {
    const client = createQueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries");
    const mutation = client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(new ApiError(401, "Please log in to continue.")) });
    await mutation.execute(undefined).catch(() => {});
    expect(invalidate).toHaveBeenCalledWith({ queryKey: SESSION_QUERY_KEY });
  });
});
