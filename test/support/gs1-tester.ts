// What GS1's resolver test suite needs around it when it runs here instead of in a browser on
// ref.gs1.org: a TLS front on loopback (the suite judges an https Digital Link, and a deployment of
// qrs has its TLS terminated in front of it), loopback-only requests that never follow a redirect,
// and `tester.php`, the suite's PHP helper, as a function answering the same JSON.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Answer {
  status: number;
  statusText: string;
  httpVersion: string;
  /** response headers as sent, names in their own case, in order */
  rawHeaders: string[];
  body: Buffer;
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** One request to a loopback address, trusting `ca`; a redirect is answered, not followed. */
export function loopbackRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; ca?: string },
): Promise<Answer> {
  const target = new URL(url);
  if (!LOOPBACK.has(target.hostname)) return Promise.reject(new Error(`refused: ${target.host} is not loopback`));
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      { method: init.method ?? 'GET', headers: init.headers, ca: init.ca, agent: false, timeout: 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            statusText: res.statusMessage ?? '',
            httpVersion: res.httpVersion,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end();
  });
}

/** PHP's parseHeadersToArray: name → value, a repeated name keeps its last value. */
const headerArray = (a: Answer) => {
  const out: Record<string, string> = {};
  for (let i = 0; i < a.rawHeaders.length; i += 2) out[a.rawHeaders[i]!] = a.rawHeaders[i + 1]!;
  return out;
};

const ORIGIN = 'Origin: https://ref.gs1.org/test-suites/resolver/';

/**
 * tester.php's answer to `?test=…&testVal=…[&mediaType=…][&lang=…]`. Differences, all on the side
 * of fetching what the suite asked for: testVal is decoded once (the PHP decodes it twice, which
 * turns a `%2F` inside a lot into a path separator), and only loopback is fetched.
 */
export async function tester(query: URLSearchParams, ca: string): Promise<unknown> {
  const test = query.get('test') ?? '';
  const testVal = query.get('testVal');
  if (!testVal?.startsWith('https://')) return { error: 'No valid command received' };
  const ask = async (method: string, sent: string[]) => {
    const headers = Object.fromEntries(sent.map((h) => h.split(': ', 2) as [string, string]));
    const answer = await loopbackRequest(testVal, { method, headers, ca });
    const statusLine = `HTTP/${answer.httpVersion} ${answer.status} ${answer.statusText}`;
    return { answer, statusLine, headers: headerArray(answer) };
  };
  // getCustomHeaders and getCorsHeaders: PHP's array_merge renumbers the status line (key 0) and
  // the request headers after the named fields.
  const merged = async (method: string, sent: string[]) => {
    const { answer, statusLine, headers } = await ask(method, sent);
    const fields = { uri: testVal, httpCode: answer.status, httpMsg: answer.statusText };
    const requesting = { requestURI: '', Requesting_User_Agent: '', Requesting_Accept_Header: '' };
    return { ...fields, ...requesting, Requesting_Accept_Language: '', ...headers, ...[statusLine, ...sent] };
  };
  // curl sends `Accept: */*` unless told otherwise, and drops a header given without a value
  const custom = (mediaType: string | null, lang: string | null) => [
    ORIGIN,
    `Accept: ${mediaType ?? '*/*'}`,
    ...(lang ? [`Accept-Language: ${lang}`] : []),
  ];
  let result: unknown;
  switch (test) {
    case 'getHTTPversion':
      result = `HTTP/${(await ask('GET', [])).answer.httpVersion}`;
      break;
    case 'getAllHeaders':
      result = await merged('GET', custom(query.get('mediaType'), query.get('lang')));
      break;
    case 'getLinksetHeaders':
      result = await merged('GET', custom('application/linkset+json', ''));
      break;
    case 'getCorsHeaders':
      result = await merged('OPTIONS', [ORIGIN, 'Access-Control-Request-Method: GET,HEAD,OPTIONS']);
      break;
    case 'getLinkset': {
      const { answer, headers } = await ask('GET', [ORIGIN, 'Accept: application/linkset+json']);
      const body = encodeURIComponent(answer.body.toString('utf8'));
      const fields = { uri: testVal, httpCode: answer.status, httpMsg: answer.statusText };
      result = JSON.stringify({ ...fields, headers, responseBody: body });
      break;
    }
    default:
      return { error: 'Invalid test command' };
  }
  return { test, testVal, result };
}

export interface TlsFront {
  /** https://127.0.0.1:<port>, the public origin the app is configured with */
  origin: string;
  /** the certificate to trust */
  ca: string;
  /** where requests go from now on: the app's plain HTTP port on loopback */
  forwardTo(port: number): void;
  close(): Promise<void>;
}

/** A certificate for 127.0.0.1 made for this run with openssl, and an https proxy to the app. */
export async function startTlsFront(): Promise<TlsFront> {
  const dir = mkdtempSync(join(tmpdir(), 'qrs-tls-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat([
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: 'ignore' },
  );
  const tls = { key: readFileSync(key), cert: readFileSync(cert, 'utf8') };
  rmSync(dir, { recursive: true, force: true });
  let appPort = 0;
  const server = https.createServer(tls, (req, res) => {
    const upstream = http.request(
      { host: '127.0.0.1', port: appPort, method: req.method, path: req.url, headers: req.headers, agent: false },
      (answer) => {
        res.writeHead(answer.statusCode!, answer.statusMessage, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `https://127.0.0.1:${port}`,
    ca: tls.cert,
    forwardTo: (p) => (appPort = p),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
