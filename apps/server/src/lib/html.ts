const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

/** A minimal server-rendered page for sign-in errors and the like (no script, inherits the system colour scheme). */
export function simplePage(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Hireloop</title><style>:root{color-scheme:light dark;font-family:system-ui,sans-serif}main{max-width:36rem;margin:4rem auto;padding:0 1rem}a{color:#1c7ed6}</style></head><body><main>${bodyHtml}</main></body></html>`;
}
