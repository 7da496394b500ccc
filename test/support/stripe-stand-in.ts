import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the Stripe client sent: method, path, headers and the form body, flattened. */
export interface SentRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

type Answer = (req: SentRequest) => { status?: number; body: unknown };

/**
 * A loopback HTTP server standing in for Stripe's API (the client is pointed at it with
 * STRIPE_API_URL). It records every request and answers with a response of the recorded shape
 * from `answers`, keyed by "METHOD /path"; anything else is a Stripe-shaped 404.
 */
export async function stripeStandIn(answers: Record<string, Answer>) {
  const sent: SentRequest[] = [];
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw));
      const path = (req.url ?? '/').split('?')[0];
      const request = { method: req.method ?? 'GET', path, headers: req.headers, form };
      sent.push(request);
      const answer = answers[`${request.method} ${path}`];
      const out = answer
        ? answer(request)
        : {
            status: 404,
            body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } },
          };
      res.writeHead(out.status ?? 200, { 'content-type': 'application/json', 'request-id': 'req_standin' });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
