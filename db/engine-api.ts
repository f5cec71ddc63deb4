import type { RealtimeConventions } from './app-config.ts';
import type { AppSettings, User } from './entities.ts';
import type { ErrorCode } from './messages.ts';

/**
 * The sync engine's public surface, the only way `src/` reaches the network: the worker implements
 * it (SharedWorker, or a leader-elected dedicated worker), tabs call it through comlink. Everything
 * crossing it is plain structured-cloneable data: results are `{ok}` unions, never thrown Errors,
 * because Error subclasses do not survive postMessage.
 */

export type SessionState =
  | {
      status: 'guest';
      /** Why the session ended, when it just did: the UI picks the login page and the message. */
      reason?: 'signed-out' | 'unauthorized' | 'invalid-token';
      /** Unsent changes of the user whose session ended without their say (a 401): kept on this device, sent once when that user signs in again. */
      unsent?: number;
      /** A stored token, with no user stored to stand in, could not be checked (a failure, not a refusal): `refresh('user')` asks again. */
      checkFailed?: boolean;
    }
  | {
      status: 'signed-in';
      token: string;
      user: User;
      /**
       * The stored sign-in could not be checked with the server (a failure, not a refusal, which
       * signs out): the screens go on from the mirror; `refresh('user')` or the network coming back asks again.
       */
      checkFailed?: boolean;
    };

/** What a tab hands the worker at hello: its stored session and the runtime configuration. */
export interface HelloOptions {
  /** The token and user kept in localStorage (`tutoring.token`, `tutoring.user`); adopted when the engine is a guest. */
  token?: string | null;
  user?: User | null;
  /** Absolute API base, e.g. `https://host/api` (default: the page's origin + `/api`). */
  apiBase?: string;
  appVersion?: string;
  /** The page's origin: a WsConfig with an empty host (and no cluster) means this host. */
  pageOrigin?: string;
  /** How the backend broadcasts (config.json: auth endpoint and what it sends, event names, socket overrides). */
  realtime?: RealtimeConventions;
  visible?: boolean;
  online?: boolean;
}

/** The mirror's tables (db/schema.ts); `snapshot` reads one whole. */
export type MirrorTableName =
  | 'classes' | 'calendarMonths' | 'conversations' | 'messages' | 'notifications' | 'transactions' | 'kv'
  | 'courses' | 'enrollments' | 'classReports' | 'children' | 'teacherSchedule' | 'rescheduleRequests'
  | 'lists' | 'outbox' | 'meta';

/**
 * A successful mutate: the server's reply, and the sequence number of the last change event the
 * engine broadcast for it (tabs wait until they applied it, so the optimistic state is replaced
 * without a flicker). `queued` means it waits in the outbox (offline) and will be sent later.
 */
export interface MutateData {
  reply: unknown;
  seq: number;
  epoch: string;
  queued?: boolean;
}

export interface EngineStatus {
  online: boolean;
  realtime: 'connected' | 'connecting' | 'disconnected';
  /** 'memory' when IndexedDB is unavailable (private mode, quota): data lasts only while the worker lives. */
  storage: 'indexeddb' | 'memory';
  /** Outbox entries on their way: queued, to be sent by themselves (the chip's "waiting" and "Sending"). */
  pendingMutations: number;
  /** Of those, how many the server answered with a 502/503/504 and wait to be sent again by themselves. */
  retryingMutations?: number;
  /** Entries that will not be sent by themselves (a 500, a refusal after they were queued, retries used up): the "not sent" list, with Retry and Discard. */
  failedMutations?: number;
  lastSyncAt: number | null;
  /** Some tab of the app is visible (the engine hears every tab's visibility): a tab in the background alone may notify. */
  anyTabVisible?: boolean;
}

/** Why a call failed. `message` is already the spec's wording for the user; `code` is the server's business code. */
export interface EngineError {
  kind: 'offline' | 'validation' | 'rejected' | 'unauthorized' | 'server' | 'invalid-reply' | 'timeout';
  status?: number;
  code?: ErrorCode;
  message: string;
  /** Laravel-shaped field errors of a 422. */
  fields?: Record<string, string[]>;
  /** The change event that rolled the optimistic state back (see MutateData.seq): tabs wait for it before rejecting. */
  seq?: number;
  epoch?: string;
}

