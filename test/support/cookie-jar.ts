/** A browser keeps the session cookie itself; in Node a test plays the browser's cookie jar for the SDK. */
export function cookieJarFetch() {
  let cookie = '';
  return async (req: Request) => {
    const r = new Request(req, { headers: new Headers(req.headers) });
    if (cookie) r.headers.set('cookie', cookie);
    const res = await globalThis.fetch(r);
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0];
    return res;
  };
}
