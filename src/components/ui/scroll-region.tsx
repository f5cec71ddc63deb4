import { Table } from '@chakra-ui/react';
import { useLayoutEffect, useRef, useState, type ComponentProps } from 'react';

/**
 * A table's horizontal scroll area (Chakra's Table.ScrollArea) that keyboard users can scroll: when
 * its table is wider than the screen (the salary tables on a phone) it is a named region in the tab
 * order, so the arrow keys scroll it (WCAG 2.1.1, axe `scrollable-region-focusable`). When nothing
 * overflows it is a plain box, not an extra tab stop.
 */
export function TableScrollArea({ label, ...props }: { label: string } & ComponentProps<typeof Table.ScrollArea>) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    check();
    const ro = new ResizeObserver(check);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => ro.disconnect();
  }, []);
  return (
    <Table.ScrollArea
      ref={ref}
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      {...props}
    />
  );
}
