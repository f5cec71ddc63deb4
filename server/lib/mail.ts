import { Hono } from 'hono';
import type { AppContext, Env } from './context.ts';

/**
 * The emails the reference server would send (the confirmation code, the password-reset code). It
 * sends none: each is printed on the console as `[mail] ...` and, when the development mailbox is
 * on (`config.devMailbox`: development or demo mode, never production), kept in memory and listed
 * at `GET /dev/mail`, newest first, so a newcomer can finish sign-up without reading the console.
 */
export interface SentMail {
  id: number;
  to: string;
  subject: string;
  /** The email's body as HTML (what a mail client would render); values in it are escaped. */
  html: string;
  /** Milliseconds since the epoch (the server's clock). */
  at: number;
}

/** The mailbox keeps this many emails (the oldest go first). */
export const MAILBOX_SIZE = 200;

const boxes = new WeakMap<AppContext, { seq: number; mails: SentMail[] }>();
const boxOf = (app: AppContext) => {
  let box = boxes.get(app);
  if (!box) boxes.set(app, (box = { seq: 0, mails: [] }));
  return box;
};

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** "Sends" an email: the console line always; the mailbox only when it is on. */
export function sendMail(app: AppContext, mail: { to: string; subject: string; html: string; console: string }): void {
  console.log(`[mail] ${mail.console}`);
  if (!app.config.devMailbox) return;
  const box = boxOf(app);
  box.mails.unshift({ id: ++box.seq, to: mail.to, subject: mail.subject, html: mail.html, at: app.now() });
  box.mails.length = Math.min(box.mails.length, MAILBOX_SIZE);
}

/** The kept emails, newest first (empty while the mailbox is off). */
export const sentMails = (app: AppContext): readonly SentMail[] => (app.config.devMailbox ? boxOf(app).mails : []);

/** An email with a code in it, the way the platform's emails read. */
export function codeEmail(intro: string, code: string, outro: string): string {
  return (
    `<p>${escapeHtml(intro)}</p>` +
    `<p class="code">${escapeHtml(code)}</p>` +
    `<p>${escapeHtml(outro)}</p>`
  );
}

function page(mails: readonly SentMail[]): string {
  const items = mails.length
    ? mails
        .map(
          (m) => `<article>
  <header><h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · <time datetime="${new Date(m.at).toISOString()}">${new Date(m.at).toUTCString()}</time></p></header>
  <div class="body">${m.html}</div>
</article>`,
        )
        .join('\n')
    : '<p class="empty">No emails yet. Register an account or ask for a password reset, then refresh this page.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development mailbox</title>
<link rel="icon" href="/icons/icon.svg" type="image/svg+xml">
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1a202c}
main{max-width:44rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
.note{color:#4a5568;margin:0 0 1.5rem}
article{background:#fff;border:1px solid #e2e8f0;border-radius:8px;padding:1rem 1.25rem;margin:0 0 1rem}
h2{font-size:1.125rem;margin:0}
.meta{color:#4a5568;font-size:.875rem;margin:.25rem 0 .75rem;overflow-wrap:anywhere}
.code{font:700 2rem/1.2 ui-monospace,monospace;letter-spacing:.3em;margin:.5rem 0}
.empty{color:#4a5568}
a{color:#2b6cb0}
</style></head>
<body><main>
<h1>Development mailbox</h1>
<p class="note">The emails this server would have sent, newest first. Only in development and demo mode; nothing is really sent. <a href="/dev/mail">Refresh</a></p>
${items}
</main></body></html>`;
}

/**
 * `GET /dev/mail`: the mailbox as a page; `?format=json` answers `{data: SentMail[]}`. Mounted
 * only when `config.devMailbox` is on (server/app.ts).
 */
export const devMailRoutes = new Hono<Env>();

devMailRoutes.get('/dev/mail', (c) => {
  const mails = sentMails(c.get('app'));
  c.header('Cache-Control', 'no-store');
  if (c.req.query('format') === 'json') return c.json({ data: mails });
  return c.html(page(mails));
});
