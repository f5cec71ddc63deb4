/**
 * Where a guest-only page sends the user once signed in: home, unless the flow that signed in
 * asked for another page (registration with verification SENT asks for /confirm). Read once.
 */
let next: string | null = null;
export const setAfterAuth = (path: string | null) => {
  next = path;
};
export const peekAfterAuth = () => next;
export const takeAfterAuth = (): string => {
  const p = next ?? '/home';
  next = null;
  return p;
};
