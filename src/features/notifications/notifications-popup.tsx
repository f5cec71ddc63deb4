import { Box, Menu, Portal, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useNotifications, useRole, useUserCounts } from '../../app/session-context.tsx';
import { getEngine } from '../../lib/engine/connect.ts';
import { mutate } from '../../lib/engine/mutation.ts';
import type { Woken } from '../../components/ui/lazy-part.tsx';
import { BellButton } from './notifications-menu.tsx';
import { formatRelative } from '../../lib/format.ts';
import { useNow } from '../../lib/use-now.ts';
import { MARK_READ_DELAY, NOTIFICATIONS_FIRST, notificationTarget, visibleNotifications } from './notification-target.ts';
import { useAppNavigate } from '../../app/navigation.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { TOP_BAR_MENU_POSITIONING } from '../../components/layout/menu-items.ts';

/**
 * The bell: unread badge (+99 above 99), a 400 px menu with the first 10 notifications and "Show
 * all", relative times refreshed every 20 s. About 2 s after it opens every notification is marked
 * read through the engine: replayable, so the worker marks them read in the mirror at once (the
 * badge clears in every tab) and sends it when it can, offline too.
 */
export default function NotificationsPopup({ woken }: { woken: Woken }) {
  const { t } = useI18n();
  const notifications = useNotifications();
  // The count alone, not the user: a change of the credits does not render the ten items again.
  const serverCount = useUserCounts().notifications;
  const role = useRole() ?? 'student';
  const navigate = useAppNavigate();
  const now = useNow(20_000);
  const [showAll, setShowAll] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const count = serverCount;
  useEffect(() => () => clearTimeout(timer.current), []);

  // Opened: every notification is marked read ~2 s later (if any is unread).
  const markReadSoon = () => {
    if (serverCount === 0 && !notifications.some((n) => !n.read)) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void mutate('readNotifications', {}), MARK_READ_DELAY);
  };
  const onOpenChange = (open: boolean) => {
    if (open) markReadSoon();
    else setShowAll(false);
  };

  // Woken by a press on the stand-in: the menu opens at once, and counts as opened (read ~2 s later).
  // The menu's content stays in the page, hidden, while closed (not mounted on opening, Chakra's
  // default): on opening, the menu machine looks for its content at once and again one frame later,
  // then gives up, and a menu whose content a busy page rendered later neither took the focus nor
  // closed on Escape (the intermittent e2e failure, 1 run in 3 on two loaded cores). Woken by a
  // press, it opens once its content is there (from its ref), not by starting open.
  const [open, setOpen] = useState(false);
  const wokenOpen = useRef(woken.open);
  const onContent = (el: HTMLDivElement | null) => {
    if (!el || !wokenOpen.current) return;
    wokenOpen.current = false;
    setOpen(true);
    markReadSoon();
  };
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!woken.open && woken.focus) trigger.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const list = visibleNotifications(notifications, showAll);
  return (
    <Menu.Root
      lazyMount={false}
      unmountOnExit={false}
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        onOpenChange(e.open);
      }}
      positioning={TOP_BAR_MENU_POSITIONING}
    >
      <Menu.Trigger asChild>
        <BellButton ref={trigger} count={count} />
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          {/* Closes at once, without the fade-out: the presence machine attaches its animationend
              listener a frame after the fade starts, and a busy page could finish the fade first,
              leaving a closed menu on screen for good. */}
          <Menu.Content ref={onContent} _closed={{ animationDuration: '0s' }} w="400px" maxW="calc(100vw - 16px)" maxH="70vh" overflowY="auto" p="0">
            <Box px="4" py="3" borderBottomWidth="1px">
              <Text fontWeight="semibold">{t('notifications.title')}</Text>
            </Box>
            {list.length === 0 && (
              <Text px="4" py="6" color="fg.muted" textAlign="center">
                {t('notifications.empty')}
              </Text>
            )}
            {list.map((n) => {
              const unread = !n.read;
              const target = notificationTarget(n, role);
              return (
                <Menu.Item
                  key={n.id}
                  value={n.id}
                  onSelect={() => target && navigate(target)}
                  alignItems="start"
                  flexDirection="column"
                  gap="0.5"
                  px="4"
                  py="2.5"
                  borderRadius="0"
                  bg={unread ? 'brand.subtle' : undefined}
                >
                  <Text fontWeight={unread ? 'semibold' : 'medium'} dir="auto" w="full">
                    {n.data.title}
                  </Text>
                  <Text fontSize="sm" color="fg.muted" dir="auto" w="full" lineClamp={2}>
                    {n.data.content}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {formatRelative(n.created_at, now)}
                  </Text>
                </Menu.Item>
              );
            })}
            {!showAll && notifications.length >= NOTIFICATIONS_FIRST && (
              <Menu.Item
                value="show-all"
                closeOnSelect={false}
                justifyContent="center"
                color="brand.fg"
                fontWeight="medium"
                borderTopWidth="1px"
                borderRadius="0"
                py="2.5"
                onSelect={() => {
                  setShowAll(true);
                  // Every page, not only the server's first (links.next).
                  void getEngine().refresh('notifications-all');
                }}
              >
                {t('notifications.showAll')}
              </Menu.Item>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
