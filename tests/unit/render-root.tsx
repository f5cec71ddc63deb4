import { ChakraProvider } from '@chakra-ui/react';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';
import { getSystem } from '../../src/app/theme.ts';

/**
 * The render set-up of the component tests (jsdom): React's act() environment, and after
 * `mountPerTest()`, a fresh element in the document (`host`) with its React `root` for each test of
 * the file, unmounted and removed after it. `host` and `root` are live: read them inside a test.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export let host: HTMLDivElement;
export let root: Root;

export function mountPerTest(): void {
  beforeEach(() => {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    act(() => root.unmount());
    host.remove();
  });
}

/** `node` under the app's Chakra theme, rendered into this test's root. */
export const render = (node: ReactNode) => act(() => root.render(<ChakraProvider value={getSystem()}>{node}</ChakraProvider>));
