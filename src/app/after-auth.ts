/**
 * Where a guest-only page sends the user once signed in: home, unless the flow that signed in
 * asked for another page (registration with verification SENT asks for /confirm), or the guest was
 * sent to sign in from a page that needs it (`/wallet?borrow=1` comes back with its query). Read
 * once; kept in sessionStorage so a reload of the sign-in page does not lose it.
 */
const KEY = 'tutoring.after-auth';
let next: string | null = read();

function read(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export const setAfterAuth = (path: string | null) => {
  next = path;
  try {
    if (path) sessionStorage.setItem(KEY, path);
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage refused: this page still remembers */
  }
};
export const peekAfterAuth = () => next;
export const takeAfterAuth = (): string => {
  const p = next ?? '/home';
  setAfterAuth(null);
  return p;
};
