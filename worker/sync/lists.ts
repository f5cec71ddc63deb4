import * as E from '../../db/entities.ts';
import { listKeyId, searchText, SEARCH_LIST_PREFIX, type ListKey, type Result } from '../../db/engine-api.ts';
import type { TableChange } from '../../db/mirror.ts';
import type { Key, Row } from '../../db/schema.ts';
import type { ListRow } from '../../db/rows.ts';
import { getValid, type SyncContext } from './context.ts';


interface Page {
  ids: Key[];
  next: string | null;
  changes: TableChange[];
}

const messagesPage = E.pageOf(E.message).extend({ conversation: E.conversation.optional() });

/** How many conversation searches the mirror keeps (each a lists row); older ones are dropped. */
export const KEPT_SEARCHES = 20;

const isSearch = (list: ListKey) => list.kind === 'conversations' && searchText(list.search) !== '';

function firstPath(list: ListKey): string {
  switch (list.kind) {
    case 'coming-classes':
      return '/classes';
    case 'classes-history':
      return '/classes/history';
    case 'class-reports':
      return list.enrollmentId == null ? '/class-reports' : `/class-reports?enrollment_id=${list.enrollmentId}`;
    case 'conversations': {
      const q = searchText(list.search);
      return q ? `/conversations?search=${encodeURIComponent(q)}` : '/conversations';
    }
    case 'messages':
      return `/conversations/${list.conversationId}`;
  }
}

async function fetchPage(ctx: SyncContext, list: ListKey, path: string): Promise<Result<Page>> {
  const page = <T extends { id: number }>(data: T[], next: string | null, table: TableChange['table'], extra: TableChange[] = []): Page => ({
    ids: data.map((x) => x.id),
    next,
    changes: [{ table, upserts: data as unknown as Row[] }, ...extra],
  });
  switch (list.kind) {
    case 'coming-classes':
    case 'classes-history': {
      const r = await getValid(ctx, path, E.pageOf(E.klass));
      return r.ok ? { ok: true, data: page(r.data.data, r.data.links.next, 'classes') } : r;
    }
    case 'class-reports': {
      const r = await getValid(ctx, path, E.pageOf(E.classReport));
      return r.ok ? { ok: true, data: page(r.data.data, r.data.links.next, 'classReports') } : r;
    }
    case 'conversations': {
      const r = await getValid(ctx, path, E.pageOf(E.conversation));
      return r.ok ? { ok: true, data: page(r.data.data, r.data.links.next, 'conversations') } : r;
    }
    case 'messages': {
      // The spec's messages name no conversation: theirs is the one being read.
      const r = await getValid(ctx, path, messagesPage, { conversationId: list.conversationId });
      if (!r.ok) return r;
      const conv = r.data.conversation ? [{ table: 'conversations' as const, upserts: [r.data.conversation as Row] }] : [];
      // A server message replaces the unsent row that carried its client_key (never shown twice).
      const pendingGone = r.data.data.filter((m) => m.client_key).map((m) => `pending:${m.client_key}`);
      return { ok: true, data: page(r.data.data, r.data.links.next, 'messages', [...conv, { table: 'messages', deletes: pendingGone }]) };
    }
  }
}

/** Reads the next page of a list (the first when none was read) and appends it to the membership. */
export async function loadMore(ctx: SyncContext, list: ListKey): Promise<Result<{ hasMore: boolean }>> {
  const writer = ctx.writer();
  if (!writer) return { ok: true, data: { hasMore: false } };
  const key = listKeyId(list);
  const row = (await writer.mirror.get('lists', key)) as ListRow | undefined;
  if (row && row.next === null) return { ok: true, data: { hasMore: false } };
  const r = await fetchPage(ctx, list, row?.next ?? firstPath(list));
  if (!r.ok) return r;
  await writer.commit([
    ...r.data.changes,
    {
      table: 'lists',
      patches: [{ key, apply: (cur) => {
        const ids = (cur as ListRow | undefined)?.ids ?? [];
        const merged = [...ids, ...r.data.ids.filter((id) => !ids.includes(id))];
        return { key, ids: merged, next: r.data.next, ...readAt(ctx, list) } satisfies ListRow as unknown as Row;
      } }],
    },
  ]);
  if (isSearch(list)) await pruneSearches(ctx);
  ctx.markSynced();
  return { ok: true, data: { hasMore: r.data.next !== null } };
}

/**
 * Re-reads the first page (after a reconnection, or when a screen opens): new items go first, the
 * pages read before are kept after them, and the next link stays where the reading had got to.
 */
export async function refreshFirstPage(ctx: SyncContext, list: ListKey): Promise<Result<{ hasMore: boolean }>> {
  const writer = ctx.writer();
  if (!writer) return { ok: true, data: { hasMore: false } };
  const key = listKeyId(list);
  const r = await fetchPage(ctx, list, firstPath(list));
  if (!r.ok) return r;
  let hasMore = r.data.next !== null;
  await writer.commit([
    ...r.data.changes,
    {
      table: 'lists',
      patches: [{ key, apply: (cur) => {
        const old = cur as ListRow | undefined;
        const rest = (old?.ids ?? []).filter((id) => !r.data.ids.includes(id));
        const keepOld = old && old.ids.length > r.data.ids.length;
        const next = keepOld ? old.next : r.data.next;
        hasMore = next !== null;
        return { key, ids: [...r.data.ids, ...(keepOld ? rest : [])], next, ...readAt(ctx, list) } satisfies ListRow as unknown as Row;
      } }],
    },
  ]);
  if (isSearch(list)) await pruneSearches(ctx);
  ctx.markSynced();
  return { ok: true, data: { hasMore } };
}

const readAt = (ctx: SyncContext, list: ListKey): Pick<ListRow, 'at'> => (isSearch(list) ? { at: ctx.clock.now() } : {});

/**
 * A conversation search is a lists row of its own (its found ids and next link; the conversations
 * go into the conversations table like any page's). Typing makes one per search, so only the
 * latest few are kept.
 */
async function pruneSearches(ctx: SyncContext): Promise<void> {
  const writer = ctx.writer();
  if (!writer) return;
  const rows = (await writer.mirror.getAll('lists')) as unknown as ListRow[];
  const old = rows
    .filter((r) => r.key.startsWith(SEARCH_LIST_PREFIX))
    .sort((a, b) => (b.at ?? 0) - (a.at ?? 0))
    .slice(KEPT_SEARCHES);
  if (old.length) await writer.commit([{ table: 'lists', deletes: old.map((r) => r.key) }]);
}
