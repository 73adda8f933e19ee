/** What the local status page shows and can change. */
export interface WebHost {
  sn: string;
  name: () => string;
  type: string;
  mac: string;
  ip: () => string;
  uptimeS: () => number;
  versions: () => Record<string, string | undefined>;
  latest: () => Record<string, unknown>;
  config: () => Record<string, unknown>;
  setConfig: (patch: Record<string, unknown>) => void;
  snapshot: () => Buffer;
  /** Relay outputs (`relay.set`) by number, on or off; absent: a device without relays. */
  relays?: () => Record<string, boolean>;
}

export interface WebRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface WebResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const esc = (s: unknown) =>
  String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const html = (status: number, text: string): WebResponse => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  body: Buffer.from(text, 'utf8'),
});

/**
 * The device's own web page, as cheap site hardware has one: status, readings, a snapshot and a tiny
 * settings form. Links are relative, so the page works behind the server's tunnel prefix
 * (/api/device/:id/remote/).
 */
export function handleWebRequest(host: WebHost, req: WebRequest): WebResponse {
  const url = new URL(req.path, 'http://device.local');
  const route = url.pathname.replace(/\/+$/, '') || '/';
  const head = req.method === 'HEAD';
  const answer = (r: WebResponse): WebResponse => (head ? { ...r, body: Buffer.alloc(0) } : r);

  if ((req.method === 'GET' || head) && (route === '/' || route === '/index.html')) {
    return answer(html(200, page(host)));
  }
  if ((req.method === 'GET' || head) && route === '/status.json') {
    const body = {
      sn: host.sn,
      name: host.name(),
      type: host.type,
      mac: host.mac,
      ip: host.ip(),
      uptimeS: Math.round(host.uptimeS()),
      versions: host.versions(),
      readings: host.latest(),
      ...(host.relays ? { relays: host.relays() } : {}),
    };
    return answer({
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
      body: Buffer.from(JSON.stringify(body)),
    });
  }
  if ((req.method === 'GET' || head) && route === '/snapshot.jpg') {
    return answer({
      status: 200,
      headers: { 'content-type': 'image/jpeg', 'cache-control': 'no-store' },
      body: host.snapshot(),
    });
  }
  if (req.method === 'POST' && route === '/config') {
    const form = new URLSearchParams(req.body?.toString('utf8') ?? '');
    const patch: Record<string, unknown> = {};
    const name = form.get('name');
    if (name !== null && name.trim()) patch.name = name.trim().slice(0, 64);
    const tz = form.get('timezone');
    if (tz !== null && tz.trim()) patch.timezone = tz.trim().slice(0, 64);
    host.setConfig(patch);
    return { status: 303, headers: { location: './', 'content-type': 'text/plain' }, body: Buffer.from('Saved') };
  }
  if (route === '/' || route === '/status.json' || route === '/snapshot.jpg' || route === '/config') {
    return {
      status: 405,
      headers: { 'content-type': 'text/plain', allow: 'GET, HEAD' },
      body: Buffer.from('Method not allowed'),
    };
  }
  return answer(html(404, `<!doctype html><title>Not found</title><h1>404 Not found</h1><p>${esc(url.pathname)}</p>`));
}

function page(host: WebHost): string {
  const readings = Object.entries(host.latest())
    .map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`)
    .join('');
  const versions = Object.entries(host.versions())
    .map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v ?? '')}</td></tr>`)
    .join('');
  const cfg = host.config();
  const relays = host.relays
    ? `<h2>Relay outputs</h2><table id="relays">${
        Object.entries(host.relays())
          .map(([k, on]) => `<tr><th>Output ${esc(k)}</th><td>${on ? 'on' : 'off'}</td></tr>`)
          .join('') || '<tr><td>all off</td></tr>'
      }</table>\n`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(host.name())} - device status</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:24px;color:#1f2328;background:#f6f8fa}
h1{font-size:20px;margin:0 0 4px}table{border-collapse:collapse;margin:8px 0 16px;background:#fff}
th,td{border:1px solid #d0d7de;padding:4px 10px;text-align:left}th{background:#f0f3f6;font-weight:600}
.muted{color:#656d76}img{border:1px solid #d0d7de;display:block;margin:8px 0}
</style></head><body>
<h1 id="device-name">${esc(host.name())}</h1>
<p class="muted">Local status page of <b id="device-sn">${esc(host.sn)}</b> (${esc(host.type)}), MAC ${esc(host.mac)}, IP ${esc(host.ip())}, up ${Math.round(host.uptimeS())} s</p>
<h2>Readings</h2><table id="readings">${readings || '<tr><td>none yet</td></tr>'}</table>
${relays}<h2>Firmware</h2><table>${versions}</table>
<h2>Camera</h2><img src="snapshot.jpg" width="320" height="180" alt="snapshot">
<h2>Settings</h2>
<form method="post" action="config">
<label>Name <input name="name" value="${esc(cfg.name ?? '')}"></label>
<label>Time zone <input name="timezone" value="${esc(cfg.timezone ?? '')}"></label>
<button type="submit">Save</button>
</form>
<p class="muted"><a href="status.json">status.json</a></p>
</body></html>`;
}
