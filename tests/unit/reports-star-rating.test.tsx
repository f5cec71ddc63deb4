// @vitest-environment jsdom
import { ChakraProvider } from '@chakra-ui/react';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { system } from '../../src/app/theme.ts';
import { StarRating } from '../../src/features/class-reports/star-rating.tsx';

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

describe('read-only rating', () => {
  it('the read-only rating reads out of 5', () => {
    render(<StarRating value={4.5} />);
    expect(host.textContent).toContain('4.5/5');
    expect(host.querySelector('[aria-label="Rating 4.5 out of 5"]')).not.toBeNull();
  });
});
