// The OpenAPI `info.description`: the reference at /docs renders it as its first page, so it is the
// getting-started guide (docs/decisions.md D34). Its SDK calls are the real `@qrs/sdk` API (sdk/README.md).

interface IntroConfig {
  baseUrl: string;
  docsUrl: string;
  apiKeyPrefix: string;
}

export function introMarkdown({ baseUrl, docsUrl, apiKeyPrefix }: IntroConfig): string {
  const key = `${apiKeyPrefix}_sk_…`;
  return `QR codes, short-URL redirects with scan analytics, organizations, workspaces, audit logs and battery passports.

## Getting started

Five steps from nothing to a printed code and its scan numbers.

### 1. Create an API key

In the dashboard, open **Settings → API keys** and create a key; the secret (\`${key}\`) is shown once. On a fresh server, the CLI makes the first user, organization and key in one go:

\`\`\`sh
npm run --silent cli -- bootstrap --email you@example.com --password 'a long passphrase' --org-name Acme --org-slug acme
# → {"user_id":"usr_…","organization_id":"org_…","workspace_id":"ws_…","api_key":"${key}"}
\`\`\`

Every request sends it as \`Authorization: Bearer ${key}\`. A key belongs to one workspace.

### 2. Install the SDK

\`\`\`sh
npm install @qrs/sdk
\`\`\`

From a checkout of qrs, pack it once instead: \`npm pack -w @qrs/sdk\`, then \`npm install ./qrs-sdk-*.tgz\`.

\`\`\`ts
import { Qrs } from '@qrs/sdk';

const qrs = new Qrs({ apiKey: process.env.QRS_API_KEY, baseUrl: '${baseUrl}' });
\`\`\`

### 3. Create a code

A dynamic code encodes its \`short_url\`; its destination can change after printing and its scans are counted.

\`\`\`ts
const code = await qrs.codes.create({ type: 'url', url: 'https://example.com/spring-sale' });
console.log(code.short_url); // ${baseUrl}/r/aB3dE9xK
\`\`\`

The same with curl:

\`\`\`sh
curl -X POST ${baseUrl}/v1/codes -H "Authorization: Bearer $QRS_API_KEY" \\
  -H 'Content-Type: application/json' -d '{"type":"url","url":"https://example.com/spring-sale"}'
\`\`\`

Other types (\`text\`, \`email\`, \`phone\`, \`sms\`, \`wifi\`, \`vcard\`, \`geo\`, and the hosted pages \`links\`, \`pdf\`, \`app\`) take their payload in \`content\`: pick one in the example list of **Create a QR code**.

### 4. Download its image

\`\`\`ts
import { writeFile } from 'node:fs/promises';

await writeFile('spring-sale.png', await qrs.codes.image(code.id, 'png', { size: 512 }));
\`\`\`

SVG, PDF and EPS work the same way (\`GET /v1/codes/{id}/qr.svg\`, …).

### 5. Read its scans

\`\`\`ts
const stats = await qrs.scans.stats(code.id);
console.log(stats.total_scans, stats.by_country);
\`\`\`

## Conventions

- Errors are RFC 7807 problem documents; their \`type\` is a page under ${docsUrl}/errors/.
- Every response carries \`X-Request-Id\` and the \`X-RateLimit-*\` headers.
- A POST with an \`Idempotency-Key\` header is safe to retry.
- From the dashboard, requests use the session cookie plus \`X-CSRF-Token\` instead of a key.
- Versioning: ${docsUrl}/api/versioning.`;
}
