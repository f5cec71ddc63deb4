// @vitest-environment jsdom
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EMPTY_DRAFT, ReportFields, type ReportDraft } from '../../src/features/class-reports/index.ts';
import { host, mountPerTest, render as renderNode } from './render-root.tsx';

/** The one class report form (issue 16 item 13): the spec's labels and Chakra's half-star rating control. */

mountPerTest();

function Form({ start, tried = false }: { start: ReportDraft; tried?: boolean }) {
  const [draft, setDraft] = useState(start);
  return <ReportFields draft={draft} onChange={(p) => setDraft((d) => ({ ...d, ...p }))} tried={tried} />;
}
let renders = 0;
const render = (start: ReportDraft, tried = false) => renderNode(<Form key={renders++} start={start} tried={tried} />);
// The keyboard (arrows by half a star) is checked in a real browser: tests/e2e/courses.e2e.ts.
const radios = () => [...host.querySelectorAll<HTMLElement>('[role="radio"]')];
const labels = () => [...host.querySelectorAll('label')].map((l) => l.textContent?.replace('*', '').trim());

describe('class report fields', () => {
  it('label the fields with the spec\'s words, the rating first', () => {
    render(EMPTY_DRAFT);
    expect(labels()).toEqual(['Assesment', 'Class Activity', 'Homework', 'Teacher Notes']);
    expect(host.querySelector('[role="radiogroup"]')).not.toBeNull();
    expect(radios().map((r) => r.getAttribute('aria-label'))).toEqual(['1 stars', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(host.textContent).toContain('0/5');
  });

  it('says "Input is required" under each empty required field after a submit, and only then', () => {
    render(EMPTY_DRAFT);
    expect(host.textContent).not.toContain('Input is required');
    render({ ...EMPTY_DRAFT, homework: 'Read lesson 8' }, true);
    expect(host.textContent?.match(/Input is required/g)).toHaveLength(1);
    render(EMPTY_DRAFT, true);
    expect(host.textContent?.match(/Input is required/g)).toHaveLength(2);
  });
});
