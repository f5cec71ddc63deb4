import { useLiveQuery } from '../../lib/engine/live-query.ts';
import { useEffect, useMemo, useState } from 'react';
import type { Class, ClassReport, Course, Enrollment, RescheduleRequest } from '../../../db/entities.ts';
import { useRouteData } from '../../app/route-data.tsx';
import {
  classReportsCollection, classesCollection, coursesCollection, enrollmentsCollection, rescheduleRequestsCollection,
} from '../../lib/engine/tables.ts';
import { useHome } from '../dashboard/index.ts';
import { useChildren } from '../family/index.ts';
import type { PeopleSources } from './people.ts';

/** However the background refresh goes (a lost reply, a stalled worker), the page stops waiting after this. */
const SETTLE_LIMIT_MS = 6000;

/**
 * Every place the mirror keeps people I share a course with, live. The enrolments (and, for a
 * parent, the children) are refreshed by the worker in the background when the page opens, so a
 * link followed on a device that never opened My Courses still finds the person. `ready` once the
 * tables are read; `settled` once that refresh answered (or failed, offline at once): until both,
 * an unknown person may still appear, after them the page may say "not found".
 */
export function useProfileSources(): { sources: PeopleSources; ready: boolean; settled: boolean } {
  const enrollments = useLiveQuery((q) => q.from({ e: enrollmentsCollection }), []);
  const courses = useLiveQuery((q) => q.from({ c: coursesCollection }), []);
  const classes = useLiveQuery((q) => q.from({ c: classesCollection }), []);
  const reports = useLiveQuery((q) => q.from({ r: classReportsCollection }), []);
  const requests = useLiveQuery((q) => q.from({ r: rescheduleRequestsCollection }), []);
  const { children, loaded: childrenReady } = useChildren();
  const { home, loaded: homeReady } = useHome();

  // The route refreshes the enrolments (and a parent's children): route-meta.ts.
  const refreshed = useRouteData().settled;
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), SETTLE_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);
  const settled = refreshed || timedOut;

  const sources = useMemo<PeopleSources>(() => {
    const courseEnrollments = ((courses.data ?? []) as Course[]).flatMap((c) => (c.enrollment ? [c.enrollment] : []));
    return {
      enrollments: [...((enrollments.data ?? []) as Enrollment[]), ...courseEnrollments, ...(home?.enrollments ?? [])],
      pairings: [
        ...((classes.data ?? []) as Class[]).map((c) => c.enrollment),
        // A report pairs its student and teacher over a course; one without its course pairs nothing here.
        ...((reports.data ?? []) as ClassReport[]).flatMap((r) => (r.course ? [{ ...r, course: r.course }] : [])),
        ...((requests.data ?? []) as RescheduleRequest[]).map((r) => r.enrollment),
      ],
      children,
    };
  }, [enrollments.data, courses.data, classes.data, reports.data, requests.data, children, home]);

  const ready = enrollments.isReady && courses.isReady && classes.isReady && reports.isReady && requests.isReady && childrenReady && homeReady;
  return { sources, ready, settled };
}
