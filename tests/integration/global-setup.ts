import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer | null = null;

/** One built server for the HTTP contract tests: test mode, PGlite in memory or DATABASE_URL. */
export async function setup(project: TestProject): Promise<void> {
  server = await startServer();
  project.provide('baseUrl', server.url);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
