import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  json: { type: string; timestamp: string; data: any };
}

/**
 * A webhook receiver on loopback. Each path is an endpoint of its own: it answers with the next
 * status queued for the path (then 200), and keeps every request it got.
 */
export class Receiver {
  readonly got: Received[] = [];
  readonly answers = new Map<string, number[]>();
  private n = 0;
  private server!: Server;
  url = '';

  async start(path = '/hook'): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const path = req.url ?? '';
        this.got.push({ path, headers: req.headers, body, json: JSON.parse(body) });
        res.statusCode = this.answers.get(path)?.shift() ?? 200;
        res.end(`answer ${res.statusCode}`);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
    return this;
  }

  /** A new endpoint URL on this receiver, answering `answers` first. */
  endpoint(answers: number[] = []): string {
    const path = `/hook/${++this.n}`;
    this.answers.set(path, answers);
    return this.url.replace(/\/hook$/, path);
  }

  /** What the endpoint URL received, in order. */
  at(url: string): Received[] {
    const path = new URL(url).pathname;
    return this.got.filter((r) => r.path === path);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/**
 * Verifies a request with the standardwebhooks package. Its timestamp tolerance (5 minutes) is
 * judged against `now`, the test's clock, since tests move time to reach retries.
 */
export function verify(secret: string, r: Received, now: Date = new Date()): unknown {
  const wh = new Webhook(secret);
  const sent = Number(r.headers['webhook-timestamp']);
  if (Math.abs(now.getTime() / 1000 - sent) > 300) throw new Error('timestamp outside the tolerance');
  // The package checks its tolerance against the wall clock; ours was checked above.
  (wh as unknown as { verifyTimestamp: (h: string) => Date }).verifyTimestamp = (h) => new Date(Number(h) * 1000);
  return wh.verify(r.body, r.headers as Record<string, string>);
}
