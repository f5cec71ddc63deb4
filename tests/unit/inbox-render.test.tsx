// @vitest-environment jsdom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from '../../src/features/inbox/composer.tsx';
import { turnedScale } from '../../src/features/inbox/image-viewer.tsx';
import { MessageBubble } from '../../src/features/inbox/message-bubble.tsx';
import { MessageText } from '../../src/features/inbox/message-text.tsx';
import { orderMessages, type MessageRow } from '../../src/features/inbox/order.ts';
import type { MirrorSource } from '../../src/lib/engine/source.ts';
import { setMirrorSource } from '../../src/lib/engine/tables.ts';
import { host, mountPerTest, render } from './render-root.tsx';

// The composer reads its draft from the mirror: here a mirror that never opens (no draft) and an
// engine that is not there (the typing stays on screen).
setMirrorSource({ attach: () => () => {} } as unknown as MirrorSource);

// jsdom has no ResizeObserver; the composer's auto-growing textarea needs one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

mountPerTest();
const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === name);

describe('MessageText', () => {
  it('shows markup as text and creates no elements from it', () => {
    const hostile = '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>';
    render(<MessageText text={hostile} />);
    expect(host.querySelector('script, img, iframe')).toBeNull();
    expect(host.querySelectorAll('a')).toHaveLength(0);
    expect(host.textContent).toBe(hostile);
  });

  it('links only http(s), opened safely in a new tab', () => {
    render(<MessageText text="a https://ok.example/x b javascript:alert(1) c data:text/html,<b>x</b> d http://two.example" />);
    const anchors = [...host.querySelectorAll('a')];
    expect(anchors.map((a) => a.getAttribute('href'))).toEqual(['https://ok.example/x', 'http://two.example/']);
    for (const a of anchors) {
      expect(a.target).toBe('_blank');
      expect(a.rel).toContain('noopener');
    }
  });

  it('is right-to-left when the first letter is Arabic', () => {
    render(<MessageText text="١٢ السلام عليكم hello" />);
    expect(host.querySelector('[dir]')?.getAttribute('dir')).toBe('rtl');
  });

  it('truncates over 215 characters with Show More / Show Less', () => {
    const text = `${'word '.repeat(60)}END`;
    render(<MessageText text={text} />);
    expect(host.textContent).not.toContain('END');
    act(() => button('Show More')!.click());
    expect(host.textContent).toContain('END');
    act(() => button('Show Less')!.click());
    expect(host.textContent).not.toContain('END');
  });

  it('renders a 100k-character message with thousands of links', () => {
    const text = 'see https://example.com/p?q=1 and '.repeat(3000);
    render(<MessageText text={text} />);
    act(() => button('Show More')!.click());
    expect(host.querySelectorAll('a').length).toBe(3000);
    // No wall-clock bound here: jsdom in development mode takes 1.5 s to 12 s to make 3,000 elements,
    // depending on the machine's load (it failed a 10 s bound at load 19). The linear-time guards are
    // the pure linkify tests (inbox-text.test.ts); the real speed is the benchmark's.
  });
});

describe('MessageBubble', () => {
  const row = (extra: Partial<MessageRow>): MessageRow => ({
    id: 'pending:m1', conversation_id: 1, type: 'text', text: 'hello', image_url: null, audio: null, download: null,
    sender: { id: 4, name: 'Yusuf', avatar: null, support: false }, sender_type: 'user', created_at_timestamp: 1_790_000_000,
    client_key: 'm1', pending: true, ...extra,
  });
  const noop = () => {};

  it('offers retry and remove on a message that could not be sent', () => {
    const onRetry = vi.fn();
    const onDiscard = vi.fn();
    const [item] = orderMessages([row({ failed: true, error: 'no' })]);
    render(<MessageBubble item={item!} mine runStart onOpenImage={noop} onRetry={onRetry} onDiscard={onDiscard} />);
    expect(host.textContent).toContain('Not sent');
    act(() => button('Retry')!.click());
    act(() => button('Remove')!.click());
    expect(onRetry).toHaveBeenCalledWith('m1');
    expect(onDiscard).toHaveBeenCalledWith('m1');
  });

  it('shows a pending message as sending, and toggles sender and time on tap', () => {
    const [item] = orderMessages([row({})]);
    render(<MessageBubble item={item!} mine runStart onOpenImage={noop} onRetry={noop} onDiscard={noop} />);
    expect(host.textContent).toContain('Sending…');
    expect(host.querySelector('[data-testid="message-details"]')).toBeNull();
    act(() => (host.querySelector('[data-testid="message-bubble"]') as HTMLElement).click());
    expect(host.querySelector('[data-testid="message-details"]')?.textContent).toContain('Yusuf');
  });

  it('marks support senders and drops a javascript: download link', () => {
    const [item] = orderMessages([row({
      id: 9, pending: false, client_key: null, sender: { id: 2, name: 'Support Team', avatar: null, support: true }, sender_type: 'support',
      type: 'image', image_url: 'javascript:alert(1)', download: 'javascript:alert(2)', text: null,
    })]);
    render(<MessageBubble item={item!} mine={false} runStart onOpenImage={noop} onRetry={noop} onDiscard={noop} />);
    expect(host.textContent).toContain('Support');
    expect(host.querySelector('img')).toBeNull();
    expect([...host.querySelectorAll('a')].filter((a) => a.getAttribute('href')?.startsWith('javascript'))).toEqual([]);
  });
});

describe('Composer', () => {
  const type = (el: HTMLTextAreaElement, value: string) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
    act(() => {
      setter.call(el, value);
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  const key = (el: HTMLElement, init: KeyboardEventInit) =>
    act(() => el.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init })));

  it('sends on Enter, not on Shift+Enter, and never blank text', () => {
    const onSend = vi.fn();
    render(<Composer conversationId={1} onSend={onSend} onSendImage={async () => {}} />);
    const box = host.querySelector('textarea')!;
    type(box, '   ');
    key(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    type(box, 'line one');
    key(box, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    key(box, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('line one');
    expect(box.value).toBe('');
  });
});

describe('image viewer rotation', () => {
  it('lets a quarter-turned image use the screen without passing its own pixels', () => {
    const phone = { w: 390, h: 844 };
    expect(turnedScale(0, { w: 800, h: 450 }, phone)).toBe(1);
    expect(turnedScale(2, { w: 800, h: 450 }, phone)).toBe(1);
    // A wide photo turned on a phone grows to use the height.
    expect(turnedScale(1, { w: 800, h: 450 }, phone)).toBeCloseTo(358 / (450 * (358 / 800)), 3);
    // A tall one on a wide screen: limited by its own pixels.
    expect(turnedScale(-1, { w: 450, h: 800 }, { w: 1280, h: 800 })).toBeCloseTo(450 / (450 * (768 / 800)), 3);
    // Unknown size (not loaded yet): no scaling.
    expect(turnedScale(1, null, phone)).toBe(1);
  });
});
