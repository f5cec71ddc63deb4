/**
 * The screens the navigation benchmark visits: the side-menu label, and a check (run in the page
 * against `<main>`) that the screen shows its DATA, not only its frame. The check also serves the
 * network-bound comparison, so it must only pass once real rows are on screen.
 */

/** Source of a page function counting the calendar's rendered events (FullCalendar 7 hashes its class names, so by their time labels). */
export const COUNT_EVENTS = `() => [...document.querySelectorAll('.tutoring-calendar *')].filter((e) => e.children.length === 0 && /^\\d{1,2}(:\\d{2})?\\s?(am|pm|a|p)?( - \\d{1,2}(:\\d{2})?\\s?(am|pm|a|p)?)?$/i.test(e.textContent?.trim() ?? '')).length`;
/**
 * A page function: how many screens are kept hidden in <main> (src/app/kept-screens.tsx; React
 * hides an Activity's DOM with display: none), those prepared ahead of their first visit included.
 */
export const hiddenScreens = () => [...document.querySelectorAll<HTMLElement>('main > *')].filter((e) => e.style.display === 'none').length;

export interface Screen {
  label: string;
  /** API calls the original product makes when the screen opens (the network-bound comparison). */
  fetches: string[];
  /** Source of a predicate `(main: HTMLElement) => boolean`. */
  ready: string;
}

/**
 * The screen's data check, once its route is the one on screen (the document title is set when the
 * route commits): the previous screen may show the same text (My Courses names the catalogue's
 * courses), which must not count.
 */
// The title may carry the unread count before it ("(2) Dashboard · Tutoring", src/lib/attention.ts).
const onScreen = (title: string, pred: string) => `m => document.title.replace(/^\\(\\d+\\+?\\) /, '').startsWith(${JSON.stringify(`${title} ·`)}) && (${pred})(m)`;

export const STUDENT_SCREENS: Screen[] = [
  { label: 'Dashboard', fetches: ['/home'], ready: onScreen('Dashboard', `m => m.innerText.includes('Wallet Balance') && /\\$\\d/.test(m.innerText) && m.innerText.includes('Upcoming Class')`) },
  { label: 'Inbox', fetches: ['/conversations'], ready: onScreen('Inbox', `m => /ago|now/.test(m.innerText) && m.innerText.includes('Support Team')`) },
  // A phone's month marks the days that have classes (their times are listed for the chosen day only).
  { label: 'Calendar', fetches: ['/calendar'], ready: onScreen('Calendar', `m => /\\d{1,2}:\\d{2}\\s?(am|pm)/i.test(m.querySelector('.tutoring-calendar')?.textContent ?? '') || !!m.querySelector('.tutoring-calendar [data-classes]')`) },
  { label: 'My Courses', fetches: ['/my-enrollments'], ready: onScreen('My Courses', `m => m.innerText.includes('/ week')`) },
  { label: 'Course Catalog', fetches: ['/courses'], ready: onScreen('Courses', `m => m.innerText.includes('Quran Memorisation (Hifz)')`) },
  { label: 'Account Wallet', fetches: ['/wallet'], ready: onScreen('Account Wallet', `m => m.innerText.includes('Loan Balance') && /\\$\\d/.test(m.innerText)`) },
  { label: 'Class Reports', fetches: ['/my-enrollments', '/class-reports'], ready: onScreen('Class Reports', `m => /\\d(\\.5)?\\/5/.test(m.innerText)`) },
  { label: 'Transactions History', fetches: ['/history/transactions'], ready: onScreen('Transactions History', `m => m.innerText.includes('TX-')`) },
  { label: 'My Family', fetches: ['/childs'], ready: onScreen('My Children', `m => m.innerText.includes('@example.com')`) },
  { label: 'Settings', fetches: ['/user'], ready: onScreen('Settings', `m => m.innerText.includes('Signed in as')`) },
];

/** A page function: the calendar on screen is the month view and shows only months it has read on this device (its box is not `aria-busy`; calendar-page.tsx). */
export const MONTH_READ = `() => !!document.querySelector('.tutoring-calendar[data-view=dayGridMonth]') && [...document.querySelectorAll('[data-months]')].some((e) => e.checkVisibility() && e.getAttribute('aria-busy') === 'false' && /^\\d{4}-\\d{2}$/.test(e.dataset.months))`;