export type Result<T> = { ok: true; data: T } | { ok: false; error: EngineError };

/** A request passed through the worker (guest calls and network-only actions). */
export interface CallRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under the API base, e.g. `/login`, or an absolute URL the server gave (reset step 3, links.next). */
  path: string;
  body?: unknown;
  /** Multipart fields; a Blob/File value is sent as a file. */
  form?: Record<string, string | Blob>;
  idempotencyKey?: string;
  /**
   * A third party's URL (the IP-to-country service): a simple GET with none of our headers and no
   * token, so the browser sends it without a CORS preflight and the service learns nothing of the
   * session. Its reply is read as text.
   */
  thirdParty?: boolean;
}

/** What the engine keeps fresh for a tab while the tab shows it. */
export type WatchKey =
  | { kind: 'calendar'; month: string /* YYYY-MM */ }
  | { kind: 'conversation'; id: number };

/** The `kv` key of a draft (EngineApi.saveDraft): `conversation:12`, `working-hours`, `class-report:40`. */
export const draftKey = (key: string) => `draft:${key}`;

/** Resources refreshed on demand (a screen opening refreshes in the background; it never waits). */
export type Resource =
  | 'app' | 'home' | 'user' | 'notifications'
  /** Every notification, page after page (`links.next`): the bell's "Show all". */
  | 'notifications-all'
  | 'courses' | 'my-enrollments' | 'wallet' | 'children'
  | 'transactions' | 'salary' | 'salary-previous' | 'teacher-schedule'
  | { kind: 'course'; id: number }
  | { kind: 'class'; id: number }
  /** A calendar month (YYYY-MM), the request its watch polls: a screen showing it learns whether it could be read. */
  | { kind: 'calendar'; month: string };

/** Paged lists kept in the mirror, fetched a page at a time. */
export type ListKey =
  | { kind: 'coming-classes' }
  | { kind: 'classes-history' }
  | { kind: 'class-reports'; enrollmentId: number | null }
  /** With `search`: the conversations the server finds for that text (`GET /conversations?search=`), over every page; blank = the whole list. */
  | { kind: 'conversations'; search?: string }
  | { kind: 'messages'; conversationId: number };

/** The search text as the list key and the request carry it: trimmed, lower case (the server ignores case). */
export const searchText = (text: string | undefined): string => (text ?? '').trim().toLowerCase();

/** The lists rows of conversation searches start with this (the worker keeps only the latest few). */
export const SEARCH_LIST_PREFIX = 'conversations?search=';

export const listKeyId = (k: ListKey): string =>
  k.kind === 'class-reports' ? `class-reports:${k.enrollmentId ?? 'all'}`
  : k.kind === 'messages' ? `messages:${k.conversationId}`
  : k.kind === 'conversations' && searchText(k.search) ? `${SEARCH_LIST_PREFIX}${encodeURIComponent(searchText(k.search))}`
  : k.kind;

export interface EngineApi {
  /** Registers a tab; answers the session and the settings last seen (both from the mirror, no network wait). */
  hello(tabId: string, opts?: HelloOptions): Promise<{ session: SessionState; settings: AppSettings | null; status: EngineStatus }>;
  bye(tabId: string): Promise<void>;
  setTabVisible(tabId: string, visible: boolean): Promise<void>;
  /** Tabs forward `online`/`offline` (a worker's own view of the network is unreliable). */
  setOnline(online: boolean): Promise<void>;

  signIn(token: string, user: User): Promise<void>;
  /** `force` skips the unsent-changes check; otherwise a sign-out with pending mutations answers `{ok: false}` so the UI can ask first. */
  signOut(opts?: { force?: boolean }): Promise<Result<null>>;

