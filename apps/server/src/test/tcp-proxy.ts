import net from "node:net";

/**
 * A TCP proxy on a loopback port, for tests that take a database away and bring it back: while
 * up it forwards every connection to target; down() refuses new connections (the port is
 * closed: ECONNREFUSED, like a stopped server) and cuts the open ones (like a crashed one).
 */
export interface TcpProxy {
  port: number;
  up(): Promise<void>;
  down(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(
  target: { host: string; port: number },
  options: { startDown?: boolean } = {},
): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });

  // Take a free port once, then keep it across down()/up().
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;

  const down = async () => {
    for (const socket of sockets) socket.destroy();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  const up = async () => {
    if (!server.listening)
      await new Promise<void>((resolve, reject) => server.once("error", reject).listen(port, "127.0.0.1", resolve));
  };
  if (options.startDown) await down();
  return { port, up, down, close: down };
}
