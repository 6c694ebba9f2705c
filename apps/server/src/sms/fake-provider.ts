import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  form: URLSearchParams;
}

/**
 * A stand-in SMS provider on 127.0.0.1 for the adapter tests: records each request and answers
 * with whatever the test's handler returns.
 */
export async function startFakeProvider(
  answer: (request: RecordedRequest) => { status: number; body: string; contentType?: string },
) {
  const requests: RecordedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const recorded = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body,
        form: new URLSearchParams(body),
      };
      requests.push(recorded);
      const reply = answer(recorded);
      res.writeHead(reply.status, { "content-type": reply.contentType ?? "application/json" });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
