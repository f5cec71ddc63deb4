import type { Catalogue } from '../catalog.ts';
import { auth } from './auth.ts';
import { messages } from './messages.ts';
import { settings } from './settings.ts';
import { shell } from './shell.ts';
import { inbox } from './inbox.ts';
import { courses } from './courses.ts';
import { profile } from './profile.ts';
import { help } from './help.ts';
import { status } from './status.ts';
import { transactions } from './transactions.ts';
import { salary } from './salary.ts';
import { schedule } from './schedule.ts';
import { wallet } from './wallet.ts';
import { config } from './config.ts';
import { family } from './family.ts';
import { classes } from './classes.ts';
import { notifications } from './notifications.ts';
import { calendar } from './calendar.ts';
import { dashboard } from './dashboard.ts';
import { myCourses } from './my-courses.ts';
import { classReports } from './class-reports.ts';

/** The Arabic catalogue: its own chunk, loaded when Arabic is chosen. A key missing here is a type error. */
export const ar: Catalogue = { ...shell, ...settings, ...auth, ...messages, ...inbox, ...courses, ...profile, ...help, ...status, ...transactions, ...salary, ...schedule, ...wallet, ...config, ...family, ...calendar, ...dashboard, ...myCourses, ...classReports, ...classes, ...notifications };
