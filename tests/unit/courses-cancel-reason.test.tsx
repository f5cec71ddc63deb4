// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../src/app/theme.ts';
import { CancelSubscriptionCard } from '../../src/features/courses/cancel-subscription-card.tsx';
import { MESSAGES } from '../../db/messages.ts';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../src/components/ui/toaster.tsx', () => ({ notify }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  notify.mockClear();
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

describe('Cancel Subscription without a reason (issue 16 item 21)', () => {
  it('warns with a toast as well as the field state, and sends nothing', async () => {
    const onFinish = vi.fn(async () => true);
    act(() => root.render(<ChakraProvider value={system}><CancelSubscriptionCard finishRequested={false} onFinish={onFinish} /></ChakraProvider>));
    const button = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Cancel Subscription')!;
    await act(async () => button.click());
    expect(notify).toHaveBeenCalledWith('warning', MESSAGES.enterReason);
    expect(host.textContent).toContain(MESSAGES.enterReason);
    expect(host.querySelector('textarea')!.getAttribute('aria-invalid')).toBe('true');
    expect(onFinish).not.toHaveBeenCalled();
  });
});
