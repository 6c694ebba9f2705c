import { http, type HttpResponseResolver } from "msw";
import { setupServer } from "msw/node";

/**
 * The API as web tests see it: an MSW server that answers the app's real requests (fetch and
 * XMLHttpRequest) at the network level. Tests declare what the API answers by method and path
 * with mockApi below (or apiServer.use for anything special); a request no test declared is
 * refused as a network failure, with an error naming it in the output. Started, reset after each
 * test and closed by vitest.setup.ts. Tests only.
 */
export const apiServer = setupServer();

export interface SentRequest {
  method: string;
  /** The path and query, as the app asked for it ("/api/talent/players?page=2"). */
  url: string;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
  /** The request's headers, names in lower case. */
  headers: Record<string, string>;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** What a route answers; it gets the parsed JSON body and the URL besides MSW's own arguments. */
export type ApiRoute = (
  call: { body: unknown; url: URL } & Parameters<HttpResponseResolver>[0],
) => Response | Promise<Response>;

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete };

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.clone().text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Declares the API for one test: routes keyed "METHOD /path" (query ignored; MSW path patterns
 * such as "/api/media/:id" allowed). Returns what was sent, in order, and a way to change a
 * route mid-test.
 */
export function mockApi(routes: Record<string, ApiRoute>) {
  const sent: (SentRequest & { route: string })[] = [];
  const declare = (more: Record<string, ApiRoute>) => {
    apiServer.use(
      ...Object.entries(more).map(([route, answer]) => {
        const [method, path] = route.split(" ") as [Method, string];
        return METHODS[method](path, async (info) => {
          const url = new URL(info.request.url);
          const body = await bodyOf(info.request);
          const headers = Object.fromEntries(info.request.headers.entries());
          sent.push({ route, method, url: `${url.pathname}${url.search}`, body, headers });
          return answer({ ...info, body, url });
        });
      }),
    );
  };
  declare(routes);
  return {
    /** Every declared request the app sent, in order. */
    sent,
    /** The requests sent to one route ("POST /api/…"), with their bodies. */
    calls: (route: string) => sent.filter((request) => request.route === route),
    /** Adds or replaces routes (a later declaration wins). */
    set: (route: string, answer: ApiRoute) => declare({ [route]: answer }),
  };
}

/**
 * Every request the app starts from now to the end of the test, declared or not (method and
 * URL only): for tests that check that nothing was sent.
 */
export function recordRequests(): { method: string; url: string }[] {
  const started: { method: string; url: string }[] = [];
  apiServer.events.on("request:start", ({ request }) => {
    const url = new URL(request.url);
    started.push({ method: request.method, url: `${url.pathname}${url.search}` });
  });
  return started;
}
