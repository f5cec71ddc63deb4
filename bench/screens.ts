/**
 * The screens the navigation benchmark visits: the side-menu label, and a check (run in the page
 * against `<main>`) that the screen shows its DATA, not only its frame. The check also serves the
 * network-bound comparison, so it must only pass once real rows are on screen.
 */

/** Source of a page function counting the calendar's rendered events (FullCalendar 7 hashes its class names, so by their time labels). */
export const COUNT_EVENTS = `() => [...document.querySelectorAll('.tutoring-calendar *')].filter((e) => e.children.length === 0 && /^\\d{1,2}(:\\d{2})?\\s?(am|pm|a|p)?( - \\d{1,2}(:\\d{2})?\\s?(am|pm|a|p)?)?$/i.test(e.textContent?.trim() ?? '')).length`;
export interface Screen {
  label: string;
  /** API calls the original product makes when the screen opens (the network-bound comparison). */
  fetches: string[];
  /** Source of a predicate `(main: HTMLElement) => boolean`. */
  ready: string;
}

export const STUDENT_SCREENS: Screen[] = [
  { label: 'Dashboard', fetches: ['/home'], ready: `m => m.innerText.includes('Wallet Balance') && /\\$\\d/.test(m.innerText) && m.innerText.includes('Upcoming Class')` },
  { label: 'Inbox', fetches: ['/conversations'], ready: `m => /ago|now/.test(m.innerText) && m.innerText.includes('Support Team')` },
  { label: 'Calendar', fetches: ['/calendar'], ready: `m => /\\d{1,2}:\\d{2}\\s?(am|pm)/i.test(m.querySelector('.tutoring-calendar')?.textContent ?? '')` },
  { label: 'My Courses', fetches: ['/my-enrollments'], ready: `m => m.innerText.includes('/ week')` },
  { label: 'Course Catalog', fetches: ['/courses'], ready: `m => m.innerText.includes('Quran Memorisation (Hifz)')` },
  { label: 'Account Wallet', fetches: ['/wallet'], ready: `m => m.innerText.includes('Loan Balance') && /\\$\\d/.test(m.innerText)` },
  { label: 'Class Reports', fetches: ['/my-enrollments', '/class-reports'], ready: `m => /\\d(\\.5)?\\/5/.test(m.innerText)` },
  { label: 'Transactions History', fetches: ['/history/transactions'], ready: `m => m.innerText.includes('TX-')` },
  { label: 'My Family', fetches: ['/childs'], ready: `m => m.innerText.includes('@example.com')` },
  { label: 'Settings', fetches: ['/user'], ready: `m => m.innerText.includes('Signed in as')` },
];
