import { Hono } from 'hono';
import type { Env } from '../lib/context.ts';

/**
 * Test-only calls, mounted at `/api/test` only with ENABLE_TEST_API=1. Domain modules add their
 * own under `/test/...` guarded by `testOnly`.
 */
export const testRoutes = new Hono<Env>();
