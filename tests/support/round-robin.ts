import { createServer, request as httpRequest, type Server } from 'node:http';
import { freePort } from './free-port';
import { keepAliveAgent } from './light-http';

export interface RoundRobinProxy {
  url: string;
  server: Server;
  /** Which target each request went to, in order (its index in `targets`). */
  sentTo: number[];
  close(): Promise<void>;
}

/** A small round-robin proxy in front of several instances, as a load balancer would be: each request to the next. */
export async function roundRobin(targets: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const sentTo: number[] = [];
  const server = createServer((req, res) => {
    const index = next++ % targets.length;
    sentTo.push(index);
    const target = new URL(targets[index]!);
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        // Connections to the instances are kept, as a load balancer keeps them.
        agent: keepAliveAgent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    sentTo,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
