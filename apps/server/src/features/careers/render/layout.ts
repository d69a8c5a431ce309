import { EMPLOYMENT_TYPE_LABELS, LOCATION_TYPE_LABELS as LOCATION_LABELS } from '@hireloop/contract/roles';
import { careersPath } from '@hireloop/contract/website';
import { escapeHtml } from '../../../lib/html.ts';
import type { CareersRole, CareersSite } from '../model.ts';

/** Attribute-safe text. */
export const e = escapeHtml;

const BASE_CSS = [
  '*{box-sizing:border-box}',
  'body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1a1b1e;background:#fff}',
  '.wrap{max-width:52rem;margin:0 auto;padding:0 1rem}',
  '.skip{position:absolute;left:-9999px;top:0}.skip:focus{left:1rem;top:1rem;background:#fff;color:#1a1b1e;padding:.5rem 1rem;z-index:2}',
  '.site{background:var(--brand);color:var(--on-brand)}',
  '.site .wrap{display:flex;align-items:center;gap:.75rem;min-height:4rem}',
  '.site a{color:inherit;text-decoration:none;font-weight:700;font-size:1.125rem;display:flex;align-items:center;gap:.75rem}',
  '.site img{height:40px;width:auto;background:#fff;border-radius:4px}',
  'a{color:var(--accent)}',
  ':focus-visible{outline:3px solid var(--accent);outline-offset:2px}',
  '.site :focus-visible{outline-color:var(--on-brand)}',
  'h1{font-size:2rem;line-height:1.2;margin:2rem 0 1rem}',
  'h2{font-size:1.375rem;line-height:1.3;margin:2rem 0 .75rem}',
  'h3{font-size:1.125rem;margin:1.5rem 0 .5rem}',
  '.muted{color:#495057}',
  '.intro p{margin:0 0 .75rem}',
  '.roles{list-style:none;padding:0;margin:0;border-top:1px solid #dee2e6}',
  '.roles li{padding:.75rem 0;border-bottom:1px solid #dee2e6}',
  '.roles a{font-weight:600;font-size:1.0625rem}',
  '.roles p{margin:.125rem 0 0}',
  '.filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end;margin:1.5rem 0;padding:1rem;background:#f1f3f5;border-radius:8px}',
  '.filters .field{flex:1 1 12rem;margin:0}',
  'label{display:block;font-weight:600;margin-bottom:.25rem}',
  'input[type=text],input[type=email],input[type=tel],input[type=url],input[type=file],select,textarea{display:block;width:100%;font:inherit;padding:.5rem;border:1px solid #6c757d;border-radius:6px;background:#fff;color:inherit}',
  'textarea{min-height:7rem;resize:vertical}',
  '.field{margin:0 0 1.25rem}',
  '.hint{color:#495057;font-size:.9375rem;margin:0 0 .375rem}',
  '.error{color:#c92a2a;font-weight:600;margin:0 0 .375rem}',
  '[aria-invalid=true]{border:2px solid #c92a2a}',
  'button{font:inherit;font-weight:600;padding:.625rem 1.25rem;border:2px solid transparent;border-radius:6px;background:var(--brand);color:var(--on-brand);cursor:pointer;min-height:2.75rem}',
  'fieldset{border:1px solid #ced4da;border-radius:6px;margin:0 0 1.25rem;padding:.75rem 1rem 1rem}',
  'fieldset[aria-invalid=true]{border:2px solid #c92a2a}',
  'legend{font-weight:600;padding:0 .25rem}',
  '.choice{display:flex;gap:.5rem;align-items:flex-start;font-weight:400;margin:.375rem 0 0}',
  '.choice input{width:1.25rem;height:1.25rem;margin:.125rem 0 0;flex:none}',
  '.error-summary{border:3px solid #c92a2a;padding:1rem 1.25rem;margin:1rem 0 1.5rem;border-radius:6px}',
  '.error-summary h2{margin:0 0 .5rem;font-size:1.25rem}',
  '.error-summary ul{margin:0;padding-left:1.25rem}',
  '.error-summary a{color:#c92a2a;font-weight:600}',
  '.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0 1.5rem}',
  '.facts dt{font-weight:600}.facts dd{margin:0}',
  '.description{overflow-wrap:anywhere}',
  '.description img{max-width:100%;height:auto}',
  '.apply{margin-top:2.5rem;padding-top:.5rem;border-top:1px solid #dee2e6}',
  '.notice{background:#f1f3f5;border-radius:8px;padding:1rem 1.25rem;margin:1rem 0}',
  '.hp{display:none}',
  '.vh{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}',
  'footer{margin:3rem 0 2rem;color:#495057;font-size:.875rem}',
].join('');

