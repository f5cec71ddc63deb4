import { Hono } from 'hono';
import type { Env } from '../lib/context.ts';

export const homeRoutes = new Hono<Env>();
