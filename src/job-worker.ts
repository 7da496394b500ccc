// `npm run worker` / `npm run cli -- worker`: a process that only runs the job queue (e-mail,
// webhook deliveries) and serves no HTTP, beside `ROLE=web` instances (docs/decisions.md D32).
process.env.ROLE = 'worker';
await import('./server.js');
