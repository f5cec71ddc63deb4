// @vitest-environment jsdom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CancelSubscriptionCard } from '../../src/features/courses/cancel-subscription-card.tsx';
import { MESSAGES } from '../../db/messages.ts';
import { host, mountPerTest, render } from './render-root.tsx';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../src/components/ui/toaster.tsx', () => ({ notify }));

mountPerTest();
beforeEach(() => notify.mockClear());

describe('Cancel Subscription without a reason (issue 16 item 21)', () => {
  it('warns with a toast as well as the field state, and sends nothing', async () => {
    const onFinish = vi.fn(async () => true);
    render(<CancelSubscriptionCard finishRequested={false} onFinish={onFinish} />);
    const button = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Cancel Subscription')!;
    await act(async () => button.click());
    expect(notify).toHaveBeenCalledWith('warning', MESSAGES.enterReason);
    expect(host.textContent).toContain(MESSAGES.enterReason);
    expect(host.querySelector('textarea')!.getAttribute('aria-invalid')).toBe('true');
    expect(onFinish).not.toHaveBeenCalled();
  });
});
