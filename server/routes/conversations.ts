import { Hono } from 'hono';
import type { Env } from '../lib/context.ts';
import { requireAuth, testOnly } from '../lib/auth.ts';
import { ApiError, invalid, notFound, validation } from '../lib/errors.ts';
import { readText } from '../lib/text.ts';
import { maxUploadBytes } from '../lib/body.ts';
import { idParam, paged, pageParam, readBody, storedUrl, urlWith } from '../lib/request.ts';
import {
  CONVERSATIONS_PER_PAGE, MAX_SEARCH_LENGTH, MAX_TEXT_LENGTH, conversationFor, listConversations, markSeen,
  memberConversation, messagePage, postMessage, saveUpload, sniffImage,
} from '../lib/messaging.ts';

export const conversationRoutes = new Hono<Env>();

/** `/conversations/*` also guards `/conversations` itself. */
conversationRoutes.use('/conversations/*', requireAuth);

/**
 * The caller's conversations, newest activity first, 50 a page. `search=<text>` keeps those whose
 * title or other party's name contains the text, case-insensitively (paged the same way, `links.next`
 * keeps the search).
 */
conversationRoutes.get('/conversations', (c) => {
  const app = c.get('app');
  const page = pageParam(c);
  const search = c.req.query('search') ?? '';
  if (search.length > MAX_SEARCH_LENGTH) throw invalid('search', `The search may not be greater than ${MAX_SEARCH_LENGTH} characters.`);
  const { rows, total } = listConversations(app, c.get('user').id, page, CONVERSATIONS_PER_PAGE, search);
  return c.json(paged(c, rows, page, CONVERSATIONS_PER_PAGE, total));
});

/**
 * Messages newest first, 30 a page; `before=<messageId>` pages back and `links.next` carries the
 * cursor (null at the start of the conversation). The first page marks the conversation seen.
 */
conversationRoutes.get('/conversations/:id', (c) => {
  const app = c.get('app');
  const user = c.get('user');
  const id = idParam(c);
  if (!memberConversation(app, id, user.id)) throw notFound();
  const rawBefore = c.req.query('before');
  let before: number | null = null;
  if (rawBefore !== undefined && rawBefore !== '') {
    if (!/^\d{1,15}$/.test(rawBefore)) throw invalid('before', 'The before must be a message id.');
    before = Number(rawBefore);
  }
  if (before === null) markSeen(app, id, user.id);
  const page = messagePage(app, id, before);
  return c.json({
    data: page.messages,
    links: { next: page.hasMore && page.oldestId !== null ? urlWith(c, { before: page.oldestId, page: null }) : null },
    conversation: conversationFor(app, id, user.id),
  });
});

type Upload = { size: number; type: string; name?: string; arrayBuffer(): Promise<ArrayBuffer> };
const isFile = (v: unknown): v is Upload =>
  typeof v === 'object' && v !== null && typeof (v as Upload).arrayBuffer === 'function' && typeof (v as Upload).size === 'number';
const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/** A text message (JSON `{text, type: 'text'}`) or an image (multipart `{type: 'image', latest?, image}`). */
conversationRoutes.post('/conversations/:id', async (c) => {
  const app = c.get('app');
  const user = c.get('user');
  const id = idParam(c);
  const conv = memberConversation(app, id, user.id);
  if (!conv) throw notFound();
  if (conv.closed) throw new ApiError(403, { message: 'Conversation is closed!' });
  const input = await readBody(c);
  const rawType = one(input.type) ?? 'text';
  const type = typeof rawType === 'string' ? rawType : '';
  const clientKey = c.req.header('idempotency-key')?.slice(0, 200) || null;

  if (type === 'image') {
    const image = one(input.image);
    if (image === undefined || image === null || image === '') throw invalid('image', 'The image field is required.');
    if (!isFile(image)) throw invalid('image', 'The image must be an image.');
    const max = maxUploadBytes(app);
    if (image.size > max) throw invalid('image', `The image may not be greater than ${Math.floor(max / 1024)} kilobytes.`);
    const bytes = new Uint8Array(await image.arrayBuffer());
    const kind = sniffImage(bytes);
    if (!image.type.toLowerCase().startsWith('image/') || !kind) throw invalid('image', 'The image must be an image.');
    const name = saveUpload(app, bytes, kind);
    const url = storedUrl(c, `/uploads/${name}`);
    const message = postMessage(app, { conversationId: id, senderId: user.id, type: 'image', image_url: url, download: url, client_key: clientKey });
    return c.json({ data: message });
  }
  if (type !== 'text') throw invalid('type', 'The selected type is invalid.');
  const text = checkText(one(input.text));
  const message = postMessage(app, { conversationId: id, senderId: user.id, type: 'text', text, client_key: clientKey });
  return c.json({ data: message });
});

/** Text is stored as sent, less surrounding whitespace (as Laravel's TrimStrings); never escaped. */
function checkText(raw: unknown): string {
  const { text, error } = readText(raw, 'text');
  if (error) throw invalid('text', error);
  if (!text) throw invalid('text', 'The text field is required.');
  if (text.length > MAX_TEXT_LENGTH) throw invalid('text', `The text may not be greater than ${MAX_TEXT_LENGTH} characters.`);
  return text;
}

/** Test-only: the other party (any member: a teacher, support, an admin) posts a text message. */
conversationRoutes.post('/test/conversations/:id/messages', testOnly, async (c) => {
  const app = c.get('app');
  const id = idParam(c);
  const input = await readBody(c);
  const senderId = typeof input.sender_id === 'number' || typeof input.sender_id === 'string' ? Number(input.sender_id) : NaN;
  if (!Number.isInteger(senderId)) throw validation({ sender_id: ['The sender id field is required.'] });
  if (!memberConversation(app, id, senderId)) throw notFound();
  const text = checkText(input.text);
  return c.json({ data: postMessage(app, { conversationId: id, senderId, type: 'text', text }) });
});
