import { t, type MessageId } from '../lib/i18n/index.ts';
import type { RouteName } from './route-meta.ts';

/** A route's title in the current language (`route.<name>` in the catalogue; route-meta.ts keeps the English). */
export const routeTitle = (name: RouteName): string => t(`route.${name}` as Extract<MessageId, `route.${string}`>);
