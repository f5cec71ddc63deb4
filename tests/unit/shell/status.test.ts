import { describe, expect, it } from 'vitest';
import { statusLabel, statusStyle } from '../../../src/lib/status.ts';

describe('status mapping', () => {
  it('maps the shared values', () => {
    const expected: Record<string, string> = {
      review: 'In Review', pending: 'Pending', updated: 'Form Updated', completed: 'Completed', joined: 'Enrolled',
      'action-needed': 'Action Needed', approved: 'Approved', finished: 'Finished', canceled: 'Canceled',
      suspended: 'Suspended', 'not-verified': 'Not Verified', active: 'Active', 'not-approved': 'Pending',
      expired: 'Attended', missed: 'Missed', scheduled: 'Scheduled', running: 'Running',
    };
    for (const [k, v] of Object.entries(expected)) expect(statusLabel(k)).toBe(v);
  });
  it('shows unknown values as they are', () => {
    expect(statusStyle('on-hold')).toEqual({ label: 'on-hold', color: 'gray' });
    expect(statusLabel(undefined)).toBe('');
  });
});
