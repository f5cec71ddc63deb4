// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { system } from '../../src/app/theme.ts';
import { HalfStarRatingInput, StarRating } from '../../src/features/class-reports/star-rating.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
});

const render = (node: ReactNode) => act(() => root.render(<ChakraProvider value={system}>{node}</ChakraProvider>));

function Controlled({ start }: { start: number }) {
  const [v, setV] = useState(start);
  return (
    <>
      <span id="lbl">Assesment</span>
      <HalfStarRatingInput value={v} onChange={setV} labelledBy="lbl" />
    </>
  );
}

const slider = () => host.querySelector('[role="slider"]') as HTMLElement;
const press = (key: string) => act(() => {
  slider().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
});

describe('half-star rating input', () => {
  it('is a labelled slider from 0 to 5 with its value', () => {
    render(<Controlled start={3} />);
    const s = slider();
    expect(s.getAttribute('aria-labelledby')).toBe('lbl');
    expect(s.getAttribute('aria-valuemin')).toBe('0');
    expect(s.getAttribute('aria-valuemax')).toBe('5');
    expect(s.getAttribute('aria-valuenow')).toBe('3');
    expect(s.getAttribute('aria-valuetext')).toBe('3 out of 5 stars');
    expect(s.tabIndex).toBe(0);
  });

  it('arrows change the value by half a star, Page keys by one, Home and End to the ends', () => {
    render(<Controlled start={3} />);
    press('ArrowRight');
    expect(slider().getAttribute('aria-valuenow')).toBe('3.5');
    press('ArrowUp');
    expect(slider().getAttribute('aria-valuenow')).toBe('4');
    press('ArrowLeft');
    press('ArrowDown');
    expect(slider().getAttribute('aria-valuenow')).toBe('3');
    press('PageUp');
    expect(slider().getAttribute('aria-valuenow')).toBe('4');
    press('End');
    press('ArrowRight');
    expect(slider().getAttribute('aria-valuenow')).toBe('5');
    press('Home');
    press('ArrowLeft');
    expect(slider().getAttribute('aria-valuenow')).toBe('0');
  });

  it('the read-only rating reads out of 5', () => {
    render(<StarRating value={4.5} />);
    expect(host.textContent).toContain('4.5/5');
    expect(host.querySelector('[aria-label="Rating 4.5 out of 5"]')).not.toBeNull();
  });
});
