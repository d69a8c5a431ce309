import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { devMail, devMailboxPage } from './service.ts';

const PER_PAGE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const URL_IN_TEXT = /(https?:\/\/[^\s<>"']+)/g;

const STYLE =
  ':root{color-scheme:light dark;font-family:system-ui,sans-serif}main{max-width:60rem;margin:2rem auto;padding:0 1rem}' +
  'a{color:#1c7ed6}table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .6rem;border-bottom:1px solid #8884}' +
  'pre{white-space:pre-wrap;word-break:break-word;padding:1rem;border:1px solid #8884;border-radius:6px}dt{font-weight:600}dd{margin:0 0 .5rem}' +
  '.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Hireloop</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function sendHtml(reply: FastifyReply, html: string) {
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** Plain text with its http(s) links made clickable; everything else escaped. */
function linkified(text: string): string {
  return text
    .split(URL_IN_TEXT)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join('');
}

const when = (d: Date) => `${d.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

/**
 * /dev/mailbox: where mail goes when SMTP_URL is not set (development and tests). Server-rendered,
 * no script, every value escaped; the HTML part is shown as source, never rendered. 404 in production.
 */
export function devMailboxRoutes(db: Db, opts: { production: boolean }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', async () => {
      if (opts.production) throw notFound();
    });

    r.get(
      '/dev/mailbox',
      { schema: { hide: true, querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).catch(1) }) } },
      async (request, reply) => {
        const current = request.query.page;
        const { rows, total } = await devMailboxPage(db, current, PER_PAGE);
        const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
        const list =
          rows.length === 0
            ? '<p>No mail yet. Mail the app sends while SMTP_URL is not set arrives here.</p>'
            : `<table><caption class="sr">Messages, newest first</caption><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead><tbody>${rows
                .map(
                  (m) =>
                    `<tr><td>${escapeHtml(when(m.createdAt))}</td><td>${escapeHtml(m.to)}</td><td><a href="/dev/mailbox/${escapeHtml(m.id)}">${escapeHtml(m.subject)}</a></td></tr>`,
                )
                .join('')}</tbody></table>`;
        const nav =
          lastPage > 1
            ? `<nav aria-label="Pages"><p>Page ${current} of ${lastPage}${current > 1 ? ` · <a href="/dev/mailbox?page=${current - 1}">Newer</a>` : ''}${
                current < lastPage ? ` · <a href="/dev/mailbox?page=${current + 1}">Older</a>` : ''
              }</p></nav>`
            : '';
        return sendHtml(
          reply,
          page(
            'Dev mailbox',
            `<h1>Dev mailbox</h1><p>${total === 1 ? '1 message' : `${total} messages`}, newest first. Development only: with SMTP_URL set, mail goes out by SMTP instead.</p>${list}${nav}`,
          ),
        );
      },
    );

    r.get('/dev/mailbox/:id', { schema: { hide: true, params: z.object({ id: z.string() }) } }, async (request, reply) => {
      const mail = UUID.test(request.params.id) ? await devMail(db, request.params.id) : undefined;
      if (!mail) throw new AppError('not_found', 'No such message.');
      const attachments = mail.attachments.length
        ? `<h2>Attachments</h2><ul>${mail.attachments
            .map(
              (a, i) =>
                `<li><a href="/dev/mailbox/${escapeHtml(mail.id)}/attachments/${i}">${escapeHtml(a.filename)}</a> (${escapeHtml(a.contentType)}, ${Math.ceil((a.content.length * 3) / 4 / 1024)} KB)</li>`,
            )
            .join('')}</ul>`
        : '';
      const html = mail.html ? `<details><summary>HTML part (source)</summary><pre>${escapeHtml(mail.html)}</pre></details>` : '';
      return sendHtml(
        reply,
        page(
          mail.subject,
          `<p><a href="/dev/mailbox">← All mail</a></p><h1>${escapeHtml(mail.subject)}</h1><dl><dt>From</dt><dd>${escapeHtml(mail.from)}</dd><dt>To</dt><dd>${escapeHtml(
            mail.to,
          )}</dd><dt>Received</dt><dd>${escapeHtml(when(mail.createdAt))}</dd></dl><h2>Message</h2><pre>${linkified(mail.text)}</pre>${html}${attachments}`,
        ),
      );
    });

    r.get(
      '/dev/mailbox/:id/attachments/:index',
      { schema: { hide: true, params: z.object({ id: z.string(), index: z.coerce.number().int().min(0).max(100) }) } },
      async (request, reply) => {
        const mail = UUID.test(request.params.id) ? await devMail(db, request.params.id) : undefined;
        const attachment = mail?.attachments[request.params.index];
        if (!attachment) throw new AppError('not_found', 'No such attachment.');
        return reply
          .type('application/octet-stream')
          .header('content-disposition', `attachment; filename="${attachment.filename.replace(/[^\w.-]+/g, '_')}"`)
          .header('cache-control', 'no-store')
          .send(Buffer.from(attachment.content, 'base64'));
      },
    );
  };
}
