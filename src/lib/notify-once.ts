/**
 * Once per browser: a browser notification the app decides to show (a new message, a reschedule
 * request or decision, a class about to start) is shown by one tab only, once, however many tabs
 * of the app are open and however often they reload. Every tab sees the same mirror change or
 * reaches the same minute, so every tab asks; the first to claim the item's key shows it.
 *
 * The claim is the platform's: a Web Lock (one tab at a time claims and shows, in every browser the
 * app supports) around a mark in IndexedDB (`tutoring-attention`, store `shown`), whose read-write
 * transaction is itself atomic across tabs and processes, and which a reload keeps. (localStorage
 * would not do: Chromium hands another tab's write to a renderer with a delay, so two tabs could
 * both read "not shown".) Marks are kept 30 days, then dropped.
 */
const DB_NAME = 'tutoring-attention';
const STORE = 'shown';
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;
const LOCK = 'tutoring.notify-once';

let opening: Promise<IDBDatabase> | null = null;

function openDb(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => {
      const db = req.result;
      // Another tab deleting the database (a reset) must not be blocked by this one.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    req.onerror = () => reject(req.error ?? new Error('IndexedDB refused'));
    req.onblocked = () => reject(new Error('IndexedDB blocked'));
  }).catch((e: unknown) => {
    opening = null;
    throw e;
  });
  return opening;
}

/**
 * Marks `key` shown, in one read-write transaction: true for the first caller in this browser, false
 * for every later one (any tab, after any reload). Marks older than 30 days are dropped meanwhile.
 */
export async function claim(key: string, now: number = Date.now()): Promise<boolean> {
  const db = await openDb();
  return new Promise<boolean>((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    const store = tx.objectStore(STORE);
    let won = false;
    const get = store.get(key);
    get.onsuccess = () => {
      if (get.result !== undefined) return;
      won = true;
      store.put(now, key);
      // Now and then (on a claim won), the old marks go.
      const cursor = store.openCursor();
      cursor.onsuccess = () => {
        const c = cursor.result;
        if (!c) return;
        if (typeof c.value !== 'number' || now - c.value > KEEP_MS) c.delete();
        c.continue();
      };
    };
    tx.oncomplete = () => resolve(won);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

type Locks = { request<T>(name: string, cb: () => Promise<T>): Promise<T> };

/**
 * Runs `show` if this browser has not shown `key` before: at most once per key per browser. The
 * claim and the showing run under one Web Lock, so no other tab shows anything meanwhile. Storage
 * refused (a private window that allows no IndexedDB): nothing is shown, rather than once per tab.
 */
export async function once(key: string, show: () => Promise<void> | void, now: () => number = Date.now): Promise<boolean> {
  const run = async () => {
    if (!(await claim(key, now()).catch(() => false))) return false;
    await show();
    return true;
  };
  const locks = (navigator as Navigator & { locks?: Locks }).locks;
  return locks ? locks.request(LOCK, run) : run();
}

/** Forgets every mark (tests). */
export async function forgetShown(): Promise<void> {
  const db = await openDb();
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite');
    tx.objectStore(STORE).clear();
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}
