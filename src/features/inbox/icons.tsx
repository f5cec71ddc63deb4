import { Icon, type IconProps } from '@chakra-ui/react';

/**
 * Icons the shell's table (src/components/ui/icons.tsx) lacks, in the same 24×24 stroke style.
 * Decorative (aria-hidden): the control carrying one has its own label.
 */
const PATHS = {
  image: 'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 21',
  send: 'M22 2 11 13M22 2l-7 20-4-9-9-4z',
  paperclip: 'M21.44 11.05l-9.19 9.19a6 6 0 0 1-8.49-8.49l9.19-9.19a4 4 0 0 1 5.66 5.66l-9.2 9.19a2 2 0 0 1-2.83-2.83l8.49-8.48',
  zoomIn: 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35M11 8v6M8 11h6',
  zoomOut: 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35M8 11h6',
  rotateRight: 'M23 4v6h-6M20.49 15a9 9 0 1 1-2.12-9.36L23 10',
  rotateLeft: 'M1 4v6h6M3.51 15a9 9 0 1 0 2.13-9.36L1 10',
  search: 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35',
  clock: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2',
  alert: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 8v4M12 16h.01',
  check: 'M20 6 9 17l-5-5',
  mic: 'M12 1a3 3 0 0 0-3 3v8a3 3 0 0 0 6 0V4a3 3 0 0 0-3-3zM19 10v2a7 7 0 0 1-14 0v-2M12 19v4M8 23h8',
  lock: 'M5 11h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM7 11V7a5 5 0 0 1 10 0v4',
  back: 'M19 12H5M12 19l-7-7 7-7',
  download: 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M7 10l5 5 5-5M12 15V3',
  close: 'M18 6 6 18M6 6l12 12',
  chat: 'M21 11.5a8.38 8.38 0 0 1-.9 3.8 8.5 8.5 0 0 1-7.6 4.7 8.38 8.38 0 0 1-3.8-.9L3 21l1.9-5.7a8.38 8.38 0 0 1-.9-3.8 8.5 8.5 0 0 1 4.7-7.6 8.38 8.38 0 0 1 3.8-.9h.5a8.48 8.48 0 0 1 8 8v.5z',
} as const;

export type InboxIconName = keyof typeof PATHS;

/** Icons that point a way (back, send) or a speech bubble's tail mirror right to left, as the shell's do. */
const MIRRORED: ReadonlySet<InboxIconName> = new Set<InboxIconName>(['back', 'send', 'chat']);
const MIRROR = { transform: 'scaleX(-1)' } as const;

export function InboxIcon({ name, ...rest }: { name: InboxIconName } & IconProps) {
  return (
    <Icon aria-hidden="true" boxSize="5" _rtl={MIRRORED.has(name) ? MIRROR : undefined} {...rest} asChild>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d={PATHS[name]} />
      </svg>
    </Icon>
  );
}