  watch(tabId: string, key: WatchKey): Promise<void>;
  unwatch(tabId: string, key: WatchKey): Promise<void>;
  /** `force` skips the reuse of a fetch made in the last moments (after a refusal the screen must re-read). */
  refresh(resource: Resource, opts?: { force?: boolean }): Promise<Result<null>>;
  /**
   * Fetches the next page of a list (the first when none was fetched). `fromStart` re-reads the
   * first page instead (a screen opening on a list it already holds): new items go first, the
   * pages read before stay after them.
   */
  loadMore(list: ListKey, opts?: { fromStart?: boolean }): Promise<Result<{ hasMore: boolean }>>;

  call<T = unknown>(req: CallRequest): Promise<Result<T>>;
  mutate(m: Mutation): Promise<Result<MutateData>>;
  /** Drops a failed or pending outbox entry (the UI's "remove" on a message that could not be sent). */
  discard(mutationId: string): Promise<void>;
  retry(mutationId: string): Promise<void>;
  /**
   * Keeps what the user is typing (a message, a report, working hours) in their mirror, as the
   * `kv` row `draft:<key>` (`draftKey`), so it outlives a switch, a reload and a restart and shows in
   * every tab; `null` (or an empty text) forgets it. Gone with the mirror at sign-out.
   */
  saveDraft(key: string, value: unknown): Promise<void>;
  /**
   * A whole table of the signed-in user's mirror (tabs read IndexedDB themselves; this is for the
   * in-memory mirror, which only the worker holds).
   */
  snapshot(table: MirrorTableName): Promise<unknown[]>;
}

/**
 * Writes. Those whose policy says `queue` (db/mutations.ts) wait in the outbox while offline and
 * are sent once, in order, when the network returns; the others fail at once offline (money and
 * time-critical actions). Every mutation carries an id that is also its Idempotency-Key.
 */
export type Mutation = { id: string } & (
  | { name: 'sendMessage'; conversationId: number; text: string }
  | { name: 'sendImage'; conversationId: number; image: Blob }
  | { name: 'saveClassReport'; classId: number; rating: number; class_activity: string; homework: string; notes: string }
  | { name: 'editClassReport'; reportId: number; rating: number; class_activity: string; homework: string; teacher_notes: string }
  | { name: 'saveSchedule'; schedule: { day: number; start_time: string; end_time: string }[] }
  | { name: 'saveJoinUrl'; classId: number; join_url: string }
  | { name: 'readNotifications' }
  | { name: 'join'; classId: number }
  | { name: 'markAbsent'; classId: number }
  | { name: 'markAttended'; classId: number }
  | { name: 'cancelClass'; classId: number; cancelation_reason: string }
  | { name: 'rescheduleClass'; classId: number; date: string; start_time: string; permanent: boolean; reason: string }
  | { name: 'decideReschedule'; requestId: number; action: 'approve' | 'reject' }
  | { name: 'addMakeup'; enrollment_id: number; date: string; start_time: string }
  | { name: 'enroll'; courseId: number; form: EnrollmentForm }
  | { name: 'updateEnrollment'; courseId: number; form: EnrollmentForm }
  | { name: 'finishEnrollment'; courseId: number; reason: string }
  | { name: 'recharge'; order_id: string }
  | { name: 'manualRecharge'; amount: number; payment_method: string; message: string; attachment?: Blob }
  | { name: 'borrow'; amount: number }
  | { name: 'transfer'; child_id: number; amount: number }
  | { name: 'createChild'; form: Record<string, unknown> }
  | { name: 'changePassword'; password: string }
  | { name: 'updateTimezone'; timezone: string }
);
export type MutationName = Mutation['name'];

export interface EnrollmentForm {
  class_duration: number;
  weekly_classes: number;
  start_day: string;
  comment: string;
  preferred_days: number[];
  schedule: { day: number | null; from: string; to: string }[];
}

/** Messages on the BroadcastChannel `engine` from the worker to every tab. */
export type EngineEvent =
  | { type: 'change'; userId: number; table: string; upserts: unknown[]; deletes: (string | number)[]; /** Engine instance and its event counter (see MutateData). */ seq?: number; epoch?: string }
  | { type: 'session'; session: SessionState }
  | { type: 'settings'; settings: AppSettings }
  | { type: 'status'; status: EngineStatus }
  | { type: 'invalid-reply'; path: string; issues: string };
