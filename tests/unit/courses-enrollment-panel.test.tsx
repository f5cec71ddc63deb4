// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mutation, Result, MutateData } from '../../db/engine-api.ts';
import type { Course, Enrollment } from '../../db/entities.ts';
import { getSystem } from '../../src/app/theme.ts';
import { ShellProvider, type ShellValue } from '../../src/app/session-context.tsx';
import { EnrollmentPanel } from '../../src/features/courses/enrollment-panel.tsx';
import { emptyForm } from '../../src/features/courses/enrollment-rules.ts';
import { enrollmentStage } from '../../src/features/courses/enrollment-stage.ts';
import { useEnrollmentActions } from '../../src/features/courses/use-enrollment-actions.ts';
import { MESSAGES } from '../../db/messages.ts';
import { installEngine, type EngineClient } from '../../src/lib/engine/connect.ts';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../src/components/ui/toaster.tsx', () => ({ notify }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const stored: Enrollment = {
  id: 7, status: 'pending', admin_comment: null, class_duration: 60, weekly_classes: 1, start_day: '2099-01-03',
  comment: null, preferred_days: [6], schedule: [{ day: 6, from: '10:00', to: '11:00' }], hourly_price: null,
  finish_requested: false, course: { id: 3, name: 'Arabic', image_url: null }, student: { id: 1, name: 'S', avatar: null }, teacher: null,
};
const course = (enrollment: Enrollment | null): Course => ({
  id: 3, name: 'Arabic', description: '', image_url: null, category_id: 1, category_name: 'Arabic Language', details_url: null,
  hourly_price: 10, featured: false, status: 'active', enrolled: !!enrollment, enrollment, finish_requested: false, weekly_price: null,
});
const durations = [30, 45, 60, 90].map((value) => ({ text: `${value} Minutes`, value }));

let host: HTMLDivElement;
let root: Root;
let mutate: ReturnType<typeof vi.fn<(m: Mutation) => Promise<Result<MutateData>>>>;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  notify.mockClear();
  mutate = vi.fn(async () => ({ ok: true as const, data: { reply: {}, seq: 0, epoch: 'e' } }));
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

function Panel({ c }: { c: Course }) {
  const [form, setForm] = useState(emptyForm);
  const actions = useEnrollmentActions(c.id);
  return (
    <EnrollmentPanel course={c} stage={enrollmentStage(c)} durations={durations} timezone="UTC" form={form} onFormChange={setForm} actions={actions} />
  );
}

function render(c: Course, online = true) {
  const shell: ShellValue = {
    ready: true,
    session: { status: 'guest' },
    settings: null,
    status: { online, realtime: 'connected', storage: 'memory', pendingMutations: 0, lastSyncAt: null },
    notifications: [],
  };
  installEngine({ mutate } as unknown as EngineClient);
  act(() => root.render(<ChakraProvider value={getSystem()}><ShellProvider value={shell}><Panel c={c} /></ShellProvider></ChakraProvider>));
}

const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent?.trim() === name);
const click = async (name: string) => {
  const b = button(name);
  if (!b) throw new Error(`no button ${name}`);
  await act(async () => b.click());
};
const textarea = () => host.querySelector('textarea') as HTMLTextAreaElement;
function type(el: HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('enrolment panel', () => {
  it('a blank form is not sent: the first rule message shows', async () => {
    render(course(null));
    await click('Enroll Now');
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('Required inputs cannot be empty');
    expect(mutate).not.toHaveBeenCalled();
  });

  it('a stored enrolment is read-only until Edit', async () => {
    render(course(stored));
    expect(textarea().disabled).toBe(true);
    expect(button('Save Changes')).toBeUndefined();
    await click('Edit');
    expect(textarea().disabled).toBe(false);
    expect(button('Save Changes')).toBeDefined();
  });

  it('Save Changes needs a difference, then re-submits', async () => {
    render(course(stored));
    await click('Edit');
    await click('Save Changes');
    expect(notify).toHaveBeenCalledWith('warning', 'Please update enrollment form to resubmit');
    expect(mutate).not.toHaveBeenCalled();

    type(textarea(), 'Mornings only');
    await click('Save Changes');
    expect(mutate).toHaveBeenCalledTimes(1);
    const m = mutate.mock.calls[0]![0];
    expect(m).toMatchObject({
      name: 'updateEnrollment', courseId: 3,
      form: { class_duration: 60, weekly_classes: 1, start_day: '2099-01-03', comment: 'Mornings only', preferred_days: [6], schedule: [{ day: 6, from: '10:00', to: '11:00' }] },
    });
    expect(notify).toHaveBeenCalledWith('success', 'Enrollment form updated successfully');
    expect(textarea().disabled).toBe(true);
  });

  it('action-needed opens editable', () => {
    render(course({ ...stored, status: 'action-needed', admin_comment: 'Add a day' }));
    expect(textarea().disabled).toBe(false);
    expect(button('Save Changes')).toBeDefined();
  });

  it("offline, resubmitting shows the engine's enrolment offline message (the engine never queues it: tests/sync)", async () => {
    mutate.mockResolvedValueOnce({ ok: false, error: { kind: 'offline', message: MESSAGES.enrollOffline } });
    render(course(stored), false);
    await click('Edit');
    type(textarea(), 'x');
    await click('Save Changes');
    expect(notify).toHaveBeenCalledWith('error', MESSAGES.enrollOffline);
  });

  it('a 422 shows the first field message', async () => {
    mutate.mockResolvedValueOnce({
      ok: false,
      error: { kind: 'validation', status: 422, message: 'The start day must be tomorrow or later.', fields: { start_day: ['The start day must be tomorrow or later.'] } },
    });
    render(course(stored));
    await click('Edit');
    type(textarea(), 'y');
    await click('Save Changes');
    expect(notify).toHaveBeenCalledWith('error', 'The start day must be tomorrow or later.');
    expect(textarea().disabled).toBe(false);
  });
});