/** The role labels of the app (`@hireloop/contract/roles`), looked up by the role's stored value. */
export const EMPLOYMENT_LABELS: Readonly<Record<string, string>> = EMPLOYMENT_TYPE_LABELS;
export const LOCATION_TYPE_LABELS: Readonly<Record<string, string>> = LOCATION_LABELS;
/** The careers pages say "a year" where the app says "per year". */
const PERIOD_LABELS: Record<string, string> = { year: 'a year', month: 'a month', hour: 'an hour' };

/** "Berlin · Hybrid · Full-time" */
export function roleFacts(role: CareersRole): string {
  return [role.location, LOCATION_TYPE_LABELS[role.locationType], EMPLOYMENT_LABELS[role.employmentType]]
    .filter((x): x is string => Boolean(x))
    .join(' · ');
}

function money(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${amount.toLocaleString('en')} ${currency}`;
  }
}

/** "€50,000–€70,000 a year", or null without a salary. */
export function salaryText(role: CareersRole): string | null {
  const s = role.salary;
  if (!s || !s.currency || (s.min === null && s.max === null)) return null;
  const period = PERIOD_LABELS[s.period] ?? '';
  const range =
    s.min !== null && s.max !== null && s.min !== s.max
      ? `${money(s.min, s.currency)}–${money(s.max, s.currency)}`
      : s.min !== null && s.max === null
        ? `From ${money(s.min, s.currency)}`
        : s.min === null && s.max !== null
          ? `Up to ${money(s.max, s.currency)}`
          : money(s.min ?? 0, s.currency);
  return `${range} ${period}`.trim();
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Plain text of sanitised HTML (meta descriptions), entities decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[1-6]|\/div)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*|#39);/gi, (m, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16) || 32);
      if (lower.startsWith('#') && lower !== '#39') return String.fromCodePoint(Number.parseInt(lower.slice(1), 10) || 32);
      return NAMED_ENTITIES[lower] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

export function excerpt(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Intro text: paragraphs split on blank lines, single line breaks kept. */
export const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${e(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

export const siteUrl = (site: CareersSite, path = '') => `${site.appUrl}${careersPath(site.organisation.slug)}${path}`;
export const logoPath = (site: CareersSite) => (site.logo ? `${careersPath(site.organisation.slug)}/logo?v=${site.logo.fileId}` : null);

type PageOptions = {
  title: string;
  description: string;
  /** Absolute canonical URL. */
  canonical?: string;
  noindex?: boolean;
  /** Extra markup in <head> (JSON-LD). */
  head?: string;
  main: string;
};

/** The page around the content: brand header with the logo, main, footer. */
export function page(site: CareersSite, o: PageOptions): string {
  const logo = site.logo
    ? `<img src="${e(logoPath(site)!)}" alt="${e(site.organisation.name)} logo" width="${site.logo.width}" height="${site.logo.height}">`
    : '';
  const vars = `:root{--brand:${site.brand.colour};--on-brand:${site.brand.onColour};--accent:${site.brand.accent};color-scheme:light}`;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${e(o.title)}</title>` +
    `<meta name="description" content="${e(o.description)}">` +
    (o.canonical ? `<link rel="canonical" href="${e(o.canonical)}">` : '') +
    (o.noindex ? '<meta name="robots" content="noindex">' : '') +
    `<meta name="theme-color" content="${site.brand.colour}">` +
    // No favicon request (a 404 in the console).
    '<link rel="icon" href="data:,">' +
    `<style>${vars}${BASE_CSS}</style>` +
    (o.head ?? '') +
    '</head><body><a class="skip" href="#main">Skip to content</a>' +
    `<header class="site"><div class="wrap"><a href="${e(careersPath(site.organisation.slug))}">${logo}<span>${e(site.organisation.name)}</span></a></div></header>` +
    `<main id="main" class="wrap" tabindex="-1">${o.main}</main>` +
    `<footer class="wrap">${e(site.organisation.name)} careers · Powered by Hireloop</footer>` +
    '</body></html>'
  );
}

/** A page of a site that is not there (unknown slug, no subscription) or any other 404/429 without a site to brand it. */
export function plainPage(title: string, bodyHtml: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${e(title)}</title><meta name="description" content="${e(title)}"><meta name="robots" content="noindex"><link rel="icon" href="data:,">` +
    '<style>:root{color-scheme:light}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#fff}' +
    'main{max-width:40rem;margin:4rem auto;padding:0 1rem}h1{font-size:1.75rem;line-height:1.2}a{color:#1864ab}:focus-visible{outline:3px solid #1864ab;outline-offset:2px}</style>' +
    `</head><body><main>${bodyHtml}</main></body></html>`
  );
}
