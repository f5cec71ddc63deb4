// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_JOURNAL_KEY } from '../../src/lib/engine/client.ts';
import type { EngineClient } from '../../src/lib/engine/connect.ts';

/**
 * The drafts' journal (src/lib/engine/drafts.ts): the last keystrokes written to this device's
 * storage when the page went away, handed to the engine at the next start when they are newer than
 * the mirror's copy, for the same user only, and forgotten after.
 */

const key = (k: string) => `draft:${k}`;

async function replay(journal: unknown, mirror: { key: string; value: unknown }[], userId = 7) {
  vi.resetModules();
  localStorage.setItem(DRAFT_JOURNAL_KEY, JSON.stringify(journal));
  const saveDraft = vi.fn(async () => {});
  const engine = {
    started: Promise.resolve(),
    getState: () => ({ ready: true, session: { status: 'signed-in', token: 't', user: { id: userId } }, settings: null, status: null }),
    snapshot: async () => mirror,
    saveDraft,
  } as unknown as EngineClient;
  const connect = await import('../../src/lib/engine/connect.ts');
  connect.installEngine(engine);
  const drafts = await import('../../src/lib/engine/drafts.ts');
  await drafts.replayDraftJournal();
  return saveDraft;
}

describe('the drafts journal', () => {
  beforeEach(() => localStorage.clear());

  it('hands the engine a draft the mirror never stored, and forgets the journal', async () => {
    const entry = { v: 'Surah Al-Mulk, 1-10', by: 'tab-a', at: 2_000 };
    const saveDraft = await replay({ user: 7, drafts: { 'class-report:40': entry } }, []);
    expect(saveDraft).toHaveBeenCalledWith('class-report:40', entry);
    expect(localStorage.getItem(DRAFT_JOURNAL_KEY)).toBeNull();
  });

  it('hands over what is newer than the mirror only: a copy the engine did store, or a later clear (sent), is left', async () => {
    const stored = { v: 'the same text', by: 'tab-a', at: 2_000 };
    const older = { v: 'typed before it was sent', by: 'tab-a', at: 1_000 };
    const newer = { v: 'typed after the last save', by: 'tab-a', at: 3_000 };
    const saveDraft = await replay(
      { user: 7, drafts: { 'conversation:1': stored, 'conversation:2': older, 'working-hours': newer } },
      [
        { key: key('conversation:1'), value: stored },
        { key: key('conversation:2'), value: { v: '', by: 'tab-b', at: 1_500 } },
        { key: key('working-hours'), value: { v: null, by: 'tab-a', at: 2_500 } },
      ],
    );
    expect(saveDraft.mock.calls).toEqual([['working-hours', newer]]);
  });

  it('another user\'s journal is never handed over, and is forgotten', async () => {
    const saveDraft = await replay({ user: 8, drafts: { 'conversation:1': { v: 'not yours', by: 'x', at: 1 } } }, [], 7);
    expect(saveDraft).not.toHaveBeenCalled();
    expect(localStorage.getItem(DRAFT_JOURNAL_KEY)).toBeNull();
  });

  it('an unreadable journal is ignored and forgotten', async () => {
    vi.resetModules();
    localStorage.setItem(DRAFT_JOURNAL_KEY, '{not json');
    const drafts = await import('../../src/lib/engine/drafts.ts');
    await expect(drafts.replayDraftJournal()).resolves.toBeUndefined();
    expect(localStorage.getItem(DRAFT_JOURNAL_KEY)).toBeNull();
  });
});
