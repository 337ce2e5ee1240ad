import { Agent, request } from 'node:http';

/** A JSON POST over kept-alive connections (at most `maxSockets` at once): answers the status and the body's text. */
export function jsonPoster(maxSockets) {
  const agent = new Agent({ keepAlive: true, maxSockets });
  return (url, body, headers) =>
    new Promise((resolve, reject) => {
      const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString() }));
      });
      req.on('error', reject);
      req.end(body);
    });
}

/** A public API call in the envelope, as a player makes it: answers `value`, throws on a refusal. */
export async function api(base, method, url, body, token, extra = {}) {
  const response = await fetch(base + url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await response.json();
  if (!json.success) throw new Error(`${method} ${url}: ${JSON.stringify(json)}`);
  return json.value;
}
