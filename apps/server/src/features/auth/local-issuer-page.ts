import { escapeHtml } from '../../lib/html.ts';
import { initials } from '@hireloop/contract/initials';

type Account = { sub: string; email: string; name: string };

/** The local identity provider's account chooser: a plain server-rendered page, no script. */
export function renderAccountChooser(uid: string, accounts: Account[], error?: string): string {
  const action = `/oidc/interaction/${encodeURIComponent(uid)}/login`;
  const items = accounts
    .map(
      (a) => `<li><form method="post" action="${action}"><input type="hidden" name="sub" value="${escapeHtml(a.sub)}">
<button type="submit"><span class="avatar" aria-hidden="true">${escapeHtml(initials(a.name))}</span><span><strong>${escapeHtml(a.name)}</strong><br><small>${escapeHtml(a.email)}</small></span></button></form></li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Choose an account · Hireloop</title>
<style>
:root{color-scheme:light dark;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif}
body{margin:0;background:Canvas;color:CanvasText}
main{max-width:28rem;margin:3rem auto;padding:2rem;border:1px solid #8884;border-radius:12px}
h1{font-size:1.4rem;margin:0 0 .25rem}p.note{margin:0 0 1.5rem;opacity:.8}
ul{list-style:none;padding:0;margin:0 0 1.5rem}li{margin:.5rem 0}
li button{display:flex;gap:.75rem;align-items:center;width:100%;padding:.75rem;border:1px solid #8886;border-radius:8px;background:transparent;color:inherit;font:inherit;text-align:left;cursor:pointer}
li button:hover,li button:focus{border-color:#1c7ed6;outline:2px solid #1c7ed6}
.avatar{display:inline-grid;place-items:center;width:2.25rem;height:2.25rem;border-radius:50%;background:#1c7ed6;color:#fff;font-weight:600}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{width:100%;box-sizing:border-box;padding:.5rem;border:1px solid #8888;border-radius:6px;font:inherit}
.primary{margin-top:1rem;padding:.6rem 1rem;border:0;border-radius:6px;background:#1864ab;color:#fff;font:inherit;cursor:pointer}
.error{color:#c92a2a;font-weight:600}
</style></head>
<body><main>
<h1>Choose an account</h1>
<p class="note">Local identity provider: Google sign-in is not configured on this server, so this development stand-in signs you in.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<ul aria-label="Accounts">${items}</ul>
<h2 style="font-size:1.1rem">Use another identity</h2>
<form method="post" action="${action}">
<label for="name">Name</label><input id="name" name="name" autocomplete="name" required minlength="2" maxlength="120">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>
<button class="primary" type="submit">Continue</button>
</form>
</main></body></html>`;
}
